/**
 * The engine's bots for the playtest: one instance per game and bot name (building one checks the
 * name; an MCTS bot keeps the tree under its last move, for the very position it led to, and starts
 * afresh anywhere else, so sharing one between seats is safe), each move chosen from the seat's legal
 * moves with a PRNG seeded by the game seed and move number. Search bots get a time budget per
 * move, because they run in the page thread and the board must stay responsive.
 */
import { botNames as engineBotNames, createBot, type Bot } from '../../bots/index.ts';
import type { CompiledGame } from '../../compile/index.ts';
import { Rng, seedRng } from '../../runtime/rng.ts';
import { legalMovesWithEvents, type GameState, type Move } from '../../engine/index.ts';
import { seatName } from '../../engine/people.ts';

const MOVE_BUDGET_MS = 400;

const cache = new WeakMap<CompiledGame, Map<string, Bot | { error: string }>>();

const botFor = (game: CompiledGame, name: string): Bot | { error: string } => {
  let byName = cache.get(game);
  if (!byName) {
    byName = new Map();
    cache.set(game, byName);
  }
  let bot = byName.get(name);
  if (!bot) {
    bot = createBot(game, name, { timeMs: MOVE_BUDGET_MS, now: () => performance.now() });
    byName.set(name, bot);
  }
  return bot;
};

export const botNames = (game: CompiledGame): string[] => engineBotNames(game);

/** The bot's move for `seat`, nothing when it has none, or why it failed, naming the seat as the board does. */
export const botMove = (game: CompiledGame, state: GameState, seat: number, name: string, seed: string): { move: Move } | { error: string } | undefined => {
  const failed = (why: string) => ({ error: `The ${name} bot of ${seatName(game, state.context, seat)} failed: ${why}` });
  const bot = botFor(game, name);
  if ('error' in bot) return failed(bot.error);
  try {
    const moves = legalMovesWithEvents(game, state, seat);
    if (moves.length === 0) return undefined;
    return { move: bot.choose(state, seat, moves, new Rng(seedRng(seed))).move };
  } catch (error) {
    return failed(error instanceof Error ? error.message : String(error));
  }
};
