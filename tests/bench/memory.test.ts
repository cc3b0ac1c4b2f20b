/** The bench's heap bytes per state (issue 35, item 7): a median of runs, and never a negative figure. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { heapPerState } from '../../bench/memory.ts';

describe('heap bytes per state', () => {
  it('is the median of the runs, so one noisy run does not move it', () => {
    const runs = [4000, 4100, -30_000, 3900, 4050].map((per) => ({ grown: per * 1000, states: 1000 }));
    expect(heapPerState(runs)).toBe(4000);
  });

  it('is no figure when the heap shrank (the bench once printed heapBytes: -3821 for Regicide)', () => {
    expect(heapPerState([{ grown: -3_821_000, states: 1000 }])).toBeNull();
    expect(heapPerState([{ grown: 0, states: 1000 }])).toBeNull();
    expect(heapPerState([])).toBeNull();
    expect(heapPerState([{ grown: 5000, states: 0 }])).toBeNull();
  });

  it('is never negative, whatever the runs', () => {
    const run = fc.record({ grown: fc.integer({ min: -1e9, max: 1e9 }), states: fc.integer({ min: 0, max: 10_000 }) });
    fc.assert(
      fc.property(fc.array(run, { maxLength: 9 }), (runs) => {
        const bytes = heapPerState(runs);
        expect(bytes === null || bytes > 0).toBe(true);
      }),
    );
  });
});
