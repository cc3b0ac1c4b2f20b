/**
 * How a move rolls dice, found from the outside: the move is applied to the state with faces
 * queued for the next rolled dice (the engine's `rig`); the faces it takes and whether it drew on
 * the PRNG say how many dice it rolls and whether it needs any other chance (a shuffle, a random
 * pick), which the analysis cannot enumerate.
 */
import { applyLegal, everyPiece, rig, type GameState, type Json, type LegalMove, type Piece, type StepResult } from '../engine/index.ts';
import type { CompiledGame } from '../compile/index.ts';
import type { DieFaces } from './outcomes.ts';

export type Probe =
  /** The move rolls nothing: its one next state. */
  | { readonly kind: 'fixed'; readonly next: GameState }
  /** The move rolls dice: their kinds, in the order the roll takes queued faces. */
  | { readonly kind: 'roll'; readonly kinds: readonly string[] }
  | { readonly kind: 'refused'; readonly reason: string };

export const sameRng = (a: GameState, b: GameState): boolean => a.context.rng.every((w, i) => w === b.context.rng[i]);

const piecesOf = (state: GameState): Piece[] => everyPiece(state.context.zones);

/** How many dice the state holds: more rolled positions than this means a die rolled twice. */
export const diceIn = (state: GameState, dice: ReadonlyMap<string, DieFaces>): number =>
  piecesOf(state).filter((p) => dice.has(p.kind)).length;

const facesById = (state: GameState): Map<string, Piece> => new Map(piecesOf(state).map((p) => [p.id, p]));

/**
 * The kind of the die that took face `f` at a position, when several kinds have that face: the
 * same move with another face there shows which die changed.
 */
const kindByDiff = (
  apply: (queue: readonly Json[]) => StepResult,
  prefix: readonly Json[],
  f: Json,
  candidates: readonly string[],
  dice: ReadonlyMap<string, DieFaces>,
  withF: GameState,
): string | undefined => {
  for (const kind of candidates) {
    const g = dice.get(kind)?.faces.find((face) => face !== f);
    if (g === undefined) continue;
    const other = apply([...prefix, g]);
    if (!other.ok) continue;
    const before = facesById(withF);
    for (const piece of piecesOf(other.state)) {
      const was = before.get(piece.id);
      if (was && dice.has(piece.kind) && was.face === f && piece.face === g) return piece.kind;
    }
  }
  return candidates.length === 1 ? candidates[0] : undefined;
};

const tooMany = (move: string, n: number, held: number): Probe => ({
  kind: 'refused',
  reason: `'${move}' rolls ${n} dice in one move but the game has ${held}: a die rolled twice in one move is not one roll the analysis can enumerate`,
});

const otherChance = (move: string): Probe => ({
  kind: 'refused',
  reason: `'${move}' draws on chance other than rolling dice (a shuffle or a random pick), which the analysis cannot enumerate`,
});

/** One kind of die in the game: one application with a long enough queue counts the positions. */
const probeOneKind = (
  apply: (queue: readonly Json[]) => StepResult,
  state: GameState,
  move: string,
  kind: string,
  face: Json,
  held: number,
): Probe => {
  for (let length = Math.max(1, held); length <= 2 * held + 1; length = 2 * length + 1) {
    const result = apply(new Array<Json>(length).fill(face));
    if (!result.ok) return { kind: 'refused', reason: `'${move}' fails: ${result.error}` };
    const left = result.state.context.rigged.length;
    const chance = !sameRng(state, result.state);
    if (left === 0 && chance) continue;
    if (chance) return otherChance(move);
    const n = length - left;
    if (n > held) return tooMany(move, n, held);
    return n === 0 ? { kind: 'fixed', next: result.state } : { kind: 'roll', kinds: new Array<string>(n).fill(kind) };
  }
  return tooMany(move, 2 * held + 1, held);
};

/** Several kinds: position by position, the first face that a position accepts and its kind. */
const probeKinds = (
  apply: (queue: readonly Json[]) => StepResult,
  state: GameState,
  move: string,
  dice: ReadonlyMap<string, DieFaces>,
  held: number,
): Probe => {
  const known: Json[] = [];
  const kinds: string[] = [];
  const firstFaces = [...new Set([...dice.values()].map((d) => d.faces[0] as Json))];
  for (;;) {
    if (known.length > held) return tooMany(move, known.length, held);
    let error = '';
    let learned = false;
    for (const f of firstFaces) {
      const result = apply([...known, f]);
      if (!result.ok) {
        error = result.error;
        continue;
      }
      const chance = !sameRng(state, result.state);
      if (result.state.context.rigged.length > 0) {
        if (chance) return otherChance(move);
        return known.length === 0 ? { kind: 'fixed', next: result.state } : { kind: 'roll', kinds };
      }
      const candidates = [...dice].filter(([, d]) => d.faces.includes(f)).map(([k]) => k);
      const kind = kindByDiff(apply, known, f, candidates, dice, result.state);
      if (kind === undefined) return { kind: 'refused', reason: `'${move}' rolls a die whose kind cannot be told from the faces it shows` };
      known.push(f);
      kinds.push(kind);
      learned = true;
      if (!chance) return { kind: 'roll', kinds };
      break;
    }
    if (!learned) return { kind: 'refused', reason: `'${move}' fails: ${error}` };
  }
};

export const probeMove = (game: CompiledGame, state: GameState, legal: LegalMove, dice: ReadonlyMap<string, DieFaces>): Probe => {
  const apply = (queue: readonly Json[]): StepResult => applyLegal(game, rig(state, queue), legal);
  const held = diceIn(state, dice);
  const [only] = dice;
  if (dice.size === 1 && only) return probeOneKind(apply, state, legal.move.move, only[0], only[1].faces[0] as Json, held);
  if (dice.size === 0) {
    const result = applyLegal(game, state, legal);
    if (!result.ok) return { kind: 'refused', reason: `'${legal.move.move}' fails: ${result.error}` };
    return sameRng(state, result.state) ? { kind: 'fixed', next: result.state } : otherChance(legal.move.move);
  }
  return probeKinds(apply, state, legal.move.move, dice, held);
};
