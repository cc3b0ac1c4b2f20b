/** Every piece in a set of zones, in zone order, each per-owner zone's lists one after another. */
import type { Piece, ZoneContents } from './state.ts';

export const everyPiece = (zones: Readonly<Record<string, ZoneContents>>): Piece[] => {
  const out: Piece[] = [];
  for (const contents of Object.values(zones)) {
    for (const item of contents) {
      if (Array.isArray(item)) out.push(...(item as readonly Piece[]));
      else out.push(item as Piece);
    }
  }
  return out;
};
