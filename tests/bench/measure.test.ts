/**
 * Issue 35: the bench once printed a negative heap size per Regicide state (-3821 B): a figure is
 * read off the heap's growth only when every round grew, else it is not measurable.
 */
import { describe, expect, it } from 'vitest';
import { bytesPerItem } from '../../bench/measure.ts';

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
