/**
 * Die faces written as an expression over params: computed with the param values in force, typed
 * as numbers or words like a listed die, and reported at the expression when they are wrong.
 */
import { describe, expect, it } from 'vitest';
import { compileGame } from '../../src/compile/index.ts';
import { formatDiagnostic } from '../../src/spec/diagnostics.ts';
import { newGame, rig, step, type Piece } from '../../src/engine/index.ts';

const spec = (faces: string): string => `
id: faces-test
title: Faces
players: { min: 1, max: 2 }
params:
  plus: { type: number, default: 3, min: 0, max: 6, description: How many faces show a plus. }
  sides: { type: number, default: 4, min: 1, max: 20, description: The faces of the number die. }
components:
  dice:
    sign: { faces: ${JSON.stringify(faces)}, count: 1, start: pool }
    num: { faces: "range(1, params.sides + 1)", count: 1, start: other }
zones:
  pool: { holds: [sign] }
  other: { holds: [num] }
vars:
  game:
    shown: { type: string, initial: "''" }
moves:
  roll:
    effects:
      - roll: zones.pool
      - set: { game.shown: "first(zones.pool).face" }
flow:
  initial: play
  states:
    play:
      on: { roll: play }
`;

const compile = (faces: string, params: Record<string, number> = {}) =>
  compileGame({ base: { file: 'faces.yaml', text: spec(faces) }, params });

describe('die faces as an expression over params', () => {
  it('computes the faces with the defaults, and again with other param values', () => {
    const { game } = compile("repeat('+', params.plus) + repeat('-', 6 - params.plus)");
    expect(game?.spec.components?.dice?.sign?.faces).toEqual(['+', '+', '+', '-', '-', '-']);
    expect(game?.spec.components?.dice?.num?.faces).toEqual([1, 2, 3, 4]);
    const other = compile("repeat('+', params.plus) + repeat('-', 6 - params.plus)", { plus: 5, sides: 2 }).game;
    expect(other?.spec.components?.dice?.sign?.faces).toEqual(['+', '+', '+', '+', '+', '-']);
    expect(other?.spec.components?.dice?.num?.faces).toEqual([1, 2]);
  });

  it('rolls only those faces, and the face is typed like a listed die (words here)', () => {
    const { game, diagnostics } = compile("repeat('+', params.plus) + repeat('-', 6 - params.plus)", { plus: 6 });
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    if (!game) throw new Error('no game');
    const started = newGame(game, { players: 1, seed: 3 });
    if (!started.ok) throw new Error(started.error);
    const rolled = step(game, started.state, { move: 'roll', seat: 0 });
    expect(rolled.ok && rolled.state.context.game.shown).toBe('+');
    expect((started.state.context.zones.pool as Piece[])[0]?.face).toBe('+');
    const rigged = step(game, rig(started.state, ['-']), { move: 'roll', seat: 0 });
    expect(rigged.ok ? '' : rigged.error).toMatch(/has no face "-"/);
  });

  it('reports an expression that does not give a list of faces, at its place in the file', () => {
    const bad = compile('params.plus');
    expect(bad.game).toBeUndefined();
    expect(bad.diagnostics.map(formatDiagnostic).join('\n')).toMatch(
      /faces\.yaml:\d+:\d+: error: faces must be a list of numbers or of words; this expression gives number/,
    );
    const unknown = compile('range(1, params.nothing)');
    expect(unknown.diagnostics.map(formatDiagnostic).join('\n')).toMatch(/nothing/);
    const empty = compile("repeat('+', params.plus)", { plus: 0 });
    expect(empty.diagnostics.map(formatDiagnostic).join('\n')).toMatch(/die 'sign' has no faces with these params/);
  });
});
