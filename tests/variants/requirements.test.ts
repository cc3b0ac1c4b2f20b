import { describe, expect, it } from 'vitest';
import { withRequirements } from '../../src/variants/requirements.ts';

const requires: Record<string, string[]> = { preset: ['a', 'b'], b: ['c'], loop1: ['loop2'], loop2: ['loop1'] };
const of = (id: string): string[] | undefined => requires[id] ?? (id.startsWith('unknown') ? undefined : []);

describe('withRequirements', () => {
  it('puts what a variant requires, transitively, before it', () => {
    expect(withRequirements(['preset'], of)).toEqual(['a', 'c', 'b', 'preset']);
  });
  it('keeps each variant once and in the order asked', () => {
    expect(withRequirements(['c', 'preset', 'a'], of)).toEqual(['c', 'a', 'b', 'preset']);
  });
  it('keeps unknown ids for the variants stage to report, and stops at cycles', () => {
    expect(withRequirements(['unknown-x'], of)).toEqual(['unknown-x']);
    expect(withRequirements(['loop1'], of)).toEqual(['loop2', 'loop1']);
  });
});
