/**
 * `movePieces` (runtime/ops.ts) against a model written the plain way: the pieces given, each
 * once however often it is given, leave the source in the source's order and go on top of or
 * under the target; a piece not in the source is an error naming each such piece once, and
 * changes nothing. Lists past 32 pieces take the other path (a set of positions, one filter).
 * Pieces given as they lie in the source, in its order, are found by one scan without the zones'
 * index; the index, built before such moves or after them, still finds every piece.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { currentPiece, draftOf, movePieces, updatePieces, withField, type Put, type ZoneRef } from '../../src/runtime/ops.ts';
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

  it('moves the very pieces of a zone, in order or not, and the index built before, between or after the moves finds every piece', () => {
    const ops = fc.array(
      fc.record({
        fromA: fc.boolean(),
        // Each position of the source is kept with this chance; then maybe shuffled or doubled.
        keep: fc.array(fc.boolean(), { minLength: 20, maxLength: 20 }),
        order: fc.constantFrom('in order', 'reversed', 'one twice'),
        put: fc.constantFrom<Put>('top', 'bottom'),
        // Reading a piece builds the index (or brings it up to date) before the move.
        probe: fc.boolean(),
      }),
      { maxLength: 12 },
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20 }), ops, (size, steps) => {
        const ids = Array.from({ length: size }, (_, i) => `p${i}`);
        let model = { a: ids.slice(0, size - Math.floor(size / 3)), b: ids.slice(size - Math.floor(size / 3)) };
        const d = draftOf(contextWith(model.a, model.b));
        for (const step of steps) {
          const [from, to] = step.fromA ? [A, B] : [B, A];
          const source = d.zones[from.name] as readonly Piece[];
          if (step.probe && source[0]) expect(currentPiece(d, source[0].id)).toBe(source[0]);
          let given = source.filter((_, i) => step.keep[i]);
          if (step.order === 'reversed') given = [...given].reverse();
          if (step.order === 'one twice' && given[0]) given = [...given, given[0]];
          const ids = given.map((p) => p.id);
          const moved = step.fromA ? modelOf(model.a, model.b, ids, step.put) : swap(modelOf(model.b, model.a, ids, step.put));
          movePieces(d, from, to, given, step.put);
          model = moved;
          expect(idsOf(d, 'a')).toEqual(model.a);
          expect(idsOf(d, 'b')).toEqual(model.b);
        }
        // The index finds each piece as it lies, and a piece changed through it is changed where it lies.
        for (const name of ['a', 'b']) for (const p of d.zones[name] as readonly Piece[]) expect(currentPiece(d, p.id)).toBe(p);
        const last = (d.zones.a as readonly Piece[]).at(-1);
        if (last) {
          updatePieces(d, new Map([[last.id, withField(last, 'marked', true)]]));
          expect((d.zones.a as readonly Piece[]).at(-1)).toMatchObject({ id: last.id, marked: true });
        }
      }),
      { numRuns: 300 },
    );
  });
});

/** The plain model of a move from `a` to `b` of pieces all in `a`. */
const modelOf = (a: readonly string[], b: readonly string[], given: readonly string[], put: Put): { a: string[]; b: string[] } => {
  const moving = a.filter((id) => given.includes(id));
  const rest = a.filter((id) => !given.includes(id));
  return { a: rest, b: put === 'top' ? [...moving, ...b] : [...b, ...moving] };
};

const swap = ({ a, b }: { a: string[]; b: string[] }): { a: string[]; b: string[] } => ({ a: b, b: a });
