/**
 * The count of entries drafts copy (runtime/ops.ts `entriesCopied`), which the tests of bounded
 * work read: a variable table's entries are counted only once counting is asked for, and the count
 * refuses to answer before, rather than read low.
 */
import { describe, expect, it } from 'vitest';
import { countCopiedEntries, draftOf, entriesCopied, writeVar } from '../../src/runtime/ops.ts';
import { zonesContext } from './zonesContext.ts';

describe('entries copied', () => {
  it('refuses to answer until counting is asked for, then counts each entry of a table copied once a move', () => {
    expect(() => entriesCopied()).toThrow(/countCopiedEntries/);
    countCopiedEntries();
    const ctx = { ...zonesContext({}), game: { a: 1, b: 2, c: 3 } };
    const before = entriesCopied();
    const d = draftOf(ctx);
    writeVar(d, 'game', 0, 'a', 5);
    writeVar(d, 'game', 0, 'b', 6);
    expect(d.game).toEqual({ a: 5, b: 6, c: 3 });
    expect(ctx.game).toEqual({ a: 1, b: 2, c: 3 });
    expect(entriesCopied() - before).toBe(3);
  });
});
