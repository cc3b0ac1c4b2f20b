import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LruCache } from '../../src/lang/cache.ts';

describe('LruCache', () => {
  it('gives back what was set, and nothing for a key never set', () => {
    const c = new LruCache<string, number>(2);
    c.set('a', 1);
    expect(c.get('a')).toBe(1);
    expect(c.get('b')).toBeUndefined();
  });

  it('drops the least recently used entry past its size', () => {
    const c = new LruCache<string, number>(2);
    c.set('a', 1);
    c.set('b', 2);
    c.get('a'); // a is now more recent than b
    c.set('c', 3);
    expect(c.get('b')).toBeUndefined();
    expect(c.get('a')).toBe(1);
    expect(c.get('c')).toBe(3);
    expect(c.size).toBe(2);
  });

  it('setting a kept key replaces its value without growing', () => {
    const c = new LruCache<string, number>(2);
    c.set('a', 1);
    c.set('a', 2);
    expect(c.size).toBe(1);
    expect(c.get('a')).toBe(2);
  });

  it('getOrSet makes a missing value once and keeps an undefined one', () => {
    const c = new LruCache<string, number | undefined>(2);
    let made = 0;
    const make = (): undefined => void made++;
    c.getOrSet('a', make);
    c.getOrSet('a', make);
    expect(made).toBe(1);
  });

  it('refuses a size under one', () => {
    expect(() => new LruCache(0)).toThrow(RangeError);
  });

  it('never holds more than its size, and always holds the last key set', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 8 }), fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 0, max: 20 }))), (max, ops) => {
        const c = new LruCache<number, number>(max);
        for (const [isSet, key] of ops) {
          if (isSet) {
            c.set(key, key * 2);
            expect(c.get(key)).toBe(key * 2);
          } else c.get(key);
          expect(c.size).toBeLessThanOrEqual(max);
        }
      }),
    );
  });
});
