/**
 * A zone's `holds`: a move or a deal that would put a piece of another kind into a zone stops the
 * game with an error located at the effect, and one that can (some or all of a zone's pieces, into
 * a zone that does not hold every kind of it) is warned of at its `to` when the spec is opened.
 */
import { describe, expect, it } from 'vitest';
import { compileGame, type CompiledGame } from '../../src/compile/index.ts';
import { formatDiagnostic } from '../../src/spec/diagnostics.ts';
import { newGame, step, type Piece } from '../../src/engine/index.ts';

/** A box of coins and tiles; the pile and the hands hold tiles only. */
const spec = (effects: string): string => `
id: holding
title: Holding
players: { min: 2, max: 2 }
components:
  cards:
    tile:
      attributes: { n: number }
      product: { n: [1, 2, 3] }
      start: box
    coin:
      attributes: { n: number }
      list:
        - { n: 0 }
      start: box
zones:
  box: { holds: [tile, coin], ordered: true }
  pile: { holds: [tile], ordered: true }
  hand: { holds: [tile], owner: player }
moves:
  go:
    effects:
${effects}
flow:
  initial: play
  states:
    play:
      on: { go: play }
`;

const build = (effects: string): { game: CompiledGame; warnings: string[] } => {
  const { game, diagnostics } = compileGame({ base: { file: 'holding.yaml', text: spec(effects) } });
  const errors = diagnostics.filter((d) => d.severity === 'error');
  if (!game || errors.length > 0) throw new Error(errors.map(formatDiagnostic).join('\n'));
  return { game, warnings: diagnostics.filter((d) => d.severity === 'warning').map(formatDiagnostic) };
};

const go = (game: CompiledGame) => {
  const start = newGame(game, { seed: 1 });
  if (!start.ok) throw new Error(start.error);
  return step(game, start.state, { move: 'go', seat: 0 });
};

describe("a zone's holds", () => {
  it('a move of a whole zone into one that does not hold all its kinds: warned of at the line of its to', () => {
    const { warnings } = build('      - move: { from: zones.box, to: zones.pile }');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^holding\.yaml:23:38: warning: zone 'box' holds 'coin', which zone 'pile' does not/);
  });

  it('stops the game with an error at the effect when the move puts a piece of another kind there', () => {
    const { game } = build('      - move: { from: zones.box, to: zones.pile }');
    const result = go(game);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toMatch(
      /cannot put coin-1 into zone 'pile': it is a 'coin', and 'pile' holds only 'tile' \(add 'coin' to its 'holds'\)/,
    );
    expect(!result.ok && result.error).toMatch(/^holding\.yaml:23:9: runtime error/);
  });

  it('a move of a few pieces from the top is warned of, and runs while they are of kinds the zone holds', () => {
    const { game, warnings } = build('      - move: { from: zones.box, to: zones.pile, count: 3 }');
    expect(warnings).toHaveLength(1);
    const result = go(game);
    expect(result.ok).toBe(true);
    expect(result.ok && (result.state.context.zones.pile as Piece[]).map((p) => p.kind)).toEqual(['tile', 'tile', 'tile']);
  });

  it("a move of chosen pieces is judged when it runs: no warning, and only the chosen pieces' kinds count", () => {
    const { game, warnings } = build(`      - move: { from: zones.box, to: zones.pile, pieces: "filter(zones.box, p => p.n > 1)" }`);
    expect(warnings).toEqual([]);
    const result = go(game);
    expect(result.ok && (result.state.context.zones.pile as Piece[]).map((p) => p.n)).toEqual([2, 3]);
    const wrong = build(`      - move: { from: zones.box, to: zones.pile, pieces: "filter(zones.box, p => p.n < 2)" }`);
    expect(wrong.warnings).toEqual([]);
    const refused = go(wrong.game);
    expect(!refused.ok && refused.error).toMatch(/cannot put coin-1 into zone 'pile'/);
  });

  it('a deal is held to the same: warned of, and refused at the first piece of another kind', () => {
    const { game, warnings } = build('      - deal: { from: zones.box, to: hand, count: 2 }');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/zone 'box' holds 'coin', which zone 'hand' does not/);
    const result = go(game);
    expect(!result.ok && result.error).toMatch(/cannot put coin-1 into zone 'hand'/);
  });

  it('no warning when the target holds every kind of the source', () => {
    expect(build('      - move: { from: zones.pile, to: zones.box }').warnings).toEqual([]);
  });
});
