/**
 * Every rule id cited anywhere in games/, tests/ or docs/ is in its game's rulebook, in every
 * language; every translation has the English ids; every glossary term has all four languages.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { listGames } from '../../src/cli/catalog.ts';
import { readGameRulebooks, rulebookDir } from '../../src/cli/rulebookFiles.ts';
import { citationPattern, citationsIn, idsOf, LANGUAGES, prefixOf, type GameRulebooks, type Lang } from '../../src/rulebook/index.ts';

const ROOT = resolve(import.meta.dirname, '../..');

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name.startsWith('.')) return [];
    return statSync(path).isDirectory() ? files(path) : /\.(ya?ml|ts|tsx|md|json)$/.test(name) ? [path] : [];
  });

const games = listGames();
const read = games.map((g) => ({ game: g, ...readGameRulebooks(g) }));

describe('the rulebooks', () => {
  it('every game has an English rulebook and every rulebook reads without errors', () => {
    expect(read.filter((r) => !r.rulebooks).map((r) => r.game.id)).toEqual([]);
    expect(read.flatMap((r) => r.diagnostics.filter((d) => d.severity === 'error'))).toEqual([]);
  });

  it('every translation of a game has the English ids, in order, and nothing falls back', () => {
    for (const { game, rulebooks, diagnostics } of read) {
      const english = idsOf((rulebooks as GameRulebooks).books.en!);
      for (const book of Object.values(rulebooks!.books)) expect(idsOf(book), `${game.id} ${book.lang}`).toEqual(english);
      expect(diagnostics, game.id).toEqual([]);
    }
  });

  it('every game has its rulebook in all four languages', () => {
    const missing = read.flatMap((r) => LANGUAGES.filter((lang: Lang) => !r.rulebooks?.books[lang]).map((lang) => `${r.game.id} ${lang}`));
    expect(missing).toEqual([]);
  });

  it('no two games number their rules with the same prefix, so a citation names its game', () => {
    const prefixes = read.flatMap((r) => [...new Set(idsOf(r.rulebooks!.books.en!).map(prefixOf))]);
    expect(new Set(prefixes).size).toBe(prefixes.length);
  });

  it("every rule id cited in games/, tests/ and docs/ is in its game's rulebook, in every language it has", () => {
    const owners = new Map(read.flatMap((r) => [...new Set(idsOf(r.rulebooks!.books.en!).map(prefixOf))].map((p) => [p, r] as const)));
    const pattern = citationPattern(owners.keys());
    const unknown: string[] = [];
    let cited = 0;
    for (const file of ['games', 'tests', 'docs'].flatMap((d) => files(join(ROOT, d)))) {
      const text = readFileSync(file, 'utf8');
      for (const c of citationsIn(text, pattern)) {
        const owner = owners.get(prefixOf(c.id))!;
        cited++;
        for (const book of Object.values(owner.rulebooks!.books)) {
          if (!idsOf(book).includes(c.id)) unknown.push(`${relative(ROOT, file)}: ${c.id} (${owner.game.id}, ${book.lang})`);
        }
      }
    }
    expect(cited).toBeGreaterThan(1000);
    expect([...new Set(unknown)]).toEqual([]);
  });

  it('every glossary term is given in all four languages', () => {
    for (const { game } of read) {
      const glossary = parse(readFileSync(join(rulebookDir(game), 'glossary.yaml'), 'utf8')) as {
        game: string;
        terms: Record<string, Record<string, string>>;
      };
      expect(glossary.game).toBe(game.id);
      const gaps = Object.entries(glossary.terms).flatMap(([term, t]) => LANGUAGES.filter((l) => !t[l]?.trim()).map((l) => `${term}.${l}`));
      expect(gaps, game.id).toEqual([]);
    }
  });
});
