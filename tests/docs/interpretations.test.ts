/**
 * docs/INTERPRETATIONS.md lists every disputed reading of the shipped games: each param whose
 * description calls itself a disputed reading, an interpretation or an assumption (in a game or in
 * any of its variants) is named there, with its rule ids; and README and LANGUAGE.md link to it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listGames } from '../../src/cli/catalog.ts';
import { withRequirements } from '../../src/variants/requirements.ts';
import { compile } from '../helpers/games.ts';

const ROOT = join(import.meta.dirname, '../..');
const page = readFileSync(join(ROOT, 'docs/INTERPRETATIONS.md'), 'utf8');

const readings = (): { game: string; name: string; rules: readonly string[] }[] => {
  const found = new Map<string, { game: string; name: string; rules: readonly string[] }>();
  for (const g of listGames()) {
    const requiresOf = (id: string) => g.variants.find((v) => v.id === id)?.requires;
    for (const variants of [[], ...g.variants.map((v) => withRequirements([v.id], requiresOf))]) {
      for (const [name, spec] of Object.entries(compile(g.id, variants).spec.params ?? {})) {
        if (/disputed|interpretation|assumption/i.test(spec.description))
          found.set(`${g.id}/${name}`, { game: g.id, name, rules: spec.rules ?? [] });
      }
    }
  }
  return [...found.values()];
};

describe('docs/INTERPRETATIONS.md', () => {
  it('names every param that carries a disputed reading, with its rule ids', () => {
    const all = readings();
    expect(all.map((r) => r.name)).toEqual(
      expect.arrayContaining([
        'bankResetsTicks',
        'lastRoundEnds',
        'sixOnes',
        'fullHouseFactor',
        'noFifties',
        'soloYield',
        'paralysis',
        'counterOnMiss',
      ]),
    );
    const missing = all.filter((r) => !page.includes(`\`${r.name}\``)).map((r) => `${r.game}/${r.name}`);
    expect(missing).toEqual([]);
    const rows = page.split('\n');
    const withoutRules = all.filter((r) => {
      const row = rows.find((line) => line.startsWith('|') && (line.split('|')[2] ?? '').trim().startsWith(`\`${r.name}\``));
      return !row || !r.rules.every((id) => row.includes(id));
    });
    expect(withoutRules.map((r) => `${r.game}/${r.name}`)).toEqual([]);
  });

  it('every such param names its rules in its description too', () => {
    const unnamed = readings()
      .filter((r) => r.rules.length === 0)
      .map((r) => `${r.game}/${r.name}`);
    expect(unnamed).toEqual([]);
  });

  it('README and docs/LANGUAGE.md link to it', () => {
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8')).toContain('docs/INTERPRETATIONS.md');
    expect(readFileSync(join(ROOT, 'docs/LANGUAGE.md'), 'utf8')).toContain('INTERPRETATIONS.md');
  });
});
