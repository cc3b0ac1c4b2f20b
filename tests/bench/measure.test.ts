/**
 * Issue 35: the bench once printed a negative heap size per Regicide state (-3821 B): a figure is
 * read off the heap's growth only when every round grew, else it is not measurable. Issue 33:
 * code is timed only after a warm-up of a given CPU time, however short one run of it is.
 */
import { describe, expect, it } from 'vitest';
import { bytesPerItem, cpuMicros, warmUp } from '../../bench/measure.ts';

describe('heap bytes per kept item', () => {
  it("is the median round's growth per item", () => {
    expect(bytesPerItem([9_000_000, 8_850_000, 8_900_000], 5000)).toBe(1780);
  });

  it('is not measurable when some round shrank the heap, never a negative figure', () => {
    expect(bytesPerItem([-42_000, 9_000_000, 9_100_000], 11)).toBeNull();
    expect(bytesPerItem([-42_000], 11)).toBeNull();
  });

  it('is not measurable when a round kept nothing, or without rounds or items', () => {
    expect(bytesPerItem([0, 100], 10)).toBeNull();
    expect(bytesPerItem([], 10)).toBeNull();
    expect(bytesPerItem([100], 0)).toBeNull();
  });
});

describe('warming up before timing', () => {
  it('runs the work again until it has used the CPU time asked for', () => {
    let runs = 0;
    const t0 = cpuMicros();
    warmUp(() => {
      runs++;
      let x = 0;
      for (let i = 0; i < 10_000; i++) x += Math.sqrt(i);
      return x;
    }, 30);
    expect(cpuMicros() - t0).toBeGreaterThanOrEqual(30_000);
    expect(runs).toBeGreaterThan(1);
  });

  it('runs the work once even when no time is asked for', () => {
    let runs = 0;
    warmUp(() => runs++, 0);
    expect(runs).toBe(1);
  });
});
