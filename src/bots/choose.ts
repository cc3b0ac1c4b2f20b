/**
 * One decision of a game played by bots: which seat acts (one at random when several may) and
 * which move its bot plays. The simulator, the balance lab and the studio share it.
 */
import type { CompiledGame } from '../compile/index.ts';
import type { Rng } from '../runtime/rng.ts';
import { legalMovesWithEvents, type GameState, type LegalMove } from '../engine/index.ts';
import { randomChoice } from './random.ts';
import type { Bot } from './types.ts';

/**
 * The seats that have a move, in the order of their first move: one seat, most of the time, found
 * without a set. Read off each move's `seat`: a listed move makes its event and its form only when asked.
 */
const seatsOf = (moves: readonly LegalMove[]): number[] => {
  const first = (moves[0] as LegalMove).seat;
  return moves.every((m) => m.seat === first) ? [first] : [...new Set(moves.map((m) => m.seat))];
};

/** The move the bots make in `state` (random play for a seat without a bot), or undefined when nobody has a legal move. */
export const chooseMove = (game: CompiledGame, state: GameState, bots: readonly Bot[], rng: Rng): LegalMove | undefined => {
  const moves = legalMovesWithEvents(game, state);
  if (moves.length === 0) return undefined;
  const seats = seatsOf(moves);
  const seat = seats[rng.below(seats.length)] as number;
  const mine = seats.length === 1 ? moves : moves.filter((m) => m.seat === seat);
  const bot = bots[seat] ?? bots[0];
  if (!bot) return randomChoice(mine, rng);
  return bot.choose(state, seat, mine, rng);
};
