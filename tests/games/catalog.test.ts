/**
 * Every shipped game and variant: a variant's requires and conflicts name variants that exist,
 * each variant compiles on its own (with what it requires) without errors or warnings, and every
 * param it declares has a title, which the house-rules panel labels its control with.
 */
import { describe, expect, it } from 'vitest';
import { listGames } from '../../src/cli/catalog.ts';
import { withRequirements } from '../../src/variants/requirements.ts';
import { compileGame } from '../../src/compile/index.ts';
import { formatDiagnostic } from '../../src/spec/diagnostics.ts';
import { source } from '../helpers/games.ts';

const games = listGames();

describe('shipped games and variants', () => {
  it('there are the four games', () => {
    expect(games.map((g) => g.id)).toEqual(expect.arrayContaining(['cetatea', 'eight-masters-revenge', 'regicide', 'ten-thousand']));
  });

  for (const game of games) {
    it(`${game.id}: requires and conflicts name variants of the game`, () => {
      const ids = new Set(game.variants.map((v) => v.id));
      const dangling = game.variants.flatMap((v) =>
        [...v.requires, ...v.conflicts].filter((id) => !ids.has(id)).map((id) => `${v.id} → ${id}`),
      );
      expect(dangling).toEqual([]);
    });

    it(`${game.id}: the base game and each variant compile cleanly`, () => {
      const problems: string[] = [];
      const base = compileGame({ base: source(game.id) });
      problems.push(...base.diagnostics.map(formatDiagnostic));
      for (const variant of game.variants) {
        const ids = withRequirements([variant.id], (id) => game.variants.find((v) => v.id === id)?.requires);
        const { diagnostics } = compileGame({ base: source(game.id), variants: ids.map((id) => source(game.id, id)) });
        problems.push(...diagnostics.map((d) => `${variant.id}: ${formatDiagnostic(d)}`));
      }
      expect(problems).toEqual([]);
    });

    it(`${game.id}: every param of the base game and its variants has a title for people`, () => {
      const untitled = new Set<string>();
      for (const variant of [undefined, ...game.variants]) {
        const ids = variant ? withRequirements([variant.id], (id) => game.variants.find((v) => v.id === id)?.requires) : [];
        const compiled = compileGame({ base: source(game.id), variants: ids.map((id) => source(game.id, id)) }).game;
        for (const [name, p] of Object.entries(compiled?.params ?? {})) if (!p.title) untitled.add(name);
      }
      expect([...untitled]).toEqual([]);
    });
  }
});
