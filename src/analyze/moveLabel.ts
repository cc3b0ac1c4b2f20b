/**
 * A move in words for the policy: its title from the spec and its arguments, a piece named as the
 * spec's display names it, else by what it shows (a die by its face), never by its id, so equal
 * choices read alike. Arguments are sorted for that reason too, which is why the display's own
 * text for a move (whose order follows the pieces') is not used here.
 */
import type { CompiledGame } from '../compile/index.ts';
import { pieceName } from '../display/present.ts';
import { everyPiece, type GameState, type Json, type Move, type Piece } from '../engine/index.ts';

const piecesById = (state: GameState): Map<string, Piece> => new Map(everyPiece(state.context.zones).map((p) => [p.id, p]));

const pieceText = (game: CompiledGame, state: GameState, p: Piece): string => {
  const named = pieceName(game, state.context, p);
  if (named !== null) return named;
  if (p.face !== undefined) return String(p.face);
  const { id: _id, kind, ...fields } = p;
  const shown = Object.values(fields).filter((v) => typeof v === 'string' || typeof v === 'number');
  return shown.length > 0 ? shown.join(' ') : kind;
};

const valueText = (v: Json, pieces: ReadonlyMap<string, Piece>, name: (p: Piece) => string): string => {
  if (typeof v === 'string') {
    const piece = pieces.get(v);
    return piece ? name(piece) : v;
  }
  if (Array.isArray(v)) {
    const parts = (v as readonly Json[]).map((x) => valueText(x, pieces, name));
    return parts.length === 0 ? 'none' : parts.sort().join(' ');
  }
  return JSON.stringify(v);
};

export const moveLabel = (game: CompiledGame, state: GameState, move: Move): string => {
  const title = game.spec.moves?.[move.move]?.title ?? move.move;
  const args = Object.entries(move.args ?? {});
  if (args.length === 0) return title;
  const pieces = piecesById(state);
  const name = (p: Piece): string => pieceText(game, state, p);
  return `${title} ${args.map(([k, v]) => (args.length === 1 ? valueText(v, pieces, name) : `${k}: ${valueText(v, pieces, name)}`)).join('; ')}`;
};
