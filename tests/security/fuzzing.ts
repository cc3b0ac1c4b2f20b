/**
 * Fuzzers of the whole pipeline (issue 16), shared by `npm test` (a bounded number of cases) and
 * `npm run fuzz` (many more, printing what they found). A finding is an uncaught exception that
 * is not one of the pipeline's own located errors, or a case that took too long.
 *
 * - specs: the shipped games, mutated as data (values replaced, keys dropped, names reserved,
 *   numbers made huge) and as text (characters inserted and deleted), through parse → validate →
 *   variants → check → compile → a new game → up to `moves` random legal moves;
 * - schema specs: random specs drawn from the game schema itself (see schemaSpecs.ts), through the
 *   same pipeline;
 * - move logs: random lists of entries (well- and ill-formed, legal and illegal) through `replay`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { parse, stringify } from 'yaml';
import { compileGame, type CompiledGame } from '../../src/compile/index.ts';
import { EffectError, SpecRuntimeError } from '../../src/errors.ts';
import { legalMoves, newGame, replay, step, type GameState, type Move } from '../../src/engine/index.ts';
import { readMoveLog } from '../../src/engine/moveLog.ts';
import { drawnSpec, poolsOf, valueAt } from './schemaSpecs.ts';

const GAMES_DIR = join(import.meta.dirname, '../../games');
export const GAME_IDS = ['ten-thousand', 'regicide', 'cetatea', 'eight-masters-revenge'] as const;

const textOf = (id: string): string => readFileSync(join(GAMES_DIR, id, 'game.yaml'), 'utf8');

export interface Finding {
  readonly kind: 'exception' | 'slow';
  readonly where: string;
  readonly detail: string;
  readonly input: string;
}

export interface FuzzReport {
  readonly cases: number;
  readonly compiled: number;
  readonly moves: number;
  readonly findings: Finding[];
}

/** The pipeline's own errors: a spec's run-time errors, located or not. Anything else is a bug. */
const isOwnError = (error: unknown): boolean => error instanceof SpecRuntimeError || error instanceof EffectError;

const describe = (error: unknown): string =>
  error instanceof Error
    ? `${error.constructor.name}: ${error.message}\n${error.stack?.split('\n').slice(1, 4).join('\n') ?? ''}`
    : String(error);

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

const JUNK: readonly Json[] = [
  null,
  0,
  -1,
  1e300,
  100_000_000,
  1.5,
  '',
  'x',
  '__proto__',
  'constructor',
  true,
  [],
  {},
  [1, 'a'],
  { toString: 1 },
  'fold(range(0, 100000), [], (a, x) => a + [x])',
  'pow(10, 400)',
  '((((((((((1))))))))))',
  "'a\\",
  'len(range(0, 1e12))',
];

/** Paths to every value of a JSON document, up to a depth. */
const paths = (value: Json, depth = 6, prefix: (string | number)[] = []): (string | number)[][] => {
  if (depth === 0 || typeof value !== 'object' || value === null) return [prefix];
  const entries: [string | number, Json][] = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
  return [prefix, ...entries.flatMap(([k, v]) => paths(v, depth - 1, [...prefix, k]))];
};

type Mutation =
  | { op: 'set'; at: number; junk: number }
  | { op: 'graft'; at: number; seed: number }
  | { op: 'drop'; at: number }
  | { op: 'rename'; at: number; name: number }
  | { op: 'text'; at: number; insert: string; remove: number };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ op: fc.constant('set' as const), at: fc.nat(), junk: fc.nat() }),
  fc.record({ op: fc.constant('graft' as const), at: fc.nat(), seed: fc.nat() }),
  fc.record({ op: fc.constant('drop' as const), at: fc.nat() }),
  fc.record({ op: fc.constant('rename' as const), at: fc.nat(), name: fc.nat() }),
  fc.record({ op: fc.constant('text' as const), at: fc.nat(), insert: fc.string({ maxLength: 6 }), remove: fc.nat({ max: 8 }) }),
);

const RENAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'x', 'roll'];

/** The spec text after the mutations, applied in order. */
export const mutate = (text: string, mutations: readonly Mutation[]): string => {
  let current = text;
  for (const m of mutations) {
    if (m.op === 'text') {
      const at = m.at % (current.length + 1);
      current = current.slice(0, at) + m.insert + current.slice(at + m.remove);
      continue;
    }
    let value: Json;
    try {
      value = parse(current) as Json;
    } catch {
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    const all = paths(value).filter((p) => p.length > 0);
    const path = all[m.at % all.length];
    if (!path) continue;
    const parent = path.slice(0, -1).reduce<Json>((node, key) => (node as Record<string | number, Json>)[key] as Json, value) as Record<
      string | number,
      Json
    >;
    const key = path[path.length - 1] as string | number;
    if (m.op === 'set') parent[key] = JUNK[m.junk % JUNK.length] as Json;
    else if (m.op === 'graft') parent[key] = valueAt(path, m.seed, poolsOf(value)) ?? null;
    else if (m.op === 'drop') {
      if (Array.isArray(parent)) parent.splice(key as number, 1);
      else delete parent[key];
    } else if (!Array.isArray(parent)) {
      const renamed = RENAMES[m.name % RENAMES.length] as string;
      const entries = Object.entries(parent).map(([k, v]): [string, Json] => [k === key ? renamed : k, v]);
      for (const k of Object.keys(parent)) delete parent[k];
      for (const [k, v] of entries) Object.defineProperty(parent, k, { value: v, enumerable: true, writable: true, configurable: true });
    }
    current = stringify(value);
  }
  return current;
};

/** Plays up to `moves` random legal moves; returns how many were played. */
const playSome = (game: CompiledGame, seed: number, moves: number): number => {
  const start = newGame(game, { seed });
  if (!start.ok) return 0;
  let state: GameState = start.state;
  let rng = seed >>> 0;
  for (let played = 0; played < moves; played++) {
    const legal = legalMoves(game, state);
    if (legal.length === 0) return played;
    rng = (Math.imul(rng, 1_664_525) + 1_013_904_223) >>> 0;
    const result = step(game, state, legal[rng % legal.length] as Move);
    if (!result.ok) return played;
    state = result.state;
  }
  return moves;
};

/** Counts of the spec fuzzers, and what they found. */
interface SpecTally {
  compiled: number;
  played: number;
  readonly findings: Finding[];
}

/** One spec text through parse → … → compile → `moves` random moves; anything that escapes, or is slow, is a finding. */
const runSpec = (tally: SpecTally, name: string, text: string, gameSeed: number, moves: number, input: string, slowMs: number): void => {
  const t0 = performance.now();
  let where = 'compile';
  try {
    const { game } = compileGame({ base: { file: `${name}.yaml`, text } });
    if (game) {
      tally.compiled++;
      where = 'play';
      tally.played += playSome(game, gameSeed, moves);
    }
  } catch (error) {
    if (!isOwnError(error)) tally.findings.push({ kind: 'exception', where: `${name} ${where}`, detail: describe(error), input });
  }
  const ms = performance.now() - t0;
  if (ms > slowMs) tally.findings.push({ kind: 'slow', where: `${name} ${where}`, detail: `${Math.round(ms)} ms`, input });
};

/** Runs `property` over `numRuns` cases with a fresh tally; the report counts the cases it saw. */
const fuzzWith = <T>(
  numRuns: number,
  seed: number | undefined,
  arbitrary: fc.Arbitrary<T>,
  run: (tally: SpecTally, value: T) => void,
): FuzzReport => {
  const tally: SpecTally = { compiled: 0, played: 0, findings: [] };
  let cases = 0;
  fc.assert(
    fc.property(arbitrary, (value) => {
      cases++;
      run(tally, value);
    }),
    { numRuns, ...(seed !== undefined ? { seed } : {}) },
  );
  return { cases, compiled: tally.compiled, moves: tally.played, findings: tally.findings };
};

/** Mutated specs through the whole pipeline and `moves` random moves each. */
export const fuzzSpecs = (numRuns: number, moves: number, seed?: number, slowMs = 30_000): FuzzReport => {
  const texts = Object.fromEntries(GAME_IDS.map((id) => [id, textOf(id)]));
  return fuzzWith(
    numRuns,
    seed,
    fc.tuple(fc.constantFrom(...GAME_IDS), fc.array(mutation, { minLength: 1, maxLength: 3 }), fc.nat()),
    (tally, [id, mutations, gameSeed]) =>
      runSpec(tally, id, mutate(texts[id] as string, mutations), gameSeed, moves, JSON.stringify(mutations), slowMs),
  );
};

/** Specs drawn from the game schema through the whole pipeline and `moves` random moves each. */
export const fuzzSchemaSpecs = (numRuns: number, moves: number, seed?: number, slowMs = 30_000): FuzzReport =>
  fuzzWith(numRuns, seed, fc.tuple(fc.nat(), fc.nat()), (tally, [specSeed, gameSeed]) =>
    runSpec(tally, 'schema', stringify(drawnSpec(specSeed)), gameSeed, moves, `drawnSpec(${specSeed})`, slowMs),
  );

const entry: fc.Arbitrary<unknown> = fc.oneof(
  fc.record({
    move: fc.constantFrom('roll', 'bank', 'keep', 'play', 'yield', 'attack', '__proto__', 'x'),
    seat: fc.integer({ min: -1, max: 4 }),
  }),
  fc.record({
    move: fc.string({ maxLength: 5 }),
    seat: fc.nat({ max: 3 }),
    args: fc.dictionary(fc.constantFrom('dice', 'cards', 'card', 'target', '__proto__'), fc.jsonValue({ maxDepth: 2 })),
  }),
  fc.jsonValue({ maxDepth: 2 }),
);

/** Random move logs (and logs that begin with real legal moves) through `replay`. */
export const fuzzReplays = (numRuns: number, seed?: number): FuzzReport => {
  const findings: Finding[] = [];
  let cases = 0;
  let movesReplayed = 0;
  const games = GAME_IDS.map((id) => {
    const { game } = compileGame({ base: { file: `${id}.yaml`, text: textOf(id) } });
    if (!game) throw new Error(`${id} does not compile`);
    return game;
  });
  fc.assert(
    fc.property(
      fc.nat({ max: games.length - 1 }),
      fc.nat(),
      fc.nat({ max: 30 }),
      fc.array(entry, { maxLength: 8 }),
      (g, gameSeed, legalPrefix, tail) => {
        cases++;
        const game = games[g] as CompiledGame;
        try {
          // A prefix of real legal moves reaches deeper states before the random entries.
          const prefix: Move[] = [];
          const start = newGame(game, { seed: gameSeed });
          if (!start.ok) return;
          let state = start.state;
          for (let i = 0; i < legalPrefix; i++) {
            const legal = legalMoves(game, state);
            const move = legal[(gameSeed + i) % Math.max(1, legal.length)];
            if (!move) break;
            const next = step(game, state, move);
            if (!next.ok) break;
            prefix.push(move);
            state = next.state;
          }
          const log = readMoveLog(JSON.parse(JSON.stringify([...prefix, ...tail])) as unknown);
          if (typeof log === 'string') return;
          const result = replay(game, { seed: gameSeed }, log);
          movesReplayed += result.ok ? log.length : Math.max(0, result.index);
          if (!result.ok && typeof result.error !== 'string') throw new Error('replay gave no reason');
        } catch (error) {
          if (!isOwnError(error))
            findings.push({ kind: 'exception', where: `${GAME_IDS[g]} replay`, detail: describe(error), input: JSON.stringify(tail) });
        }
      },
    ),
    { numRuns, ...(seed !== undefined ? { seed } : {}) },
  );
  return { cases, compiled: games.length, moves: movesReplayed, findings };
};
