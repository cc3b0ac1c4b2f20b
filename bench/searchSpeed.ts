/**
 * Search iterations a second on each engine of the rules' expressions (issue 33): the default
 * `mcts` (10,000, Cetatea) and `ismcts` (solo Regicide) deciding from the same positions at a fixed number
 * of iterations, so both engines do the very same work; timed in CPU time, in interleaved rounds
 * (the order turned each round), medians. `ratio` is the compiled tier's speed over the interpreter's.
 */
import { chooseMove, createBot } from '../src/bots/index.ts';
import type { CompiledGame } from '../src/compile/index.ts';
import { applyLegal, legalMovesWithEvents, newGame, type GameState } from '../src/engine/index.ts';
import { ENGINES, type Engine } from '../src/lang/index.ts';
import { Rng, seedRng } from '../src/runtime/rng.ts';
import { median } from '../src/sim/stats.ts';
import { compileShippedOn } from './games.ts';
import { SOLO_PUBLISHED_VARIANTS, WARM_UP_MS } from './speed.ts';
import { cpuMicros, warmUp } from './measure.ts';

interface SearchSpeedConfig {
  readonly id: string;
  readonly game: string;
  readonly variants: readonly string[];
  readonly players: number;
  readonly bot: 'mcts' | 'ismcts';
}

const CONFIGS: readonly SearchSpeedConfig[] = [
  { id: 'ten-thousand', game: 'ten-thousand', variants: [], players: 2, bot: 'mcts' },
  { id: 'regicide-solo', game: 'regicide', variants: SOLO_PUBLISHED_VARIANTS, players: 1, bot: 'ismcts' },
  // Thousands of moves at a defence: what a tree position's listing costs.
  { id: 'cetatea', game: 'cetatea', variants: [], players: 2, bot: 'mcts' },
];

/** Positions to search from: of seeded random games, every seventh where a choice is to be made, up to `count`. */
const positionsOf = (game: CompiledGame, players: number, count: number): GameState[] => {
  const positions: GameState[] = [];
  const rng = new Rng(seedRng('search-speed'));
  for (let g = 0; positions.length < count && g < 100; g++) {
    const started = newGame(game, { players, seed: `search-speed:${g}` });
    if (!started.ok) throw new Error(started.error);
    let state = started.state;
    for (let i = 0; positions.length < count && state.context.result === null; i++) {
      const move = chooseMove(game, state, [], rng);
      if (!move) break;
      if (i % 7 === 3 && legalMovesWithEvents(game, state).length > 1) positions.push(state);
      const next = applyLegal(game, state, move);
      if (!next.ok) throw new Error(next.error);
      state = next.state;
    }
  }
  return positions;
};

export interface SearchSpeedFigure {
  readonly id: string;
  readonly bot: string;
  readonly iterations: number;
  readonly iterationsPerSec: Readonly<Record<Engine, number>>;
  readonly ratio: number;
}

/** Iterations a second of one engine's searches from `positions`: one decision of `iterations` each. */
const timedSearches = (game: CompiledGame, config: SearchSpeedConfig, positions: readonly GameState[], iterations: number): number => {
  const bot = createBot(game, config.bot, { iterations });
  if ('error' in bot) throw new Error(bot.error);
  const t0 = cpuMicros();
  for (const [i, state] of positions.entries()) chooseMove(game, state, [bot], new Rng(seedRng(`search-speed:${i}`)));
  return ((positions.length * iterations) / (cpuMicros() - t0)) * 1e6;
};

export const measureSearchSpeed = (rounds: number, iterations = 100, count = 6): SearchSpeedFigure[] =>
  CONFIGS.map((config) => {
    const games = Object.fromEntries(ENGINES.map((engine) => [engine, compileShippedOn(engine, config.game, config.variants)])) as Record<
      Engine,
      CompiledGame
    >;
    const positions = positionsOf(games.interpreter, config.players, count);
    const speeds = new Map(ENGINES.map((engine) => [engine, [] as number[]]));
    const ratios: number[] = [];
    for (const engine of ENGINES) warmUp(() => timedSearches(games[engine], config, positions.slice(0, 1), iterations), WARM_UP_MS);
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? ENGINES : [...ENGINES].reverse();
      const perSec = new Map(order.map((engine) => [engine, timedSearches(games[engine], config, positions, iterations)]));
      for (const engine of ENGINES) speeds.get(engine)?.push(perSec.get(engine) as number);
      ratios.push((perSec.get('compiled') as number) / (perSec.get('interpreter') as number));
    }
    const perSec = (engine: Engine): number => Math.round(median(speeds.get(engine) as number[]));
    return {
      id: config.id,
      bot: config.bot,
      iterations,
      iterationsPerSec: { compiled: perSec('compiled'), interpreter: perSec('interpreter') },
      ratio: Math.round(median(ratios) * 100) / 100,
    };
  });
