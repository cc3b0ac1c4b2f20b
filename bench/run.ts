/**
 * `npm run bench`: both engines' speed (interpreter, compiled) against hand-written reference engines (bench/speed.ts),
 * legal-move listing, the editor loop, memory per game state, and the other pipeline figures as
 * ratios to a baseline workload measured in the same run (see measure.ts). `npm run -s bench --
 * --json` prints only the JSON: {games, allocatedPerMove, search, legalMovesUs, editorLoopMs, memoryPerStateBytes,
 * stepBudget}.
 * `--rounds N` sets the interleaved rounds (default 7); `--no-studio` skips the browser figures;
 * `--no-strength` skips the bots' strength table (strength.ts; `--strength-games N`,
 * `--strength-iterations N` and `--strength-vs-iterations N` set its games and the iterations of a
 * search's move in solo Regicide and in the two-seat games), which --json leaves out.
 * Speeds, legal-move listing and the editor loop are timed in the process's CPU time, which other
 * load on a shared machine does not inflate.
 */
import { readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { compileGame, type CompiledGame } from '../src/compile/index.ts';
import { Meter, compileExpr, createLibrary, parseType, type Type } from '../src/lang/index.ts';
import { selectEngine } from '../src/lang/emit/select.ts';
import { simulate } from '../src/sim/simulate.ts';
import { applyLegal, legalMoves, legalMovesWithEvents, newGame, type GameState } from '../src/engine/index.ts';
import { Rng, seedRng } from '../src/runtime/rng.ts';
import { median, pct, round } from '../src/sim/stats.ts';
import { baseline, bytesPerItem, cpuMicros, measure, warmUp, type Figure } from './measure.ts';
import { measureSpeed, SPEED_CONFIGS, WARM_UP_MS, type SpeedFigure } from './speed.ts';
import { measureAllocation, type AllocationFigure } from './allocation.ts';
import { measureSearchSpeed } from './searchSpeed.ts';
import { measureStudioBench, studioReport } from './studio.ts';
import { measureEditorLoop } from './editorLoop.ts';
import { measureStepBudget } from './stepBudget.ts';
import { compileShipped, compileShippedOn, GAMES, readShipped } from './games.ts';
import { measureStrength, STRENGTH_DEFAULTS, type StrengthOptions } from './strength.ts';

// A Node entry point: the rules' expressions run on the compiled tier unless a figure says otherwise.
selectEngine('compiled');

const json = process.argv.includes('--json');
const roundsAt = process.argv.indexOf('--rounds');
const rounds = roundsAt >= 0 ? Number(process.argv[roundsAt + 1]) : 7;

/** The number after `--flag`, or `fallback` when the flag is absent; anything else stops the bench. */
const numberFlag = (flag: string, fallback: number): number => {
  const at = process.argv.indexOf(flag);
  if (at < 0) return fallback;
  const value = Number(process.argv[at + 1]);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`${flag} needs a whole number of at least 1, not '${process.argv[at + 1] ?? ''}'`);
  return value;
};
const strength: StrengthOptions | undefined = process.argv.includes('--no-strength')
  ? undefined
  : {
      ...STRENGTH_DEFAULTS,
      games: numberFlag('--strength-games', STRENGTH_DEFAULTS.games),
      soloIterations: numberFlag('--strength-iterations', STRENGTH_DEFAULTS.soloIterations),
      versusIterations: numberFlag('--strength-vs-iterations', STRENGTH_DEFAULTS.versusIterations),
      onProgress: (line) => process.stderr.write(`${line.padEnd(100)}\r`),
    };

const read = readShipped;

/** The states of one random game, for listing legal moves and weighing states. */
const statesOf = (game: CompiledGame, players: number, seed: string, max: number): GameState[] => {
  const states: GameState[] = [];
  const rng = new Rng(seedRng(`${seed}:moves`));
  // A game that ends early is followed by the next seed's: a short Regicide game gave too few states to measure.
  for (let g = 0; states.length < max; g++) {
    const start = newGame(game, { players, seed: g === 0 ? seed : `${seed}:${g}` });
    if (!start.ok) throw new Error(start.error);
    let state = start.state;
    states.push(state);
    while (states.length < max) {
      const moves = legalMovesWithEvents(game, state);
      if (moves.length === 0) break;
      const next = applyLegal(game, state, moves[rng.below(moves.length)] as (typeof moves)[number]);
      if (!next.ok) break;
      state = next.state;
      states.push(state);
    }
  }
  return states;
};

/** Microseconds of CPU time a listing of `states`' legal moves takes, once the listing is warmed up (see `warmUp`). */
const legalMovesUs = (game: CompiledGame, states: readonly GameState[]): number => {
  const listAll = (): void => {
    for (const s of states) legalMoves(game, s);
  };
  warmUp(listAll, WARM_UP_MS);
  const times: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const t0 = cpuMicros();
    listAll();
    times.push((cpuMicros() - t0) / states.length);
  }
  return round(median(times), 2);
};

const gc = (globalThis as { gc?: () => void }).gc;

const MEMORY_STATES = 5000;

/**
 * Bytes of heap one more game state keeps, along games (states share what did not change), and
 * the size of one state as JSON (what saving or sending it costs). The heap figure needs node
 * --expose-gc (else 'run with node --expose-gc') and a heap that grew in every round (else 'not
 * measurable': see `bytesPerItem`); it is never a negative number.
 */
const memoryPerState = (game: CompiledGame, players: number): { heapBytes: number | string; jsonBytes: number } => {
  const states = statesOf(game, players, 'memory', MEMORY_STATES);
  const jsonBytes = Math.round(states.reduce((a, s) => a + JSON.stringify(s).length, 0) / states.length);
  if (!gc) return { heapBytes: 'run with node --expose-gc', jsonBytes };
  states.length = 0;
  const growths: number[] = [];
  for (let r = 0; r < 3; r++) {
    gc();
    const before = process.memoryUsage().heapUsed;
    const kept = statesOf(game, players, 'memory', MEMORY_STATES);
    gc();
    growths.push(process.memoryUsage().heapUsed - before);
    // Let go only now, so the states are still held when the heap is read.
    kept.length = 0;
  }
  return { heapBytes: bytesPerItem(growths, MEMORY_STATES) ?? 'not measurable', jsonBytes };
};

const speedGames = SPEED_CONFIGS.map((config) => ({
  config,
  games: {
    compiled: compileShippedOn('compiled', config.game, config.variants),
    interpreter: compileShippedOn('interpreter', config.game, config.variants),
  },
}));
const speeds: SpeedFigure[] = speedGames.map(({ config, games }) => measureSpeed(config, games, rounds));
const allocatedPerMove: AllocationFigure[] = [];
for (const { config, games } of speedGames) allocatedPerMove.push(await measureAllocation(config, games));

const searchSpeeds = measureSearchSpeed(rounds);

const tenThousand = compileShipped('ten-thousand');
const soloAll = compileShipped('regicide', ['immunity', 'jester', 'animal-companions', 'enemies-in-hand', 'combos', 'yield-limit', 'solo']);
const handOf8 = newGame(soloAll, { players: 1, seed: 3 });
const legal = {
  'ten-thousand': legalMovesUs(tenThousand, statesOf(tenThousand, 2, 'legal', 600)),
  regicide: legalMovesUs(compileShipped('regicide'), statesOf(compileShipped('regicide'), 2, 'legal', 600)),
  'regicide-solo-hand-of-8': handOf8.ok
    ? legalMovesUs(
        soloAll,
        Array.from({ length: 100 }, () => handOf8.state),
      )
    : NaN,
};

/** The largest shipped spec, compiled from its text as the editor does on a keystroke (editorLoop.ts). */
const largest = readdirSync(GAMES)
  .filter((d) => existsSync(join(GAMES, d, 'game.yaml')))
  .map((id) => read(id, 'game.yaml'))
  .sort((a, b) => b.text.length - a.text.length)[0] as { file: string; text: string };
// The editor compiles on each keystroke in the studio's page, where the interpreter runs.
selectEngine('interpreter');
const editorLoopMs = measureEditorLoop(largest, 5 * rounds);
selectEngine('compiled');

const memoryPerStateBytes = {
  'ten-thousand': memoryPerState(tenThousand, 2),
  regicide: memoryPerState(compileShipped('regicide'), 2),
};

const stepBudget = measureStepBudget(rounds);

if (json) {
  const games = speeds.map(({ id, referenceMovesPerSec, tiers }) => ({ id, referenceMovesPerSec, tiers }));
  console.log(
    JSON.stringify(
      { games, allocatedPerMove, search: searchSpeeds, legalMovesUs: legal, editorLoopMs, memoryPerStateBytes, stepBudget },
      null,
      2,
    ),
  );
  process.exit(0);
}

const pad = (s: string | number, n: number): string => String(s).padStart(n);
console.log(`both engines against hand-written reference engines: same games, single thread, ${rounds} interleaved rounds, medians`);
console.log(
  `${'game'.padEnd(16)}${pad('reference moves/s', 20)}${pad('interpreter', 14)}${pad('ratio', 9)}${pad('compiled', 14)}${pad('ratio', 9)}   goal ≤ 3`,
);
for (const s of speeds)
  console.log(
    `${s.id.padEnd(16)}${pad(s.referenceMovesPerSec.toLocaleString('en'), 20)}${pad(s.tiers.interpreter.movesPerSec.toLocaleString('en'), 14)}${pad(s.tiers.interpreter.ratio, 9)}${pad(s.tiers.compiled.movesPerSec.toLocaleString('en'), 14)}${pad(s.tiers.compiled.ratio, 9)}`,
  );
console.log('\nbytes allocated a move (sampled, the freed counted too), same games');
console.log(`${'game'.padEnd(16)}${pad('reference', 20)}${pad('interpreter', 14)}${pad('', 9)}${pad('compiled', 14)}`);
for (const a of allocatedPerMove)
  console.log(
    `${a.id.padEnd(16)}${pad(a.referenceBytesPerMove.toLocaleString('en'), 20)}${pad(a.tiers.interpreter.toLocaleString('en'), 14)}${pad('', 9)}${pad(a.tiers.compiled.toLocaleString('en'), 14)}`,
  );
console.log(
  `\nsearch iterations a second on each engine (same positions and iterations, ${rounds} interleaved rounds, medians)   goal: compiled ≥ 10× interpreter`,
);
for (const s of searchSpeeds)
  console.log(
    `${s.id.padEnd(16)}${s.bot.padEnd(8)}${pad(s.iterations, 4)} iterations a move   interpreter ${pad(s.iterationsPerSec.interpreter.toLocaleString('en'), 8)}/s   compiled ${pad(s.iterationsPerSec.compiled.toLocaleString('en'), 8)}/s   ${s.ratio}×`,
  );
console.log(
  `\nlegal moves, µs per listing: ${Object.entries(legal)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ')}`,
);
console.log(
  `editor loop (parse, validate, check, compile of ${editorLoopMs.spec} after a keystroke): median ${editorLoopMs.median} ms, p95 ${editorLoopMs.p95} ms (goal: median ≤ 20 ms); a file just opened: median ${editorLoopMs.cold.median} ms, p95 ${editorLoopMs.cold.p95} ms`,
);
console.log(
  `memory per game state: ${Object.entries(memoryPerStateBytes)
    .map(
      ([k, v]) => `${k} ${typeof v.heapBytes === 'string' ? `heap ${v.heapBytes}` : `${v.heapBytes} B of heap`}, ${v.jsonBytes} B as JSON`,
    )
    .join('; ')}`,
);
console.log(
  `expression step budget (bench/stepBudget.ts): \`${stepBudget.expression}\` takes ${stepBudget.steps.toLocaleString('en')} steps in ${stepBudget.workloadMs} ms; the counter costs ${stepBudget.stepNs} ns a step, ${pct(stepBudget.share)} of the workload's time (${stepBudget.slowdown}× the time without it)\n`,
);

const figures: Figure[] = [];
const t0 = performance.now();
baseline();
const baselineMs = performance.now() - t0;

for (const id of readdirSync(GAMES)
  .filter((d) => existsSync(join(GAMES, d, 'game.yaml')))
  .sort()) {
  let compiled: CompiledGame | undefined;
  figures.push(
    measure(`compile ${id} (parse, validate, check, compile)`, () => {
      compiled = compileGame({ base: read(id, 'game.yaml') }).game;
    }),
  );
  const game = compiled;
  if (!game) continue;
  const games = 20;
  let moves = 0;
  const sim = measure(
    `simulate ${id}: ${games} random games`,
    () => {
      moves = simulate(game, { games, seed: 1, maxTurns: 400 }).moves.mean * games;
    },
    3,
  );
  figures.push({ ...sim, note: `${Math.round((games / sim.ms) * 1000)} games/s, ${Math.round((moves / sim.ms) * 1000)} moves/s` });
}

const type = (t: string): Type => {
  const r = parseType(t);
  if (!r.ok) throw new Error(r.error);
  return r.type;
};
const scope = { a: type('number'), b: type('number'), c: type('number'), x: type('number') };
const { library } = createLibrary([], [], scope);
const expr = compileExpr('a + b * 2 > c and x in [1, 2, 3]', scope, library);
if (expr.ok) {
  const env = { a: 1, b: 2, c: 3, x: 2 };
  const n = 200_000;
  // One meter for the loop, as a move or a listing hands its own to every expression it runs.
  const meter = new Meter();
  const e = measure('expression: 200k evaluations of `a + b * 2 > c and x in [1, 2, 3]`', () => {
    for (let i = 0; i < n; i++) expr.run(env, meter);
  });
  const js = measure('the same in hand-written JavaScript', () => {
    let k = 0;
    for (let i = 0; i < n; i++) if (env.a + env.b * 2 > env.c && [1, 2, 3].includes(env.x)) k++;
    return k;
  });
  figures.push({
    ...e,
    note: `${Math.round((n / e.ms) * 1000).toLocaleString('en')} evaluations/s, ${(e.ms / js.ms).toFixed(1)}× hand-written JS`,
  });
}

/** The built studio in Debian's chromium (bench/studio.ts; skipped with --no-studio, or without chromium). */
const studioLines: string[] = [];
if (!process.argv.includes('--no-studio')) {
  try {
    studioLines.push(...studioReport(await measureStudioBench(undefined, 3), baselineMs));
  } catch (error) {
    studioLines.push(`studio figures skipped: ${(error as Error).message}`);
  }
}

console.log(`baseline workload: ${baselineMs.toFixed(1)} ms (ratios below are time / baseline time, lower is faster)\n`);
for (const f of figures) {
  console.log(`${f.name}\n  ${f.ms.toFixed(2)} ms   ratio ${f.ratio.toFixed(3)}${f.note ? `   ${f.note}` : ''}`);
}
for (const line of studioLines) console.log(line);

if (strength) {
  const lines = await measureStrength(strength);
  process.stderr.write(`${' '.repeat(100)}\r`);
  console.log('');
  for (const line of lines) console.log(line);
}
