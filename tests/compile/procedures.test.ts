/**
 * Procedures: named effect lists with typed parameters, run by `call`. Checked once, typed at
 * each call, never recursive, and warned about when no one calls them.
 */
import { describe, expect, it } from 'vitest';
import { compileGame } from '../../src/compile/index.ts';
import { formatDiagnostic } from '../../src/spec/diagnostics.ts';
import { newGame, step, type Piece } from '../../src/engine/index.ts';

const spec = (procedures: string, call: string): string => `
id: procs
title: Procedures
players: { min: 2, max: 2 }
components:
  cards:
    deck:
      attributes: { n: number }
      product: { n: [1, 2, 3, 4, 5, 6] }
      start: pile
zones:
  pile: { holds: [deck], ordered: true }
  used: { holds: [deck], ordered: true }
  hand: { holds: [deck], owner: player }
vars:
  player:
    drawn: { type: number, initial: 0 }
moves:
  go:
    effects:
${call}
procedures:
${procedures}
flow:
  initial: play
  states:
    play:
      on:
        go: play
`;

const DRAW = `
  draw:
    description: Draw n cards, turning the used pile over when the pile runs out.
    params: { seat: number, n: number }
    effects:
      - while: "game_n_left(n) > 0"
        do: []
`;

const compile = (procedures: string, call: string) => {
  const { game, diagnostics } = compileGame({ base: { file: 'procs.yaml', text: spec(procedures, call) } });
  return { game, messages: diagnostics.map(formatDiagnostic) };
};

const REFILL = `
  refill:
    params: { seat: number, n: number }
    effects:
      - if: "len(zones.pile) < n"
        then:
          - move: { from: zones.used, to: zones.pile }
      - move: { from: zones.pile, to: "zones.hand[seat]", count: n }
      - add: { "players[seat].drawn": n }
`;

describe('procedures', () => {
  it('run with their parameters bound, once per call', () => {
    const { game, messages } = compile(
      REFILL,
      `      - call: refill\n        with: { seat: seat, n: 2 }\n      - call: refill\n        with: { seat: 1 - seat, n: 3 }`,
    );
    expect(messages).toEqual([]);
    if (!game) throw new Error('no game');
    const start = newGame(game, { seed: 1 });
    if (!start.ok) throw new Error(start.error);
    const after = step(game, start.state, { move: 'go', seat: 0 });
    if (!after.ok) throw new Error(after.error);
    const hands = after.state.context.zones.hand as Piece[][];
    expect(hands.map((h) => h.length)).toEqual([2, 3]);
    expect(after.state.context.players.map((p) => p.drawn)).toEqual([2, 3]);
  });

  it('type-check each argument against the parameter, and name missing or unknown ones', () => {
    const { messages } = compile(REFILL, `      - call: refill\n        with: { seat: "'zero'", n: 2, m: 1 }`);
    expect(messages.join('\n')).toMatch(/procs\.yaml:\d+:\d+: error: expected number, found string/);
    expect(messages.join('\n')).toMatch(/has no parameter 'm'/);
    const missing = compile(REFILL, `      - call: refill\n        with: { seat: 0 }`).messages.join('\n');
    expect(missing).toMatch(/procedure 'refill' needs 'n'/);
  });

  it('refuse an unknown procedure and one that calls itself', () => {
    expect(compile(REFILL, `      - call: refil`).messages.join('\n')).toMatch(/there is no procedure 'refil' \(procedures: refill\)/);
    const loop = `
  a:
    effects:
      - call: b
  b:
    effects:
      - call: a
`;
    expect(compile(loop, `      - call: a`).messages.join('\n')).toMatch(/procedure '(a|b)' calls itself/);
  });

  it('check a procedure no one calls', () => {
    const { game, messages } = compile(`${REFILL}${DRAW}`, `      - call: refill\n        with: { seat: 0, n: 1 }`);
    expect(game).toBeUndefined();
    expect(messages.join('\n')).toMatch(/unknown (name|function) 'game_n_left'/);
  });

  it('warn about a procedure that nothing calls', () => {
    const unused = compile(`${REFILL}  spare:\n    effects: []\n`, `      - call: refill\n        with: { seat: 0, n: 1 }`);
    expect(unused.game).toBeDefined();
    expect(unused.messages).toEqual([expect.stringMatching(/warning: procedure 'spare' is never called/)]);
  });
});
