/**
 * The `ismcts` bot's search with the values it weighed, for a hint that shows a player why: the
 * same configuration `createBot(game, 'ismcts')` plays with (the first spec strategy's evaluation,
 * playouts that learn as the search goes, learning.ts, each iteration dealt again from the seat's
 * own view), so a hint never reads a piece the seat cannot see, and a hint on an edited rule learns
 * from the edited rules.
 */
import type { CompiledGame } from '../compile/index.ts';
import type { GameState, LegalMove } from '../engine/index.ts';
import type { Rng } from '../runtime/rng.ts';
import { search } from './mcts.ts';
import type { SearchStats } from './types.ts';
import { evaluationOf } from './rewards.ts';
import type { BotOptions } from './types.ts';

export const ismctsSearch = (
  game: CompiledGame,
  state: GameState,
  seat: number,
  moves: readonly LegalMove[],
  rng: Rng,
  options: BotOptions,
): { move: LegalMove; stats: SearchStats } =>
  search(game, state, seat, moves, rng, { evaluation: evaluationOf(game), hidden: true, options });
