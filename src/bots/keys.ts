/** A move's identity across states: seat, name and arguments (pieces by id). */
import type { LegalMove, Move } from '../engine/index.ts';

export const moveKey = (move: Move): string => `${move.seat} ${move.move} ${move.args === undefined ? '' : JSON.stringify(move.args)}`;

export const legalKey = (legal: LegalMove): string => moveKey(legal.move);
