/**
 * A state's identity for memoisation: its content, without what does not change the game's
 * future: the log, the PRNG, the automatic-step counter, the params (fixed in one analysis), and
 * the variables and faces the liveness analysis finds dead where play rests (the last roll, once
 * the next roll will overwrite it). Dice of one kind showing the same face are interchangeable,
 * as the multiset outcomes already assume: unless the spec reads a piece's `id`, pieces are
 * compared without it, and an unordered zone as a sorted list.
 */
import type { CompiledGame } from '../compile/index.ts';
import { activeStates, type GameState, type Json, type Piece, type ZoneContents } from '../engine/index.ts';
import type { Liveness } from './liveness.ts';

/** Does any expression of the spec read a piece's id? Then pieces keep their identity. */
export const readsPieceIds = (game: CompiledGame): boolean => {
  const walk = (v: unknown): boolean => {
    if (typeof v === 'string') return /\.id\b/.test(v);
    if (Array.isArray(v)) return v.some(walk);
    if (v !== null && typeof v === 'object') return Object.values(v).some(walk);
    return false;
  };
  return walk(game.spec);
};

interface PieceKey {
  readonly keepId: boolean;
  readonly keepFace: boolean;
}

const pieceText = (piece: Piece, how: PieceKey): string => {
  if (how.keepId && how.keepFace) return JSON.stringify(piece);
  const { id, face, ...rest } = piece;
  return JSON.stringify({ ...rest, ...(how.keepId ? { id } : {}), ...(how.keepFace && face !== undefined ? { face } : {}) });
};

const listText = (pieces: readonly Piece[], ordered: boolean, how: PieceKey): string => {
  const texts = pieces.map((p) => pieceText(p, how));
  if (!ordered) texts.sort();
  return `[${texts.join(',')}]`;
};

const zoneText = (contents: ZoneContents, ordered: boolean, how: PieceKey): string => {
  const [first] = contents;
  if (Array.isArray(first)) return `[${(contents as readonly (readonly Piece[])[]).map((l) => listText(l, ordered, how)).join(',')}]`;
  return listText(contents as readonly Piece[], ordered, how);
};

const without = (record: Readonly<Record<string, Json>>, dead: ReadonlySet<string>, prefix: string): Record<string, Json> =>
  Object.fromEntries(Object.entries(record).filter(([name]) => !dead.has(`${prefix}${name}`)));

export type StateKey = (state: GameState) => string;

export const stateKeyOf = (game: CompiledGame, liveness: Liveness): StateKey => {
  const keepId = readsPieceIds(game);
  const zoneNames = Object.keys(game.zones).sort();
  return (state) => {
    const c = state.context;
    const dead = liveness.deadAt(activeStates(state.value).at(-1) ?? '');
    const zones = zoneNames.map((z) =>
      zoneText(c.zones[z] ?? [], game.zones[z]?.ordered === true, { keepId, keepFace: !dead.has(`faces:${z}`) }),
    );
    const players = c.players.map((p) => without(p, dead, 'player.'));
    const rest: Json = [c.active, c.turn, without(c.game, dead, 'game.'), players, c.teams, c.result as unknown as Json];
    return `${JSON.stringify(state.value)}|${JSON.stringify(rest)}|${zones.join('|')}`;
  };
};
