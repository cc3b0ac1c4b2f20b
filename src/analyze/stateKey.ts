/**
 * A state's identity for memoisation: its content, without what does not change the game's
 * future (the log, the PRNG, the automatic-step counter, the params, which are fixed in one
 * analysis). Dice of one kind showing the same face are interchangeable, as the multiset
 * outcomes already assume: unless the spec reads a piece's `id`, pieces are compared without it,
 * and an unordered zone as a sorted list.
 */
import type { CompiledGame } from '../compile/index.ts';
import type { GameState, Json, Piece, ZoneContents } from '../engine/index.ts';

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

const pieceText = (piece: Piece, keepId: boolean): string => {
  if (keepId) return JSON.stringify(piece);
  const { id: _id, ...rest } = piece;
  return JSON.stringify(rest);
};

const listText = (pieces: readonly Piece[], ordered: boolean, keepId: boolean): string => {
  const texts = pieces.map((p) => pieceText(p, keepId));
  if (!ordered) texts.sort();
  return `[${texts.join(',')}]`;
};

const zoneText = (contents: ZoneContents, ordered: boolean, keepId: boolean): string => {
  const [first] = contents;
  if (Array.isArray(first)) return `[${(contents as readonly (readonly Piece[])[]).map((l) => listText(l, ordered, keepId)).join(',')}]`;
  return listText(contents as readonly Piece[], ordered, keepId);
};

export type StateKey = (state: GameState) => string;

export const stateKeyOf = (game: CompiledGame): StateKey => {
  const keepId = readsPieceIds(game);
  const zoneNames = Object.keys(game.zones).sort();
  return (state) => {
    const c = state.context;
    const zones = zoneNames.map((z) => zoneText(c.zones[z] ?? [], game.zones[z]?.ordered === true, keepId));
    const rest: Json = [c.active, c.turn, c.game, c.players, c.teams, c.result as unknown as Json];
    return `${JSON.stringify(state.value)}|${JSON.stringify(rest)}|${zones.join('|')}`;
  };
};
