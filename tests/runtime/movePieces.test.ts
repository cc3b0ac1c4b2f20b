/**
 * `movePieces` (runtime/ops.ts) against a model written the plain way: the pieces given, each
 * once however often it is given, leave the source in the source's order and go on top of or
 * under the target; a piece not in the source is an error naming each such piece once, and
 * changes nothing. Lists past 32 pieces take the other path (a set of positions, one filter).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { draftOf, movePieces, type Put, type ZoneRef } from '../../src/runtime/ops.ts';
import type { GameContext, Piece } from '../../src/runtime/state.ts';
import { zonesContext } from './zonesContext.ts';

const piece = (id: string): Piece => ({ id, kind: 'token' });

const contextWith = (a: readonly string[], b: readonly string[]): GameContext => zonesContext({ a: a.map(piece), b: b.map(piece) });

const A: ZoneRef = { name: 'a', index: null };
const B: ZoneRef = { name: 'b', index: null };

const idsOf = (ctx: GameContext, name: string): string[] => (ctx.zones[name] as readonly Piece[]).map((p) => p.id);

/** The model: what the zones hold after the move, or the error's list of missing pieces. */
type Outcome = { readonly missing: string[] } | { readonly a: string[]; readonly b: string[] };

const model = (a: readonly string[], b: readonly string[], given: readonly string[], same: boolean, put: Put): Outcome => {
  const missing = [...new Set(given.filter((id) => !a.includes(id)))];
  if (missing.length > 0) return { missing };
  const moving = a.filter((id) => given.includes(id));
  const rest = a.filter((id) => !given.includes(id));
  if (same) return { a: put === 'top' ? [...moving, ...rest] : [...rest, ...moving], b: [...b] };
  return { a: rest, b: put === 'top' ? [...moving, ...b] : [...b, ...moving] };
};

/** Two zones of distinct ids, and a list of pieces to move drawn from them (repeats allowed) and from nowhere (rarely, so that long lists are often all found). */
const cases = (size: number) =>
  fc.uniqueArray(fc.integer({ min: 0, max: 3 * size }), { maxLength: 2 * size, size: 'max' }).chain((numbers) => {
    const ids = numbers.map((n) => `p${n}`);
    const cut = Math.floor(ids.length / 2);
    const a = ids.slice(0, cut);
    const b = ids.slice(cut);
    const pick = fc.oneof(
      { weight: size, arbitrary: fc.constantFrom(...(a.length > 0 ? a : ['p-none'])) },
      { weight: 1, arbitrary: fc.constantFrom('ghost', ...b) },
    );
    return fc.record({
      a: fc.constant(a),
      b: fc.constant(b),
      given: fc.array(pick, { maxLength: size + 8, size: 'max' }),
      same: fc.boolean(),
      put: fc.constantFrom<Put>('top', 'bottom'),
    });
  });

describe('movePieces', () => {
  for (const size of [6, 60]) {
    it(`moves each piece given once, in the source's order, or names each missing piece once (up to ${size} pieces)`, () => {
      fc.assert(
        fc.property(cases(size), ({ a, b, given, same, put }) => {
          const ctx = contextWith(a, b);
          const before = JSON.stringify(ctx);
          const d = draftOf(ctx);
          const expected = model(a, b, given, same, put);
          const run = (): void => movePieces(d, A, same ? A : B, given.map(piece), put);
          if ('missing' in expected) {
            expect(run).toThrow(`cannot move ${expected.missing.join(', ')}: not in zone 'a'`);
          } else {
            run();
            expect(idsOf(d, 'a')).toEqual(expected.a);
            expect(idsOf(d, 'b')).toEqual(expected.b);
          }
          expect(JSON.stringify(ctx)).toBe(before);
        }),
        { numRuns: 300 },
      );
    });
  }
});
