/** Test helpers: compile a shipped game from disk and drive it move by move. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { compileGame, type CompiledGame } from '../../src/compile/index.ts';
import { formatDiagnostic } from '../../src/spec/diagnostics.ts';
import { newGame, rig, step, legalMoves, activeStates, type GameState, type Json, type Move } from '../../src/engine/index.ts';

export const GAMES = join(import.meta.dirname, '../../games');

export const source = (game: string, variant?: string): { file: string; text: string } => {
  const file = variant ? join(GAMES, game, 'variants', `${variant}.yaml`) : join(GAMES, game, 'game.yaml');
  return { file, text: readFileSync(file, 'utf8') };
};

export const compile = (id: string, variants: readonly string[] = [], params: Record<string, Json> = {}): CompiledGame => {
  const { game, diagnostics } = compileGame({ base: source(id), variants: variants.map((v) => source(id, v)), params });
  const errors = diagnostics.filter((d) => d.severity === 'error').map(formatDiagnostic);
  expect(errors).toEqual([]);
  if (!game) throw new Error('no game');
  return game;
};

export const start = (game: CompiledGame, players = 2, seed: number | string = 1): GameState => {
  const result = newGame(game, { players, seed });
  if (!result.ok) throw new Error(result.error);
  return result.state;
};

export const play = (game: CompiledGame, state: GameState, move: string, args?: Record<string, Json>, seat = state.context.active): GameState => {
  const result = step(game, state, { move, seat, ...(args ? { args } : {}) });
  if (!result.ok) throw new Error(`${move}: ${result.error}`);
  return result.state;
};

export const refused = (game: CompiledGame, state: GameState, move: Move): string => {
  const result = step(game, state, move);
  if (result.ok) throw new Error(`${move.move} was accepted`);
  return result.error;
};

export const rollWith = (game: CompiledGame, state: GameState, faces: readonly number[]): GameState => play(game, rig(state, faces), 'roll');

export const moveNames = (game: CompiledGame, state: GameState): string[] => [...new Set(legalMoves(game, state).map((m) => m.move))].sort();

export const where = (state: GameState): string => activeStates(state.value).join('.');

/** The state with some game, player or team variables changed: a position to test from. */
export const withVars = (
  state: GameState,
  vars: { game?: Record<string, Json>; players?: Record<number, Record<string, Json>> },
): GameState => ({
  ...state,
  context: {
    ...state.context,
    game: { ...state.context.game, ...vars.game },
    players: state.context.players.map((p, seat) => ({ ...p, ...vars.players?.[seat] })),
  },
});
