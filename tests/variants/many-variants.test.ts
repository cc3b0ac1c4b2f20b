/**
 * Issue 16's finding "1,000 variants make each move cost 718 ms (superlinear)": each variant adds
 * a variable and an effect that sets it, and every effect copied every variable table it wrote, so
 * a move's work grew with variables × effects. A draft now copies a table once per move and then
 * changes its own copy. Counted as work (entries copied), not as time; and a name bound to a
 * value keeps the values it was given, as before.
 */
import { describe, expect, it } from 'vitest';
import { compileGame, type CompiledGame } from '../../src/compile/index.ts';
import { newGame, step, stepByMachine, type GameState } from '../../src/engine/index.ts';
import { countCopiedEntries, entriesCopied } from '../../src/runtime/ops.ts';

// This file reads how many entries drafts copy: counted only when asked for.
countCopiedEntries();

const BASE = `id: many
title: Many
players: { min: 2, max: 2 }
vars:
  game: { n: { type: number, initial: 0 } }
  player: { score: { type: number, initial: 0 } }
zones:
  bag: { holds: [d6] }
  tray: { holds: [d6] }
components:
  dice:
    d6: { faces: [1, 2, 3, 4, 5, 6], count: 2, start: bag }
moves:
  go:
    effects:
      - add: { game.n: 1 }
flow:
  initial: play
  states:
    play:
      on: { go: play }
`;

/** Variant i: a game variable, a player variable and a zone of its own, and an effect per move on each. */
const variant = (i: number): { file: string; text: string } => ({
  file: `v${i}.yaml`,
  text: `variant: v${i}
game: many
title: V${i}
description: One more of everything.
patch:
  vars:
    game:
      +g${i}: { type: number, initial: 0 }
    player:
      +p${i}: { type: number, initial: 0 }
  zones:
    +z${i}: { holds: [d6] }
  moves:
    go:
      effects:
        - $append: true
          add: { game.g${i}: 1, player.p${i}: 2 }
        - $append: true
          shuffle: zones.z${i}
`,
});

const compiled = (n: number): CompiledGame => {
  const out = compileGame({ base: { file: 'many.yaml', text: BASE }, variants: Array.from({ length: n }, (_, i) => variant(i)) });
  if (!out.game) throw new Error(out.diagnostics.map((d) => d.message).join('\n'));
  return out.game;
};

const played = (game: CompiledGame, moves: number, by: typeof step = step): GameState => {
  const start = newGame(game, { seed: 7 });
  if (!start.ok) throw new Error(start.error);
  let state = start.state;
  for (let k = 0; k < moves; k++) {
    const next = by(game, state, { move: 'go', seat: state.context.active });
    if (!next.ok) throw new Error(next.error);
    state = next.state;
  }
  return state;
};

/** Entries (variables, seats, zones) copied by one move of a game with `n` variants. */
const copiedPerMove = (n: number): number => {
  const game = compiled(n);
  const state = played(game, 1);
  const before = entriesCopied();
  const next = step(game, state, { move: 'go', seat: state.context.active });
  if (!next.ok) throw new Error(next.error);
  return entriesCopied() - before;
};

describe('a move with many variants applied (issue 16)', () => {
  it('copies work linear in the number of variants, not variables × effects', () => {
    const [small, large] = [copiedPerMove(50), copiedPerMove(200)];
    const seen = `entries copied by one move: ${small} with 50 variants, ${large} with 200`;
    // Each table a move writes (the game's, the players' list and the mover's, the zones) is copied
    // once: about 3 entries per variant. Copied per effect, it was about 3 × 200 × 200.
    expect(large, seen).toBeLessThanOrEqual(4 * 200);
    expect(large / small, seen).toBeLessThan(4.5);
  });

  it('plays the same game through the XState machine', () => {
    const game = compiled(30);
    const fast = played(game, 4);
    const machine = played(game, 4, stepByMachine);
    expect(fast.context).toEqual(machine.context);
    expect(fast.context.game).toMatchObject({ n: 4, g0: 4, g29: 4 });
    expect(fast.context.players[0]).toMatchObject({ p0: 8, p29: 8 });
  });

  it('a name bound to a table keeps the values it was given while the move changes the table', () => {
    const text = `id: kept
title: Kept
players: { min: 1, max: 2 }
vars: { game: { x: { type: number, initial: 1 } } }
procedures:
  show:
    params: { t: "{x: number}" }
    effects:
      - add: { game.x: 100 }
      - log: "param {t.x}"
moves:
  go:
    effects:
      - add: { game.x: 1 }
      - let: { g: game }
      - add: { game.x: 5 }
      - log: "let {g.x}, now {game.x}"
      - forEach: { var: p, in: "[game, game]", do: [{ add: { game.x: 1 } }, { log: "item {p.x}" }] }
      - call: show
        with: { t: game }
flow:
  initial: play
  states:
    play:
      on: { go: play }
`;
    const out = compileGame({ base: { file: 'kept.yaml', text } });
    if (!out.game) throw new Error(out.diagnostics.map((d) => d.message).join('\n'));
    const log = played(out.game, 1).context.log;
    expect(log.slice(-4)).toEqual(['let 2, now 7', 'item 7', 'item 7', 'param 9']);
  });
});
