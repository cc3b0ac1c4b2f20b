/**
 * What the board reads through the spec's display (shown values with their `when` and `format`,
 * scores, seat and team names) is computed on a seat's view, as the studio draws it: over seeded
 * random games of every shipped game, no text of any seat's view, or a spectator's, is an error.
 * A display expression may read zones (Regicide's damage reads the enemy on the castle); it reads
 * them as that seat sees them.
 */
import { existsSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { legalMoves, step, viewOf } from '../../src/engine/index.ts';
import { scoreOf, seatName, shownVars, teamName } from '../../src/display/present.ts';
import { compile, start } from '../helpers/games.ts';

const games = readdirSync('games')
  .filter((d) => existsSync(`games/${d}/game.yaml`))
  .sort();

describe('the board reads without errors', () => {
  for (const id of games) {
    it(`${id}: every shown value, score and name of every seat's view`, () => {
      const game = compile(id);
      const failed: string[] = [];
      let shown = 0;
      for (const seed of [1, 2, 3]) {
        let state = start(game, 2, seed);
        let r = seed;
        for (let i = 0; i < 60; i += 1) {
          for (const seat of [null, 0, 1]) {
            const ctx = viewOf(game, state, seat).context;
            const texts = [
              ...shownVars(game, ctx, 'game'),
              ...[0, 1].flatMap((s) => [...shownVars(game, ctx, 'player', s), ...(scoreOf(game, ctx, s) ? [scoreOf(game, ctx, s)!] : [])]),
              ...(game.spec.teams?.ids ?? []).flatMap((_, t) => shownVars(game, ctx, 'team', t)),
            ].map((v) => `${v.label}: ${v.text}`);
            texts.push(
              seatName(game, ctx, 0),
              seatName(game, ctx, 1),
              ...(game.spec.teams?.ids ?? []).map((_, t) => teamName(game, ctx, t)),
            );
            shown += texts.length;
            failed.push(...texts.filter((t) => t.includes('⚠')).map((t) => `seed ${seed}, move ${i}, seat ${seat}: ${t}`));
          }
          const legal = legalMoves(game, state);
          if (state.context.result !== null || legal.length === 0) break;
          r = (r * 1103515245 + 12345) % 2 ** 31;
          const next = step(game, state, legal[r % legal.length]!);
          if (!next.ok) throw new Error(next.error);
          state = next.state;
        }
      }
      expect(shown).toBeGreaterThan(0);
      expect(failed.slice(0, 5)).toEqual([]);
    });
  }
});
