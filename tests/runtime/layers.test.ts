/**
 * The pipeline's folders import in one direction only: a stage may use the stages before it,
 * never one after it. In particular compile and engine meet in src/runtime and never import each
 * other both ways, and the bench's reference engines are never imported by src/.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(import.meta.dirname, '../../src');
const ORDER = [
  'lang',
  'spec',
  'parse',
  'validate',
  'check',
  'variants',
  'rulebook',
  'locale',
  'runtime',
  'compile',
  'engine',
  'display',
  'analyze',
  'bots',
  'sim',
  'assist',
  'server',
  'lsp',
  'cli',
  'studio',
];

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) ? [path] : [];
  });

const IMPORT = /(?:import|export)\s[^'"]*?from\s+'([^']+)'|import\('([^']+)'\)/g;

/** Every relative import of the sources, as [importing folder, imported path]. */
const imports = (): { from: string; file: string; target: string }[] =>
  files(SRC).flatMap((file) => {
    const from = relative(SRC, file).split(sep)[0] as string;
    return [...readFileSync(file, 'utf8').matchAll(IMPORT)]
      .map((m) => m[1] ?? m[2] ?? '')
      .filter((spec) => spec.startsWith('.'))
      .map((spec) => ({ from, file: relative(SRC, file), target: relative(SRC, resolve(dirname(file), spec)) }));
  });

describe('folder layering', () => {
  it('every folder of src/ is placed in the pipeline order', () => {
    const folders = readdirSync(SRC).filter((d) => statSync(join(SRC, d)).isDirectory());
    expect(folders.filter((d) => !ORDER.includes(d))).toEqual([]);
  });

  it('no stage imports a later stage (so compile and engine have no cycle)', () => {
    const backwards = imports().filter(({ from, target }) => {
      const to = target.split(sep)[0] as string;
      return ORDER.includes(to) && ORDER.indexOf(to) > ORDER.indexOf(from);
    });
    expect(backwards.map((i) => `${i.file} imports ${i.target}`)).toEqual([]);
  });

  it('src/ never imports bench/ (the reference engines are for measuring and testing only)', () => {
    expect(
      imports()
        .filter((i) => i.target.startsWith(`..${sep}bench`))
        .map((i) => `${i.file} imports ${i.target}`),
    ).toEqual([]);
  });
});
