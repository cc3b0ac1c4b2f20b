/**
 * Moves in words for buttons and the log: the move's title and its arguments, with piece ids
 * replaced by what the viewer can see of the piece (a hidden piece stays unnamed).
 */
import type { GameView, Json, Move, Piece } from '../../engine/types.ts';
import { moveTitle, seatName, type GameInfo } from '../play/gameInfo.ts';
import { pieceLabel, type Looks } from './pieceLook.ts';

export const visiblePieces = (view: GameView | null): Map<string, Piece> => {
  const map = new Map<string, Piece>();
  for (const zone of view?.zones ?? []) for (const p of zone.pieces) if (p.hidden !== true) map.set(p.id, p);
  return map;
};

const valueText = (v: Json, pieces: ReadonlyMap<string, Piece>, looks: Looks): string => {
  if (typeof v === 'string') {
    const piece = pieces.get(v);
    return piece ? pieceLabel(piece, looks) : v;
  }
  if (Array.isArray(v)) return v.length === 0 ? 'none' : (v as readonly Json[]).map((x) => valueText(x, pieces, looks)).join(', ');
  if (v !== null && typeof v === 'object') {
    const pair = v as Readonly<Record<string, Json>>;
    // An assignment's pair reads best as "this → that".
    if (Object.keys(pair).length === 2 && 'from' in pair && 'to' in pair) {
      return `${valueText(pair.from ?? null, pieces, looks)} → ${valueText(pair.to ?? null, pieces, looks)}`;
    }
    return Object.entries(v)
      .map(([k, x]) => `${pieces.has(k) ? valueText(k, pieces, looks) : k} → ${valueText(x, pieces, looks)}`)
      .join('; ');
  }
  return JSON.stringify(v);
};

export const describeMove = (game: GameInfo, move: Move, pieces: ReadonlyMap<string, Piece>, looks: Looks, withSeat = false): string => {
  const args = Object.entries(move.args ?? {});
  const text = args.length === 0 ? '' : ` (${args.map(([k, v]) => (args.length === 1 ? valueText(v, pieces, looks) : `${k}: ${valueText(v, pieces, looks)}`)).join('; ')})`;
  return `${withSeat ? `${seatName(move.seat)}: ` : ''}${moveTitle(game, move.move)}${text}`;
};
