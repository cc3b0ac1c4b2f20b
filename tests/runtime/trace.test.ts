/**
 * The fast stepping path (flat tables, runtime/stepper.ts) and the XState machine the diagram
 * shows give identical traces: the same state value, context (zones, variables, PRNG, log) and
 * legal moves after every step, for seeded random games of every shipped game and variant set, at
 * every player count the game allows; and the same answer (state or refusal) to random sequences
 * of legal and illegal moves. TRACE_GAMES sets the games per set and player count (CI: 40).
 *
 * The compiled tier (src/lang/emit) and the interpreter give identical traces too: both step the
 * same seeded games, and answer the same random legal and illegal moves, state for state.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { listGames } from '../../src/cli/catalog.ts';
import { withRequirements } from '../../src/variants/requirements.ts';
import type { CompiledGame } from '../../src/compile/index.ts';
import {
  legalMoves,
  legalMovesByMachine,
  newGame,
  newGameByMachine,
  step,
  stepByMachine,
  type GameState,
  type Json,
  type Move,
  type StepResult,
} from '../../src/engine/index.ts';
import { Rng, seedRng } from '../../src/runtime/rng.ts';
import { compileOn } from '../helpers/games.ts';
import type { Engine } from '../../src/lang/index.ts';

const GAMES = Number(process.env.TRACE_GAMES ?? 2);
/** Games per set and player count for the two engines' traces (CI: 10). */
const TIER_GAMES = Number(process.env.TIER_GAMES ?? 2);
/** Moves per game: enough for whole games of every shipped game but 10,000 (about 600 moves). */
const MAX_MOVES = Number(process.env.TRACE_MOVES ?? 400);

interface VariantSet {
  readonly name: string;
  readonly game: CompiledGame;
}

/** The base game and each shipped variant with what it requires, compiled once, its expressions run by `engine`. */
const variantSets = (engine: Engine = 'interpreter'): VariantSet[] =>
  listGames().flatMap((entry) => [
    { name: entry.id, game: compileOn(engine, entry.id) },
    ...entry.variants.map((variant) => {
      const ids = withRequirements([variant.id], (id) => entry.variants.find((v) => v.id === id)?.requires);
      return { name: `${entry.id} + ${ids.join(', ')}`, game: compileOn(engine, entry.id, ids) };
    }),
  ]);

const playerCounts = (game: CompiledGame): number[] =>
  Array.from({ length: Math.min(game.players.max, game.players.min + 3) - game.players.min + 1 }, (_, i) => game.players.min + i);

/** Both paths' results side by side, as JSON (what a saved game or a worker message keeps). */
const same = (fast: StepResult, machine: StepResult, where: string): void => {
  expect(JSON.parse(JSON.stringify(fast)), where).toEqual(JSON.parse(JSON.stringify(machine)));
};

const sameLegal = (game: CompiledGame, state: GameState, where: string): Move[] => {
  const fast = legalMoves(game, state);
  expect(fast, where).toEqual(legalMovesByMachine(game, state).map((m) => m.move));
  return fast;
};

describe('the fast path steps exactly as the XState machine', () => {
  const sets = variantSets();

  for (const { name, game } of sets) {
    it(`${name}: ${GAMES} seeded random games per player count, every step`, () => {
      let steps = 0;
      for (const players of playerCounts(game)) {
        for (let g = 0; g < GAMES; g++) {
          const seed = `trace:${g}`;
          let fast = newGame(game, { players, seed });
          let machine = newGameByMachine(game, { players, seed });
          same(fast, machine, `${players} players, seed ${seed}, start`);
          const rng = new Rng(seedRng(`${seed}:moves`));
          for (let i = 0; i < MAX_MOVES && fast.ok && machine.ok; i++) {
            const where = `${players} players, seed ${seed}, move ${i}`;
            const moves = sameLegal(game, fast.state, where);
            if (moves.length === 0) break;
            const move = moves[rng.below(moves.length)] as Move;
            fast = step(game, fast.state, move);
            machine = stepByMachine(game, machine.state, move);
            same(fast, machine, where);
            steps++;
          }
        }
      }
      expect(steps).toBeGreaterThan(0);
    });
  }

  /** A move that may be legal, or broken: another seat, an unknown name, arguments it lacks or does not take. */
  const moveFrom = (legal: readonly Move[], pick: number, kind: number, seat: number, junk: Json): Move => {
    const base = legal[pick % Math.max(1, legal.length)] ?? { move: 'roll', seat: 0 };
    switch (kind) {
      case 0:
        return base;
      case 1:
        return { ...base, seat };
      case 2:
        return { ...base, move: `${base.move}x` };
      case 3:
        return { move: base.move, seat: base.seat };
      default:
        return { ...base, args: { ...(base.args ?? {}), [kind === 4 ? 'extra' : (Object.keys(base.args ?? {})[0] ?? 'x')]: junk } };
    }
  };

  for (const id of ['ten-thousand', 'regicide', 'cetatea', 'eight-masters-revenge']) {
    const game = sets.find((s) => s.name === id)?.game as CompiledGame;
    it(`${id}: random sequences of legal and illegal moves get the same answers`, () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 0, max: 1e6 }),
          fc.array(fc.tuple(fc.nat(), fc.nat(6), fc.integer({ min: -1, max: 4 }), fc.oneof(fc.integer(), fc.string(), fc.constant(null))), {
            maxLength: 60,
          }),
          (seed, script) => {
            let fast = newGame(game, { seed });
            let machine = newGameByMachine(game, { seed });
            same(fast, machine, 'start');
            for (const [pick, kind, seat, junk] of script) {
              if (!fast.ok || !machine.ok) break;
              const move = moveFrom(sameLegal(game, fast.state, 'listing'), pick, kind, seat, junk as Json);
              const nextFast = step(game, fast.state, move);
              const nextMachine = stepByMachine(game, machine.state, move);
              same(nextFast, nextMachine, JSON.stringify(move));
              if (nextFast.ok) fast = nextFast;
              if (nextMachine.ok) machine = nextMachine;
            }
          },
        ),
        { numRuns: 40 },
      );
    });
  }
});

describe('the compiled tier steps exactly as the interpreter', () => {
  const interpreted = variantSets('interpreter');
  const compiled = variantSets('compiled');

  interpreted.forEach(({ name, game }, index) => {
    const fastGame = (compiled[index] as VariantSet).game;
    it(`${name}: ${TIER_GAMES} seeded random games per player count, every step`, () => {
      let steps = 0;
      for (const players of playerCounts(game)) {
        for (let g = 0; g < TIER_GAMES; g++) {
          const seed = `tiers:${g}`;
          let slow = newGame(game, { players, seed });
          let fast = newGame(fastGame, { players, seed });
          same(fast, slow, `${players} players, seed ${seed}, start`);
          const rng = new Rng(seedRng(`${seed}:moves`));
          for (let i = 0; i < MAX_MOVES && fast.ok && slow.ok; i++) {
            const where = `${players} players, seed ${seed}, move ${i}`;
            const moves = legalMoves(fastGame, fast.state);
            expect(moves, where).toEqual(legalMoves(game, slow.state));
            if (moves.length === 0) break;
            const move = moves[rng.below(moves.length)] as Move;
            fast = step(fastGame, fast.state, move);
            slow = step(game, slow.state, move);
            same(fast, slow, where);
            steps++;
          }
        }
      }
      expect(steps).toBeGreaterThan(0);
    });
  });
});
