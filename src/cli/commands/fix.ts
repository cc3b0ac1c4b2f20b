/**
 * `houserules fix PATH... [--check]`: applies every fix a tool may apply unasked (a problem's only
 * fix) to games and variants in place, and says what it changed, file:line by file:line. A path is
 * a game folder, a folder of game folders, a game file (the game and all its variants) or one
 * variant file. `--check` changes nothing and exits 1 when something would change, for CI.
 */
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fixAll } from '../../assist/fixAll.ts';
import type { SourceFile } from '../../compile/index.ts';
import { readYamlText } from '../readText.ts';
import type { Command, Io } from '../command.ts';

/** One game's files, and which of them to fix. */
interface FixJob {
  readonly game: string;
  readonly variants: readonly string[];
  readonly targets: readonly string[];
}

const variantsOf = (gameFile: string): string[] => {
  const dir = join(dirname(gameFile), 'variants');
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.yaml'))
        .sort()
        .map((f) => join(dir, f))
    : [];
};

const wholeGame = (gameFile: string): FixJob => {
  const variants = variantsOf(gameFile);
  return { game: gameFile, variants, targets: [gameFile, ...variants] };
};

/** The jobs a path asks for, or why it asks for none. */
const jobsOf = (path: string): FixJob[] | string => {
  const full = resolve(path);
  if (!existsSync(full)) return `${path}: no such file or folder`;
  if (statSync(full).isDirectory()) {
    if (existsSync(join(full, 'game.yaml'))) return [wholeGame(join(full, 'game.yaml'))];
    const games = readdirSync(full)
      .sort()
      .map((name) => join(full, name, 'game.yaml'))
      .filter((file) => existsSync(file));
    return games.length > 0 ? games.map(wholeGame) : `${path}: no game.yaml in it or in a folder of it`;
  }
  const folder = dirname(full);
  const game = join(dirname(folder), 'game.yaml');
  if (basename(folder) === 'variants' && existsSync(game)) return [{ game, variants: variantsOf(game), targets: [full] }];
  return [wholeGame(full)];
};

const shown = (path: string): string => relative(process.cwd(), path) || path;

/** Fixes one game's files; the number of files changed (or that would change). */
const fixGame = (io: Io, job: FixJob, check: boolean): number => {
  const read = (path: string): SourceFile => ({ file: shown(path), text: readYamlText(path) });
  const base = read(job.game);
  const variants = job.variants.map(read);
  const result = fixAll(base, variants, new Set(job.targets.map(shown)));
  for (const m of result.made) io.out(`${m.file}:${m.line}:${m.column}: ${m.code}: ${check ? 'would fix' : 'fixed'}: ${m.title}`);
  for (const d of result.ambiguous) {
    const readings = (d.fixes ?? []).map((f) => f.title).join(' / ');
    io.out(`${d.file}:${d.line}:${d.column}: ${d.code}: left alone, choose one: ${readings} — ${d.message}`);
  }
  let changed = 0;
  for (const file of [base, ...variants]) {
    const text = result.texts.get(file.file);
    if (text === undefined || text === file.text) continue;
    changed++;
    if (!check) writeFileSync(resolve(file.file), text);
  }
  return changed;
};

export const fixCommand: Command = {
  name: 'fix',
  usage: 'fix <path>... [--check]',
  summary:
    "apply every problem's only fix to games and variants in place (a game folder, a game file, a variant file); --check changes nothing",
  options: {
    check: { type: 'boolean', help: 'change nothing; exit 1 when something would change (for CI)' },
  },
  run: async (paths, values, io) => {
    if (paths.length === 0) {
      io.err('name a game folder, a game file or a variant file');
      return 1;
    }
    const jobs: FixJob[] = [];
    for (const path of paths) {
      const found = jobsOf(path);
      if (typeof found === 'string') {
        io.err(found);
        return 1;
      }
      jobs.push(...found);
    }
    const check = values.check === true;
    const changed = jobs.reduce((sum, job) => sum + fixGame(io, job, check), 0);
    if (changed === 0) io.out('nothing to fix');
    else io.out(`${changed} file${changed === 1 ? '' : 's'} ${check ? 'would change' : 'changed'}`);
    return check && changed > 0 ? 1 : 0;
  },
};
