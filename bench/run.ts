/**
 * `npm run bench`: the speed figures of the pipeline, each as a ratio to a baseline workload
 * measured in the same run (see measure.ts). Run on a quiet machine for absolute numbers.
 */
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { compileGame, type CompiledGame } from '../src/compile/index.ts';
import { compileExpr, createLibrary, parseType, type Type } from '../src/lang/index.ts';
import { simulate } from '../src/sim/simulate.ts';
import { legalMoves, newGame } from '../src/engine/index.ts';
import { baseline, measure, type Figure } from './measure.ts';
import { measureStudioBench, studioReport } from './studio.ts';

const GAMES = join(import.meta.dirname, '../games');
const figures: Figure[] = [];

const t0 = performance.now();
baseline();
const baselineMs = performance.now() - t0;

for (const id of readdirSync(GAMES).filter((d) => existsSync(join(GAMES, d, 'game.yaml'))).sort()) {
  const base = { file: `${id}/game.yaml`, text: readFileSync(join(GAMES, id, 'game.yaml'), 'utf8') };
  let compiled: CompiledGame | undefined;
  figures.push(
    measure(`compile ${id} (parse, validate, check, compile)`, () => {
      compiled = compileGame({ base }).game;
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

/** Regicide's hand of 8 (solo, with the published extras: Aces, combos, enemies in hand). */
{
  const id = 'regicide';
  const read = (file: string): { file: string; text: string } => ({ file, text: readFileSync(join(GAMES, id, file), 'utf8') });
  const variants = ['immunity', 'jester', 'animal-companions', 'enemies-in-hand', 'combos', 'yield-limit', 'solo'].filter((v) => existsSync(join(GAMES, id, 'variants', `${v}.yaml`)));
  const game = existsSync(join(GAMES, id, 'game.yaml'))
    ? compileGame({ base: read('game.yaml'), variants: variants.map((v) => read(`variants/${v}.yaml`)) }).game
    : undefined;
  const start = game ? newGame(game, { players: 1, seed: 3 }) : undefined;
  if (game && start?.ok) {
    let count = 0;
    const f = measure('legal moves of a Regicide hand of 8 (solo, every extra): 100 listings', () => {
      for (let i = 0; i < 100; i++) count = legalMoves(game, start.state).length;
    });
    figures.push({ ...f, note: `${(f.ms / 100).toFixed(3)} ms per listing, ${count} moves` });
  }
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
  const e = measure('expression: 200k evaluations of `a + b * 2 > c and x in [1, 2, 3]`', () => {
    for (let i = 0; i < n; i++) expr.run(env);
  });
  const js = measure('the same in hand-written JavaScript', () => {
    let k = 0;
    for (let i = 0; i < n; i++) if (env.a + env.b * 2 > env.c && [1, 2, 3].includes(env.x)) k++;
    return k;
  });
  figures.push({ ...e, note: `${Math.round((n / e.ms) * 1000).toLocaleString('en')} evaluations/s, ${(e.ms / js.ms).toFixed(1)}× hand-written JS` });
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
