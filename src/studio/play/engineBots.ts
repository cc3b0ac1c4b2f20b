/**
 * The engine's bots for the playtest: one instance per game, bot name and budget (building one
 * checks the name; an MCTS bot keeps the tree under its last move, for the very position it led
 * to, and starts afresh anywhere else, so sharing one between seats is safe), each move chosen
 * from the seat's legal moves with a PRNG seeded by the game seed and move number. They run in the
 * bots' worker (`botWorker/`), so a search never holds up the board.
 */
import { botNames as engineBotNames, createBot, type Bot } from '../../bots/index.ts';
import type { CompiledGame } from '../../compile/index.ts';
import { Rng, seedRng } from '../../runtime/rng.ts';
import { legalMovesWithEvents, type GameState } from '../../engine/index.ts';
import { seatName } from '../../engine/people.ts';
import type { BotAnswer, SearchBudget } from '../botWorker/protocol.ts';

const cache = new WeakMap<CompiledGame, Map<string, Bot | { error: string }>>();

const botFor = (game: CompiledGame, name: string, budget: SearchBudget, now: () => number): Bot | { error: string } => {
  let byName = cache.get(game);
  if (!byName) {
    byName = new Map();
    cache.set(game, byName);
  }
  const key = `${name} ${JSON.stringify(budget)}`;
  let bot = byName.get(key);
  if (!bot) {
    bot = createBot(game, name, 'timeMs' in budget ? { timeMs: budget.timeMs, now } : { iterations: budget.iterations });
    byName.set(key, bot);
  }
  return bot;
};

export const botNames = (game: CompiledGame): string[] => engineBotNames(game);

/**
 * The bot's move for `seat`, nothing when it has none, or why it failed, naming the seat as the
 * board does. `budget` bounds a search bot's thinking (the others ignore it).
 */
export const botMove = (
  game: CompiledGame,
  state: GameState,
  seat: number,
  name: string,
  seed: string,
  budget: SearchBudget,
  now: () => number,
): BotAnswer => {
  const failed = (why: string) => ({ error: `The ${name} bot of ${seatName(game, state.context, seat)} failed: ${why}` });
  const bot = botFor(game, name, budget, now);
  if ('error' in bot) return failed(bot.error);
  try {
    const moves = legalMovesWithEvents(game, state, seat);
    if (moves.length === 0) return undefined;
    return { move: bot.choose(state, seat, moves, new Rng(seedRng(seed))).move };
  } catch (error) {
    return failed(error instanceof Error ? error.message : String(error));
  }
};
