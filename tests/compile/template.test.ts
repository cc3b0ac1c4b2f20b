/**
 * The studio's "New game" starts from templates/new-game.yaml: it must validate, compile with no
 * warning and play to an end, with a winner who reached the target.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileGame } from '../../src/compile/index.ts';
import { legalMoves, newGame, step, type GameState } from '../../src/engine/index.ts';
import { formatDiagnostic } from '../../src/spec/diagnostics.ts';

const file = join(import.meta.dirname, '../../templates/new-game.yaml');
const text = readFileSync(file, 'utf8');

const compiled = (params: Record<string, number> = {}) => {
  const { game, diagnostics } = compileGame({ base: { file, text }, params });
  expect(diagnostics.map(formatDiagnostic)).toEqual([]);
  if (!game) throw new Error('the template does not compile');
  return game;
};

describe('the new-game template', () => {
  it('compiles with no diagnostic at all', () => {
    expect(compiled().title).toBe('New game');
  });

  for (const players of [2, 3, 4]) {
    it(`plays to an end with ${players} players: the winner's total reached the target, nobody else's did`, () => {
      const game = compiled({ target: 30 });
      for (const seed of [1, 2, 3]) {
        const started = newGame(game, { players, seed });
        if (!started.ok) throw new Error(started.error);
        let state: GameState = started.state;
        for (let i = 0; i < 500 && state.context.result === null; i += 1) {
          const [move, ...others] = legalMoves(game, state);
          expect(others).toEqual([]);
          if (!move) throw new Error('no legal move in a running game');
          expect(move.seat).toBe(state.context.active);
          const next = step(game, state, move);
          if (!next.ok) throw new Error(next.error);
          state = next.state;
        }
        const winners = state.context.result?.winners ?? [];
        expect(winners).toHaveLength(1);
        const totals = state.context.players.map((p) => p.total as number);
        expect(totals[winners[0]!]).toBeGreaterThanOrEqual(30);
        expect(totals.filter((t) => t >= 30)).toHaveLength(1);
      }
    });
  }
});
