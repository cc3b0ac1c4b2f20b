/**
 * Moves in words for buttons and the log: the spec's own text for the move (display.moves), or its
 * title with the arguments, each piece named by the spec (display.pieces) or by how it is drawn.
 * A piece the viewer could not see stays unnamed ("a hidden card").
 */
import { findPiece, moveText, pieceName } from '../../display/present.ts';
import type { GameContext, GameView, Move, Piece, ZoneContents } from '../../engine/types.ts';
import type { GameSpec } from '../../spec/types.ts';
import type { GameInfo } from '../play/gameInfo.ts';
import { pieceLabel, type Looks } from './pieceLook.ts';

export const visiblePieces = (view: GameView | null): Map<string, Piece> => {
  const map = new Map<string, Piece>();
  for (const zone of view?.zones ?? []) for (const p of zone.pieces) if (p.hidden !== true) map.set(p.id, p);
  return map;
};

const piecesOf = (contents: ZoneContents | undefined): Piece[] =>
  ((contents ?? []) as readonly (Piece | readonly Piece[])[]).flatMap((x) => (Array.isArray(x) ? (x as Piece[]) : [x as Piece]));

/**
 * The pieces a viewer may see named in the log line of a move: those they saw before it or see
 * after it, and those the move put face up (into a public zone or onto a face-up pile).
 */
export const loggedPieces = (
  spec: Pick<GameSpec, 'zones'>,
  before: GameView | null,
  after: GameView | null,
  afterState: GameContext | null,
): Map<string, Piece> => {
  const map = new Map([...visiblePieces(before), ...visiblePieces(after)]);
  for (const [name, zone] of Object.entries(spec.zones ?? {})) {
    const vis = zone.visibility ?? 'public';
    if (vis !== 'public' && vis !== 'top') continue;
    for (const p of piecesOf(afterState?.zones[name])) if (!map.has(p.id)) map.set(p.id, p);
  }
  return map;
};

/** The kind of a piece the viewer cannot see, read from the whole state, for "a hidden card". */
const hiddenName = (game: GameInfo, ctx: GameContext, id: string): string => {
  const p = findPiece(ctx, id);
  if (!p) return id;
  return game.spec.components?.cards?.[p.kind] ? 'a hidden card' : game.spec.components?.dice?.[p.kind] ? 'a hidden die' : 'a hidden piece';
};

/** A move in words, read in `ctx`, the state it is (or was) made from. */
export const describeMove = (game: GameInfo, ctx: GameContext, move: Move, pieces: ReadonlyMap<string, Piece>, looks: Looks): string =>
  moveText(game, ctx, move, (id) => {
    const piece = pieces.get(id);
    if (piece) return pieceName(game, ctx, piece) ?? pieceLabel(piece, looks);
    return hiddenName(game, ctx, id);
  });
