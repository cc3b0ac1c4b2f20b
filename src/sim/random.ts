/**
 * Uniform random play: every seat chooses uniformly among its legal moves. The chooser has its own
 * PRNG, seeded from the run's seed, so a simulation is reproducible.
 */
import { legalMovesWithEvents, type GameState, type LegalMove } from '../engine/index.ts';
import type { CompiledGame } from '../compile/index.ts';
import { Rng } from '../compile/ops/rng.ts';

/** When several seats may act, one of them is picked at random, then one of its moves. */
export const randomMove = (game: CompiledGame, state: GameState, rng: Rng): LegalMove | undefined => {
  const moves = legalMovesWithEvents(game, state);
  if (moves.length === 0) return undefined;
  const seats = [...new Set(moves.map((m) => m.move.seat))];
  const seat = seats[rng.below(seats.length)];
  const mine = moves.filter((m) => m.move.seat === seat);
  return mine[rng.below(mine.length)];
};
