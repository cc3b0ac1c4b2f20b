/**
 * The interpreter against the hand-written reference engines (bench/reference): the same games
 * (same seeds, same uniform random policy drawing from the same PRNG, so the very same moves),
 * single-threaded, timed in CPU time, in interleaved rounds — reference then interpreter, then the other way round —
 * so both see the same machine load. Each figure is the median over the rounds; `ratio` is the
 * reference's speed over the interpreter's, round by round, then the median.
 */
import type { CompiledGame } from '../src/compile/index.ts';
import { playRange } from '../src/sim/simulate.ts';
import { Rng, seedRng } from '../src/runtime/rng.ts';
import { median } from '../src/sim/stats.ts';
import { TenThousand } from './reference/tenThousand.ts';
import { Regicide, BASE_RULES, SOLO_PUBLISHED, type RegicideRules } from './reference/regicide.ts';

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
    games: 10,
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

/** The reference's games `${seed}:0…n-1`, with the simulator's policy: a seat at random, then a move. */
const playReference = (config: SpeedConfig, seed: string): number => {
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
const playInterpreted = (config: SpeedConfig, game: CompiledGame, seed: string): number =>
  playRange(game, { seed, players: config.players, maxTurns: MAX_TURNS, bots: ['uniform'] }, 0, config.games).reduce(
    (a, r) => a + r.moves,
    0,
  );

export interface SpeedFigure {
  readonly id: string;
  readonly interpretedMovesPerSec: number;
  readonly referenceMovesPerSec: number;
  readonly ratio: number;
  /** Moves per round; the two engines play the same games, so these are equal. */
  readonly moves: { readonly interpreted: number; readonly reference: number };
}

/**
 * Moves per second of this process's CPU time: on a shared machine a wall clock also counts the
 * time other processes held the cores, which a short reference run may or may not suffer.
 */
const timed = (work: () => number): { moves: number; perSec: number } => {
  const t0 = process.cpuUsage();
  const moves = work();
  const used = process.cpuUsage(t0);
  return { moves, perSec: (moves / ((used.user + used.system) / 1000)) * 1000 };
};

/** The reference's games, played again until they took at least 50 ms: one batch is too short to time. */
const timedReference = (config: SpeedConfig, seed: string): { moves: number; perSec: number } => {
  const t0 = process.cpuUsage();
  let moves = 0;
  let batches = 0;
  let used = 0;
  do {
    moves = playReference(config, seed);
    batches++;
    const spent = process.cpuUsage(t0);
    used = spent.user + spent.system;
  } while (used < 50_000);
  return { moves, perSec: ((moves * batches) / used) * 1e6 };
};

export const measureSpeed = (config: SpeedConfig, game: CompiledGame, rounds: number): SpeedFigure => {
  const interpreted: number[] = [];
  const reference: number[] = [];
  const ratios: number[] = [];
  let moves = { interpreted: 0, reference: 0 };
  playReference(config, 'warm-up');
  playInterpreted(config, game, 'warm-up');
  for (let round = 0; round < rounds; round++) {
    const seed = `bench:${round}`;
    const pair =
      round % 2 === 0
        ? (() => {
            const r = timedReference(config, seed);
            return { r, i: timed(() => playInterpreted(config, game, seed)) };
          })()
        : (() => {
            const i = timed(() => playInterpreted(config, game, seed));
            return { r: timedReference(config, seed), i };
          })();
    interpreted.push(pair.i.perSec);
    reference.push(pair.r.perSec);
    ratios.push(pair.r.perSec / pair.i.perSec);
    moves = { interpreted: pair.i.moves, reference: pair.r.moves };
  }
  return {
    id: config.id,
    interpretedMovesPerSec: Math.round(median(interpreted)),
    referenceMovesPerSec: Math.round(median(reference)),
    ratio: Math.round(median(ratios) * 100) / 100,
    moves,
  };
};
