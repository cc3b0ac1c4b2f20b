/**
 * Pieces read as the display names them, never by engine id ("d6-2", "card-38"), in the log lines
 * the specs write and in moves as text, over seeded random games of every shipped game.
 */
import { existsSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { legalMoves, logText, step, type GameState, type Piece } from '../../src/engine/index.ts';
import { moveText, pieceNamerOf } from '../../src/display/present.ts';
import { compile, start } from '../helpers/games.ts';

const games = readdirSync('games')
  .filter((d) => existsSync(`games/${d}/game.yaml`))
  .sort();

const idsOf = (state: GameState): string[] =>
  Object.values(state.context.zones)
    .flatMap((z) => (z as readonly (Piece | readonly Piece[])[]).flatMap((x) => (Array.isArray(x) ? (x as Piece[]) : [x as Piece])))
    .map((p) => p.id);

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('pieces by their display names', () => {
  for (const id of games) {
    it(`${id}: no piece id in the log or in a move's text`, () => {
      const game = compile(id);
      for (const seed of [1, 2, 3]) {
        let state = start(game, 2, seed);
        const ids = idsOf(state);
        expect(ids.length).toBeGreaterThan(0);
        const anyId = new RegExp(`(?<![\\w-])(${ids.map(escapeRegExp).join('|')})(?![\\w-])`);
        const lines: string[] = state.context.log.map(logText);
        let r = seed;
        for (let i = 0; i < 80 && state.context.result === null; i += 1) {
          const legal = legalMoves(game, state);
          if (legal.length === 0) break;
          for (const m of legal.slice(0, 20)) lines.push(moveText(game, state.context, m, pieceNamerOf(game, state.context)));
          r = (r * 1103515245 + 12345) % 2 ** 31;
          const next = step(game, state, legal[r % legal.length]!);
          if (!next.ok) throw new Error(next.error);
          state = next.state;
          lines.push(...state.context.log.map(logText));
        }
        expect(lines.filter((l) => anyId.test(l))).toEqual([]);
      }
    });
  }
});
