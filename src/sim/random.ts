/**
 * Uniform random play: every seat chooses uniformly among its legal moves. The chooser has its own
 * PRNG, seeded from the run's seed, so a simulation is reproducible.
 */
import type { GameState, LegalMove } from '../engine/index.ts';
import type { CompiledGame } from '../compile/index.ts';
import type { Rng } from '../runtime/rng.ts';
import { chooseMove } from '../bots/choose.ts';

/** When several seats may act, one of them is picked at random, then one of its moves. */
export const randomMove = (game: CompiledGame, state: GameState, rng: Rng): LegalMove | undefined => chooseMove(game, state, [], rng);
