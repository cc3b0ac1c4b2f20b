/**
 * A scoring table's reading and the order the dice fell in (docs/LANGUAGE.md, Scoring): the same
 * faces in any order read the same (T-B5: "the order of the dice does not matter"), with `unused`
 * in the roll's own order, whether the reading was computed or came from the cache of another
 * order; a table whose combination reads `roll` keeps its readings apart by order.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeQuery } from '../../src/engine/query.ts';
import type { Value } from '../../src/lang/index.ts';
import { compile } from '../helpers/games.ts';
import { compileText, messages, specText } from '../security/helpers.ts';

interface Reading {
  points: number;
  used: number[];
  unused: number[];
  combos: { id: string; points: number; faces: number[] }[];
}

const readerOf = (game: Parameters<typeof makeQuery>[0]) => {
  const query = makeQuery(game, "cover('roll', roll)");
  return (roll: readonly number[]): Reading => {
    const out = query({ roll: [...roll] as Value });
    if (!out.ok) throw new Error(out.error);
    return out.value as unknown as Reading;
  };
};

/** `roll` without the faces of `used`, in the roll's order. */
const without = (roll: readonly number[], used: readonly number[]): number[] => {
  const left = [...used];
  return roll.filter((f) => {
    const i = left.indexOf(f);
    if (i < 0) return true;
    left.splice(i, 1);
    return false;
  });
};

const roll = fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 6 });

describe('T-B5 a reading does not depend on the order of the dice', () => {
  it('every order of the same faces reads the same, unused in its own order, cached or not', () => {
    fc.assert(
      fc.property(roll, fc.infiniteStream(fc.nat()), (faces, picks) => {
        // A fresh game each time: the first reading is computed, the others may come from its cache.
        const read = readerOf(compile('ten-thousand'));
        const first = read(faces);
        const shuffled = [...faces];
        for (let i = shuffled.length - 1; i > 0; i--) {
          const j = (picks.next().value as number) % (i + 1);
          [shuffled[i], shuffled[j]] = [shuffled[j] as number, shuffled[i] as number];
        }
        for (const order of [shuffled, [...faces].reverse(), faces]) {
          const again = read(order);
          expect({ ...again, unused: [] }).toEqual({ ...first, unused: [] });
          expect(again.unused).toEqual(without(order, again.used));
        }
        // Read afresh, with nothing cached: the same reading again.
        expect(readerOf(compile('ten-thousand'))(shuffled)).toEqual(read(shuffled));
      }),
      { numRuns: 60 },
    );
  });

  it('a table whose combination reads `roll` reads each order for itself', () => {
    const out = compileText(specText({ definitions: 'scoring:\n  roll:\n    combos:\n      first: { faces: "[roll[0]]", points: 10 }' }));
    if (!out.game) throw new Error(messages(out).join('\n'));
    const read = readerOf(out.game);
    expect(read([1, 5]).used).toEqual([1]);
    expect(read([5, 1]).used).toEqual([5]);
    expect(read([5, 1]).unused).toEqual([1]);
  });
});
