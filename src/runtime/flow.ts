/**
 * The engine's own states, added at the root of every flow: `__over` once an effect ends the game,
 * and `__stalled` when automatic transitions ran AUTO_LIMIT times without a move, so that a
 * looping flow stops with a message instead of hanging the page.
 */
import { LIMITS } from '../limits.ts';

export const AUTO_LIMIT = LIMITS.autoTransitions;
export const OVER = '__over';
export const STALLED = '__stalled';
