/**
 * A move in words for the policy: its title from the spec and its arguments, a piece named by
 * what it shows (a die by its face) rather than by its id, so equal choices read alike.
 */
import type { CompiledGame } from '../compile/index.ts';
import type { GameState, Json, Move, Piece } from '../engine/index.ts';

const piecesById = (state: GameState): Map<string, Piece> => {
  const out = new Map<string, Piece>();
  for (const contents of Object.values(state.context.zones)) {
    for (const item of contents) for (const p of Array.isArray(item) ? (item as readonly Piece[]) : [item as Piece]) out.set(p.id, p);
  }
  return out;
};

const pieceText = (p: Piece): string => {
  if (p.face !== undefined) return String(p.face);
  const { id: _id, kind, ...fields } = p;
  const shown = Object.values(fields).filter((v) => typeof v === 'string' || typeof v === 'number');
  return shown.length > 0 ? shown.join(' ') : kind;
};

const valueText = (v: Json, pieces: ReadonlyMap<string, Piece>): string => {
  if (typeof v === 'string') {
    const piece = pieces.get(v);
    return piece ? pieceText(piece) : v;
  }
  if (Array.isArray(v)) {
    const parts = (v as readonly Json[]).map((x) => valueText(x, pieces));
    return parts.length === 0 ? 'none' : parts.sort().join(' ');
  }
  return JSON.stringify(v);
};

export const moveLabel = (game: CompiledGame, state: GameState, move: Move): string => {
  const title = game.spec.moves?.[move.move]?.title ?? move.move;
  const args = Object.entries(move.args ?? {});
  if (args.length === 0) return title;
  const pieces = piecesById(state);
  return `${title} ${args.map(([k, v]) => (args.length === 1 ? valueText(v, pieces) : `${k}: ${valueText(v, pieces)}`)).join('; ')}`;
};
