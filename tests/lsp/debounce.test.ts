/** A check runs once typing pauses: each keystroke within the delay replaces the one before, per file. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { debouncer } from '../../src/lsp/debounce.ts';

describe('debouncer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs the last work of a key once the delay passes without another', () => {
    const runs: string[] = [];
    const d = debouncer(150);
    d.schedule('a', () => runs.push('a1'));
    vi.advanceTimersByTime(100);
    d.schedule('a', () => runs.push('a2'));
    d.schedule('b', () => runs.push('b1'));
    vi.advanceTimersByTime(149);
    expect(runs).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(runs).toEqual(['a2', 'b1']);
  });

  it('drops cancelled work', () => {
    const runs: string[] = [];
    const d = debouncer(150);
    d.schedule('a', () => runs.push('a'));
    d.cancel('a');
    vi.advanceTimersByTime(500);
    expect(runs).toEqual([]);
  });
});
