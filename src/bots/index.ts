/**
 * Bots by name: `random`, `uniform`, `greedy`, `mcts`, `ismcts`, or a strategy the spec declares under
 * `bots:`. A generic bot may name a spec strategy: `greedy:careful` judges positions with its
 * `evaluate` and weighs only the moves it considers; `mcts:careful` and `ismcts:careful` also play
 * out their games with its preferences.
 * Without a name they use the first strategy that declares an evaluation, and random playouts.
 */
import type { CompiledGame } from '../compile/index.ts';
import { didYouMean } from '../lang/index.ts';
import { greedyBot } from './greedy.ts';
import { mctsBot } from './mcts.ts';
import { preferenceBot } from './prefer.ts';
import { randomBot, uniformBot } from './random.ts';
import { evaluationOf } from './rewards.ts';
import type { Bot, BotOptions } from './types.ts';
import { own } from '../spec/own.ts';

export type { Bot, BotOptions, SearchStats } from './types.ts';
export { determinize, reseed, seesEverything, seenBy, allPieces } from './determinize.ts';
export { search, playout, type SearchTree } from './mcts.ts';
export { ismctsSearch } from './explain.ts';
export { NO_WINNER_SHARE } from './rewards.ts';
export { moveKey, legalKey } from './keys.ts';
export { considered, consideredOnly, weighsOf } from './consider.ts';
export { preferred } from './prefer.ts';
export { rewards, valueFor, evaluationOf } from './rewards.ts';
export { chooseMove } from './choose.ts';
export { spendOf, type BotSpend, type SearchSpend } from './spend.ts';
export { TECHNIQUES, DEFAULT_TECHNIQUES, readTechniques, type Technique } from './learning.ts';
export { randomChoice } from './random.ts';

export const GENERIC_BOTS = ['random', 'uniform', 'greedy', 'mcts', 'ismcts'] as const;

/** Every name `createBot` accepts for this game, for help texts and pickers. */
export const botNames = (game: CompiledGame): string[] => [...GENERIC_BOTS, ...Object.keys(game.bots)];

export const createBot = (game: CompiledGame, name: string, options: BotOptions = {}): Bot | { error: string } => {
  const [kind = '', strategy] = name.split(':', 2);
  if (strategy !== undefined) {
    if (kind === 'random' || kind === 'uniform' || !(GENERIC_BOTS as readonly string[]).includes(kind)) {
      return { error: `'${name}': only greedy, mcts and ismcts take an evaluation (greedy:NAME, mcts:NAME, ismcts:NAME)` };
    }
    const bot = own(game.bots, strategy);
    if (!bot) return { error: `'${name}': ${game.title} declares no bot '${strategy}'${didYouMean(strategy, Object.keys(game.bots))}` };
    if (kind === 'greedy' && !bot.evaluate) return { error: `'${name}': the bot '${strategy}' has no evaluate for greedy to judge by` };
  }
  const evaluation = evaluationOf(game, strategy);
  const policy = strategy !== undefined ? own(game.bots, strategy) : undefined;
  switch (kind) {
    case 'random':
      return randomBot();
    case 'uniform':
      return uniformBot();
    case 'greedy':
      return greedyBot(game, evaluation, options, name, policy);
    case 'mcts':
      return mctsBot(game, evaluation, options, false, name, policy);
    case 'ismcts':
      return mctsBot(game, evaluation, options, true, name, policy);
    default: {
      const bot = own(game.bots, name);
      if (bot) return preferenceBot(game, bot, options);
      return { error: `unknown bot '${name}' (bots: ${botNames(game).join(', ')})${didYouMean(name, botNames(game))}` };
    }
  }
};

/** One bot per seat from a comma-separated list; a single name plays every seat. */
export const createBots = (game: CompiledGame, list: string, players: number, options: BotOptions = {}): Bot[] | { error: string } => {
  const names = list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (names.length === 0) return { error: 'name at least one bot' };
  if (names.length !== 1 && names.length !== players)
    return { error: `${names.length} bots for ${players} seats: give one bot per seat, or one for all` };
  const bots: Bot[] = [];
  for (let seat = 0; seat < players; seat++) {
    const bot = createBot(game, names[names.length === 1 ? 0 : seat] as string, options);
    if ('error' in bot) return bot;
    bots.push(bot);
  }
  return bots;
};
