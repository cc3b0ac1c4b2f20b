/**
 * The `while` effect: effects repeated while a condition holds, checked before each run, bounded
 * by `max` (default WHILE_LIMIT) so a condition that never turns false stops with an error.
 */
import { describe, expect, it } from 'vitest';
import { compileGame, type CompiledGame } from '../../src/compile/index.ts';
import { WHILE_LIMIT } from '../../src/compile/effects/while.ts';
import { formatDiagnostic } from '../../src/spec/diagnostics.ts';
import { newGame, step, type Piece } from '../../src/engine/index.ts';

/** Three players; `fill` draws round the table, skipping full hands, until `params.want` cards are drawn. */
const spec = (loop: string): string => `
id: loops
title: Loops
players: { min: 3, max: 3 }
params:
  want: { type: number, default: 5, description: Cards to draw. }
  limit: { type: number, default: 2, description: The most cards in a hand. }
components:
  cards:
    deck:
      attributes: { n: number }
      product: { n: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] }
      start: pile
zones:
  pile: { holds: [deck], ordered: true }
  hand: { holds: [deck], owner: player }
vars:
  game:
    left: { type: number, initial: 0 }
    seat: { type: number, initial: 0 }
moves:
  fill:
    effects:
      - set: { game.left: params.want, game.seat: active }
${loop}
flow:
  initial: play
  states:
    play:
      on: { fill: play }
`;

const DRAW = `      - while: "game.left > 0 and len(zones.pile) > 0 and any(range(0, numPlayers), s => len(zones.hand[s]) < params.limit)"
        do:
          - if: "len(zones.hand[game.seat]) < params.limit"
            then:
              - move: { from: zones.pile, to: "zones.hand[game.seat]", count: 1, put: bottom }
              - add: { game.left: -1 }
          - set: { game.seat: "(game.seat + 1) % numPlayers" }`;

const build = (text: string, params: Record<string, number> = {}): { game?: CompiledGame; errors: string[] } => {
  const { game, diagnostics } = compileGame({ base: { file: 'loops.yaml', text }, params });
  return { game, errors: diagnostics.filter((d) => d.severity === 'error').map(formatDiagnostic) };
};

const fill = (game: CompiledGame) => {
  const start = newGame(game, { seed: 1 });
  if (!start.ok) throw new Error(start.error);
  return step(game, start.state, { move: 'fill', seat: 0 });
};

/** The hands after one `fill` with the given params. */
const hands = (params: Record<string, number>): number[][] => {
  const result = fill(build(spec(DRAW), params).game as CompiledGame);
  if (!result.ok) throw new Error(result.error);
  return (result.state.context.zones.hand as Piece[][]).map((h) => h.map((c) => c.n as number));
};

describe('while', () => {
  it('repeats its effects until the condition turns false, round the table skipping full hands', () => {
    const { game, errors } = build(spec(DRAW));
    expect(errors).toEqual([]);
    expect(game).toBeDefined();
    expect(hands({ want: 5 })).toEqual([[1, 4], [2, 5], [3]]);
    expect(hands({ want: 2 })).toEqual([[1], [2], []]);
  });

  it('stops when no hand has room, even with cards still wanted', () => {
    expect(hands({ want: 9 })).toEqual([
      [1, 4],
      [2, 5],
      [3, 6],
    ]);
  });

  it('runs nothing when the condition is false from the start', () => {
    expect(hands({ want: 0 })).toEqual([[], [], []]);
  });

  it('stops with an error, at the effect, when the condition still holds after max runs', () => {
    const loop = `      - while: "game.left > 0"
        max: 3
        do:
          - add: { game.seat: 1 }`;
    const result = fill(build(spec(loop)).game as CompiledGame);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toMatch(/while: the condition still holds after 3 runs/);
  });

  it(`is bounded by ${WHILE_LIMIT} runs without max`, () => {
    const loop = `      - while: "true"
        do:
          - add: { game.seat: 1 }`;
    const result = fill(build(spec(loop)).game as CompiledGame);
    expect(!result.ok && result.error).toMatch(new RegExp(`after ${WHILE_LIMIT} runs`));
  });

  it('type-checks the condition and the bound', () => {
    const loop = `      - while: "game.left"
        max: "'many'"
        do: []`;
    const { errors } = build(spec(loop));
    expect(errors).toHaveLength(2);
    expect(errors.join('\n')).toMatch(/bool/);
    expect(errors.join('\n')).toMatch(/number/);
  });
});
