/**
 * Issue 37: files written for version 1 of the rules language (before explicit overlays) keep
 * working. tests/fixtures/version1 holds the three games and their 21 variants as they were the
 * day before explicit overlays came (git 992d6c0^), each variant saying `houserules: 1`, and in
 * `expected/` the same variants as the maintainers rewrote them by hand for version 2 (992d6c0),
 * saying `houserules: 2`. A version 1 file is refused until it is brought up to date, with one
 * fix that means exactly what it meant; `houserules fix` applies it.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import { compileGame, type CompiledGame } from '../../src/compile/index.ts';
import { applyLegal, legalMovesWithEvents, newGame, type GameState } from '../../src/engine/index.ts';
import { applyEdits } from '../../src/parse/index.ts';
import { Rng, seedRng } from '../../src/runtime/rng.ts';
import { parseVariant } from '../../src/variants/index.ts';
import { applyVersion1 } from '../../src/variants/version1.ts';
import type { Plain } from '../../src/variants/merge.ts';
import type { Diagnostic } from '../../src/spec/diagnostics.ts';
import { runCli } from '../helpers/cli.ts';

const FIXTURES = join(import.meta.dirname, '../fixtures/version1');
const GAMES = ['ten-thousand', 'regicide', 'eight-masters-revenge'];
const read = (game: string, ...path: string[]): { file: string; text: string } => ({
  file: path.join('/'),
  text: readFileSync(join(FIXTURES, game, ...path), 'utf8'),
});
const variantsOf = (game: string): string[] => readdirSync(join(FIXTURES, game, 'variants')).sort();

/** The variant's problems when applied to its game with the variants it requires (the standard game requires six). */
const problemsOf = (game: string, name: string): Diagnostic[] => {
  const requires = parseVariant(read(game, 'variants', name)).variant?.spec.requires ?? [];
  const variants = [...requires.map((id) => read(game, 'variants', `${id}.yaml`)), read(game, 'variants', name)];
  return compileGame({ base: read(game, 'game.yaml'), variants }).diagnostics.filter((d) => d.file === `variants/${name}`);
};

describe('a variant written for version 1', () => {
  it('is refused with one fix, at its houserules key, that gives word for word what the maintainers wrote by hand, for all 21', () => {
    let count = 0;
    for (const game of GAMES) {
      for (const name of variantsOf(game)) {
        const [problem, ...others] = problemsOf(game, name);
        expect(others).toEqual([]);
        const line = read(game, 'variants', name).text.split('\n').indexOf('houserules: 1') + 1;
        expect(problem).toMatchObject({ code: 'language-version', severity: 'error', line, column: 1 });
        expect(problem?.message).toContain('is written for version 1 of the rules language');
        expect(problem?.fixes).toHaveLength(1);
        const fixed = applyEdits(read(game, 'variants', name).text, problem?.fixes?.[0]?.edits ?? []);
        expect(fixed, `${game}/${name}`).toBe(read(game, 'expected', name).text);
        count++;
      }
    }
    expect(count).toBe(21);
  });

  it('plays, brought up to date, exactly as version 1 read it: same moves, same states, same seeds', () => {
    /** A random game's moves and final context, each move chosen by a PRNG of `seed`. */
    const playOut = (game: CompiledGame, seed: number): { moves: string[]; end: GameState['context'] } => {
      const rng = new Rng(seedRng(`v1:${seed}`));
      const started = newGame(game, { seed });
      if (!started.ok) throw new Error(started.error);
      let state = started.state;
      const moves: string[] = [];
      for (let k = 0; k < 120 && state.context.result === null; k++) {
        const legal = legalMovesWithEvents(game, state);
        const pick = legal[rng.below(legal.length)];
        if (!pick) break;
        const next = applyLegal(game, state, pick);
        if (!next.ok) throw new Error(next.error);
        moves.push(JSON.stringify(pick.move));
        state = next.state;
      }
      return { moves, end: state.context };
    };
    for (const [game, name] of [
      ['ten-thousand', 'joker.yaml'],
      ['ten-thousand', 'cumulative-sets.yaml'],
      ['regicide', 'jester.yaml'],
      ['eight-masters-revenge', 'dragon-counter.yaml'],
    ] as const) {
      const base = read(game, 'game.yaml');
      const old = parseVariant(read(game, 'variants', name)).variant;
      if (!old) throw new Error(`${name} does not read`);
      // Version 1's reading, made by its own rules, compiled as a game of its own.
      const merged = applyVersion1(compileGame({ base }).game?.spec as unknown as Plain, old.spec);
      expect(merged.problems).toEqual([]);
      const then = compileGame({ base: { file: 'then.yaml', text: stringify(merged.value) } }).game;
      const now = compileGame({ base, variants: [read(game, 'expected', name)] }).game;
      if (!then || !now) throw new Error(`${name} does not compile`);
      for (const seed of [1, 2, 3]) expect(playOut(now, seed), `${name}, seed ${seed}`).toEqual(playOut(then, seed));
    }
  });

  it('houserules fix brings a game folder of them up to date in one command; a second run changes nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'houserules-v1-'));
    try {
      cpSync(join(FIXTURES, 'ten-thousand'), join(dir, 'ten-thousand'), { recursive: true });
      const first = await runCli(['fix', join(dir, 'ten-thousand')]);
      expect(first.code).toBe(0);
      expect(first.out.split('\n').at(-1)).toBe('12 files changed');
      for (const name of variantsOf('ten-thousand')) {
        expect(readFileSync(join(dir, 'ten-thousand', 'variants', name), 'utf8')).toBe(read('ten-thousand', 'expected', name).text);
      }
      expect(await runCli(['fix', '--check', join(dir, 'ten-thousand')])).toMatchObject({ code: 0, out: 'nothing to fix' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is refused without a fix, saying why, when no version 2 text means the same', () => {
    // Version 1 placed a new item by an anchor that is not there at the end, silently; version 2 refuses it.
    const text = read('ten-thousand', 'variants', 'joker.yaml').text.replace('$after: gather', '$after: gathr');
    const variant = { file: 'variants/joker.yaml', text };
    const [problem] = compileGame({ base: read('ten-thousand', 'game.yaml'), variants: [variant] }).diagnostics.filter(
      (d) => d.code === 'language-version',
    );
    expect(problem?.message).toContain('cannot be written for version 2 meaning exactly the same');
    expect(problem?.fixes).toBeUndefined();
  });
});

describe('a variant that says no version', () => {
  it('that version 1 would apply as it stands: read as version 2, both readings offered, and fix picks neither', async () => {
    const text = read('ten-thousand', 'variants', 'full-house.yaml').text.replace('houserules: 1\n', '');
    const diagnostics = compileGame({
      base: read('ten-thousand', 'game.yaml'),
      variants: [{ file: 'variants/full-house.yaml', text }],
    }).diagnostics;
    const version = diagnostics.find((d) => d.code === 'language-version');
    expect(version).toMatchObject({ severity: 'warning' });
    expect(version?.message).toContain('does not say which version of the rules language it is written for');
    expect(version?.fixes?.map((f) => f.title)).toEqual([
      'It is written for version 1 (houserules: 1)',
      'It is written for version 2 (houserules: 2)',
    ]);
    // The problems version 2 finds are there too, located, with their own fixes.
    expect(diagnostics.some((d) => d.code === 'variant' && d.severity === 'error')).toBe(true);
    // Saying version 1 is one edit, before the first key; then the file's one fix brings it up to date.
    const said = applyEdits(text, version?.fixes?.[0]?.edits ?? []) as string;
    expect(said).toBe(read('ten-thousand', 'variants', 'full-house.yaml').text);
  });

  it('that applies as version 2: nothing said, it is read as the current version', () => {
    const text = read('ten-thousand', 'expected', 'full-house.yaml').text.replace('houserules: 2\n', '');
    expect(
      compileGame({ base: read('ten-thousand', 'game.yaml'), variants: [{ file: 'variants/full-house.yaml', text }] }).diagnostics,
    ).toEqual([]);
  });

  it('a version the language does not have is refused by the schema', () => {
    const text = read('ten-thousand', 'expected', 'full-house.yaml').text.replace('houserules: 2', 'houserules: 3');
    const [problem] = compileGame({
      base: read('ten-thousand', 'game.yaml'),
      variants: [{ file: 'variants/full-house.yaml', text }],
    }).diagnostics;
    expect(problem).toMatchObject({ file: 'variants/full-house.yaml', line: 2 });
  });
});
