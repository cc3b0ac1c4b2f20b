/**
 * Both engines of the rules' expressions (the interpreter's closures and the compiled tier's
 * generated code) against the hand-written reference engines (bench/reference): the same games
 * (same seeds, same uniform random policy drawing from the same PRNG, so the very same moves),
 * single-threaded, timed in CPU time, in interleaved rounds, so all see the same machine load.
 * Each figure is the median over the rounds; a `ratio` is the reference's speed over an engine's,
 * round by round, then the median.
 */
import type { CompiledGame } from '../src/compile/index.ts';
import { playRange } from '../src/sim/simulate.ts';
import { Rng, seedRng } from '../src/runtime/rng.ts';
import { median } from '../src/sim/stats.ts';
import { ENGINES, type Engine } from '../src/lang/index.ts';
import { TenThousand } from './reference/tenThousand.ts';
import { Regicide, BASE_RULES, SOLO_PUBLISHED, type RegicideRules } from './reference/regicide.ts';
import { cpuMicros, warmUp } from './measure.ts';

/** One game of a reference engine, as the benchmark drives it. */
interface ReferenceGame<M> {
  readonly over: boolean;
  readonly turn: number;
  legal(): M[];
  apply(move: M): void;
}

export interface SpeedConfig {
  readonly id: string;
  readonly game: string;
  readonly variants: readonly string[];
  readonly players: number;
  readonly games: number;
  readonly reference: (seed: string) => ReferenceGame<unknown>;
}

/** Regicide's published rules (the `standard` preset's variants) with the solo rules (R-O3). */
export const SOLO_PUBLISHED_VARIANTS: readonly string[] = [
  'immunity',
  'jester',
  'animal-companions',
  'enemies-in-hand',
  'combos',
  'yield-limit',
  'solo',
];

const regicide = (rules: RegicideRules) => (seed: string) => new Regicide(rules, seed) as ReferenceGame<unknown>;

export const SPEED_CONFIGS: readonly SpeedConfig[] = [
  {
    id: 'ten-thousand',
    game: 'ten-thousand',
    variants: [],
    players: 2,
    // About 24,000 moves a round: ten games were 60 ms of the compiled tier's time, too short to time steadily.
    games: 40,
    reference: (seed) => new TenThousand(2, seed) as ReferenceGame<unknown>,
  },
  { id: 'regicide', game: 'regicide', variants: [], players: 2, games: 200, reference: regicide({ ...BASE_RULES, players: 2 }) },
  {
    id: 'regicide-solo',
    game: 'regicide',
    variants: SOLO_PUBLISHED_VARIANTS,
    players: 1,
    games: 200,
    reference: regicide(SOLO_PUBLISHED),
  },
];

export const MAX_TURNS = 1000;

/** CPU time each engine and reference runs before it is timed (see `warmUp`). */
export const WARM_UP_MS = 1500;

/** The reference's games `${seed}:0…n-1`, with the simulator's policy: a seat at random, then a move. */
export const playReference = (config: SpeedConfig, seed: string): number => {
  let moves = 0;
  for (let i = 0; i < config.games; i++) {
    const game = config.reference(`${seed}:${i}`);
    const rng = new Rng(seedRng(`${seed}:${i}:moves`));
    while (!game.over && game.turn < MAX_TURNS) {
      const legal = game.legal();
      if (legal.length === 0) break;
      rng.below(1);
      game.apply(legal[rng.below(legal.length)]);
      moves++;
    }
  }
  return moves;
};

/**
 * The interpreter's games with the references' policy: `uniform`, one choice among all legal
 * moves (the default `random` bot picks a move, then its arguments one by one: other games).
 */
export const playInterpreted = (config: SpeedConfig, game: CompiledGame, seed: string): number =>
  playRange(game, { seed, players: config.players, maxTurns: MAX_TURNS, bots: ['uniform'] }, 0, config.games).reduce(
    (a, r) => a + r.moves,
    0,
  );

/** One engine's figures in a run: its median speed and its median ratio to the reference, round by round. */
export interface TierSpeed {
  readonly movesPerSec: number;
  readonly ratio: number;
}

export interface SpeedFigure {
  readonly id: string;
  readonly referenceMovesPerSec: number;
  /** Each engine of the rules' expressions (src/lang/engine.ts) on the same games. */
  readonly tiers: Readonly<Record<Engine, TierSpeed>>;
  /** Moves per round; every engine plays the same games, so these are equal. */
  readonly moves: number;
}

/**
 * Moves per second of this process's CPU time: on a shared machine a wall clock also counts the
 * time other processes held the cores, which a short reference run may or may not suffer.
 */
const timed = (work: () => number): { moves: number; perSec: number } => {
  const t0 = cpuMicros();
  const moves = work();
  return { moves, perSec: (moves / (cpuMicros() - t0)) * 1e6 };
};

/** The reference's games, played again until they took at least 50 ms: one batch is too short to time. */
const timedReference = (config: SpeedConfig, seed: string): { moves: number; perSec: number } => {
  const t0 = cpuMicros();
  let moves = 0;
  let batches = 0;
  let used = 0;
  do {
    moves = playReference(config, seed);
    batches++;
    used = cpuMicros() - t0;
  } while (used < 50_000);
  return { moves, perSec: ((moves * batches) / used) * 1e6 };
};

/**
 * The reference and each engine on the same games, round by round, the order turned each round
 * (reference, interpreter, compiled; then interpreter, compiled, reference…) so that all see the
 * same machine load.
 */
export const measureSpeed = (config: SpeedConfig, games: Readonly<Record<Engine, CompiledGame>>, rounds: number): SpeedFigure => {
  const runners: { readonly name: Engine | 'reference'; readonly run: (seed: string) => { moves: number; perSec: number } }[] = [
    { name: 'reference', run: (seed) => timedReference(config, seed) },
    ...ENGINES.map((engine) => ({ name: engine, run: (seed: string) => timed(() => playInterpreted(config, games[engine], seed)) })),
  ];
  const speeds = new Map(runners.map(({ name }) => [name, [] as number[]]));
  const ratios = new Map(ENGINES.map((engine) => [engine, [] as number[]]));
  let moves = 0;
  for (const { run } of runners) warmUp(() => run('warm-up'), WARM_UP_MS);
  for (let round = 0; round < rounds; round++) {
    const seed = `bench:${round}`;
    const perSec = new Map<Engine | 'reference', number>();
    for (let i = 0; i < runners.length; i++) {
      const { name, run } = runners[(round + i) % runners.length] as (typeof runners)[number];
      const result = run(seed);
      perSec.set(name, result.perSec);
      speeds.get(name)?.push(result.perSec);
      moves = result.moves;
    }
    for (const engine of ENGINES) ratios.get(engine)?.push((perSec.get('reference') as number) / (perSec.get(engine) as number));
  }
  const tier = (engine: Engine): TierSpeed => ({
    movesPerSec: Math.round(median(speeds.get(engine) as number[])),
    ratio: Math.round(median(ratios.get(engine) as number[]) * 100) / 100,
  });
  return {
    id: config.id,
    referenceMovesPerSec: Math.round(median(speeds.get('reference') as number[])),
    tiers: { compiled: tier('compiled'), interpreter: tier('interpreter') },
    moves,
  };
};
