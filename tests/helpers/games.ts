/** Test helpers: compile a shipped game from disk and drive it move by move. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { compileGame, type CompiledGame } from '../../src/compile/index.ts';
import { formatDiagnostic } from '../../src/spec/diagnostics.ts';
import { engineReport, type Engine } from '../../src/lang/index.ts';
import { selectEngine } from '../../src/lang/emit/select.ts';
import {
  newGame,
  rig,
  step,
  legalMoves,
  activeStates,
  type GameState,
  type Json,
  type Move,
  type Piece,
  type ZoneContents,
} from '../../src/engine/index.ts';

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

/**
 * `compile`, with the rules' expressions run by `engine` (src/lang/engine.ts): the compiled tier
 * must compile every expression, none falling back to the interpreter. The engine chosen before
 * is chosen again after.
 */
export const compileOn = (
  engine: Engine,
  id: string,
  variants: readonly string[] = [],
  params: Record<string, Json> = {},
): CompiledGame => {
  const before = engineReport();
  selectEngine(engine);
  try {
    const game = compile(id, variants, params);
    expect(engineReport()).toMatchObject({ engine, fallbacks: 0 });
    return game;
  } finally {
    selectEngine(before.engine);
  }
};

export const start = (game: CompiledGame, players = 2, seed: number | string = 1): GameState => {
  const result = newGame(game, { players, seed });
  if (!result.ok) throw new Error(result.error);
  return result.state;
};

export const play = (
  game: CompiledGame,
  state: GameState,
  move: string,
  args?: Record<string, Json>,
  seat = state.context.active,
): GameState => {
  const result = step(game, state, { move, seat, ...(args ? { args } : {}) });
  if (!result.ok) throw new Error(`${move}: ${result.error}`);
  return result.state;
};

export const refused = (game: CompiledGame, state: GameState, move: Move): string => {
  const result = step(game, state, move);
  if (result.ok) throw new Error(`${move.move} was accepted`);
  return result.error;
};

export const rollWith = (game: CompiledGame, state: GameState, faces: readonly number[]): GameState =>
  play(game, rig(state, faces), 'roll');

export const moveNames = (game: CompiledGame, state: GameState): string[] =>
  [...new Set(legalMoves(game, state).map((m) => m.move))].sort();

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

/** A zone of the game (`owner` omitted) or of one seat or team. */
export interface ZoneAt {
  readonly zone: string;
  readonly owner?: number;
}

/**
 * The state with the given pieces (by id) taken from wherever they are and put in a zone, in the
 * given order, on top (index 0) or at the bottom: a position to test from. With `replace`, the
 * pieces that were in the zone go to the bottom of that other zone, so the zone holds exactly the
 * given pieces. Every piece stays somewhere exactly once.
 */
export const withPieces = (
  state: GameState,
  to: ZoneAt,
  ids: readonly string[],
  options: { put?: 'top' | 'bottom'; replace?: ZoneAt } = {},
): GameState => {
  const wanted = new Set(ids);
  const found = new Map<string, Piece>();
  const zones: Record<string, ZoneContents> = {};
  for (const [name, contents] of Object.entries(state.context.zones)) {
    const strip = (list: readonly Piece[]): Piece[] =>
      list.filter((p) => {
        if (!wanted.has(p.id)) return true;
        found.set(p.id, p);
        return false;
      });
    zones[name] = isOwned(contents) ? contents.map(strip) : strip(contents);
  }
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0) throw new Error(`withPieces: no piece ${missing.join(', ')}`);
  const read = (at: ZoneAt): Piece[] => {
    const contents = zones[at.zone];
    if (contents === undefined) throw new Error(`withPieces: no zone ${at.zone}`);
    const list = isOwned(contents) ? contents[at.owner ?? -1] : at.owner === undefined ? contents : undefined;
    if (list === undefined) throw new Error(`withPieces: zone ${at.zone} has no owner ${String(at.owner)}`);
    return [...list];
  };
  const write = (at: ZoneAt, list: Piece[]): void => {
    const contents = zones[at.zone] as ZoneContents;
    if (!isOwned(contents)) zones[at.zone] = list;
    else zones[at.zone] = contents.map((l, i) => (i === at.owner ? list : l));
  };
  const moving = ids.map((id) => found.get(id) as Piece);
  if (options.replace) {
    const displaced = read(to);
    write(to, []);
    write(options.replace, [...read(options.replace), ...displaced]);
  }
  const target = read(to);
  write(to, options.put === 'bottom' ? [...target, ...moving] : [...moving, ...target]);
  return { ...state, context: { ...state.context, zones } };
};

const isOwned = (contents: ZoneContents): contents is readonly (readonly Piece[])[] => Array.isArray(contents[0]);
