/** The random bot: a uniform choice among the seat's legal moves. */
import type { Bot } from './types.ts';

export const randomBot = (): Bot => ({
  name: 'random',
  choose: (_state, _seat, moves, rng) => moves[rng.below(moves.length)] ?? (moves[0] as never),
});
