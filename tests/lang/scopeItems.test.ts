/**
 * A scope item (lang/library.ts `ScopeItem`): a name read as an item of a list at an index, so the
 * environment need not hold it. The spec's `player` is `players[active]` (check/scope.ts), and a
 * context is then its own environment (runtime/env.ts). A name of the expression's own that hides
 * the item (`let`, an argument, a query's variable) is read as it is.
 */
import { describe, expect, it } from 'vitest';
import { compileGame } from '../../src/compile/index.ts';
import { applyLegal, legalMovesWithEvents, newGame, type GameState } from '../../src/engine/index.ts';
import { makeQuery } from '../../src/engine/query.ts';
import { Meter, NUMBER, compileExpr, createLibrary, listOf, recordOf, type Engine, type Scope } from '../../src/lang/index.ts';
import { selectEngine } from '../../src/lang/emit/select.ts';
import { envOf } from '../../src/runtime/env.ts';
import { formatDiagnostic } from '../../src/spec/diagnostics.ts';

const SEAT = recordOf({ score: NUMBER });
const SCOPE: Scope = { seats: listOf(SEAT), turnOf: NUMBER, mine: SEAT };

describe('a scope item', () => {
  for (const engine of ['interpreter', 'compiled'] as const satisfies readonly Engine[]) {
    it(`is read through its list and index, with no value of its own in the environment (${engine})`, () => {
      selectEngine(engine);
      try {
        const { library } = createLibrary([], [], SCOPE, new Map([['mine', { list: 'seats', index: 'turnOf' }]]));
        const compiled = compileExpr('mine.score * 10 + turnOf', SCOPE, library);
        if (!compiled.ok) throw new Error(compiled.errors[0]?.message);
        expect([...compiled.usedNames].sort()).toEqual(['mine', 'seats', 'turnOf']);
        expect(compiled.run({ seats: [{ score: 1 }, { score: 7 }], turnOf: 1 }, new Meter())).toBe(71);
        expect(compiled.run({ seats: [{ score: 1 }, { score: 7 }], turnOf: 0 }, new Meter())).toBe(10);
        // Without the item, the name is read from the environment, as any other.
        const plain = compileExpr('mine.score', SCOPE, createLibrary([], [], SCOPE).library);
        if (!plain.ok) throw new Error(plain.errors[0]?.message);
        expect(plain.run({ seats: [], turnOf: 0, mine: { score: 3 } }, new Meter())).toBe(3);
      } finally {
        selectEngine('compiled');
      }
    });
  }
});

const SPEC = `
id: items
title: Items
players: { min: 2, max: 2 }
vars:
  game:
    seen: { type: number, initial: -1 }
    kept: { type: number, initial: -1 }
  player:
    mark: { type: number, initial: 0 }
moves:
  pass:
    effects:
      - set: { player.mark: "player.mark + active + 1" }
      - set: { game.seen: "player.mark" }
      - nextTurn: {}
  hold:
    effects:
      - let: { player: "players[0]" }
      - nextTurn: {}
      - set: { game.kept: "player.mark" }
  name:
    args:
      player: { oneOf: "[40, 50]" }
    effects:
      - set: { game.kept: player }
  hide:
    effects:
      - let: { active: 5, players: "[]" }
      - set: { game.kept: "player.mark + active" }
flow:
  initial: play
  states:
    play:
      on: { pass: play, hold: play, name: play, hide: play }
`;

const play = (state: GameState, game: NonNullable<ReturnType<typeof compileGame>['game']>, move: string, args?: object): GameState => {
  const legal = legalMovesWithEvents(game, state).find(
    (m) => m.move.move === move && JSON.stringify(m.move.args ?? {}) === JSON.stringify(args ?? {}),
  );
  if (!legal) throw new Error(`no legal ${move}`);
  const next = applyLegal(game, state, legal);
  if (!next.ok) throw new Error(next.error);
  return next.state;
};

describe("the spec's player", () => {
  const { game, diagnostics } = compileGame({ base: { file: 'items.yaml', text: SPEC } });
  if (!game) throw new Error(diagnostics.map(formatDiagnostic).join('\n'));
  const start = newGame(game, { players: 2, seed: 1 });
  if (!start.ok) throw new Error(start.error);

  it("is the active seat's record, and the context is its own environment", () => {
    expect(envOf(start.state.context)).toBe(start.state.context);
    let state = play(start.state, game, 'pass');
    expect(state.context.game.seen).toBe(1);
    state = play(state, game, 'pass');
    expect(state.context.game.seen).toBe(2);
    state = play(state, game, 'pass');
    expect(state.context.players.map((p) => p.mark)).toEqual([2, 2]);
    expect(state.context.game.seen).toBe(2);
    expect(makeQuery(game, 'player.mark + active')({})).toEqual({ ok: true, value: 0 });
  });

  it('is hidden by a name of its own: a let, an argument, a variable of a query', () => {
    // Seat 0 holds with the let's record, seat 0's (mark 2); after its `nextTurn` the active seat is
    // seat 1 (mark 4): the let's record is read, not the active seat's.
    let state = play(play(play(start.state, game, 'pass'), game, 'pass'), game, 'pass');
    expect(state.context.active).toBe(1);
    state = play(play(state, game, 'pass'), game, 'hold');
    expect(state.context.game.kept).toBe(2);
    state = play(state, game, 'name', { player: 50 });
    expect(state.context.game.kept).toBe(50);
    expect(makeQuery(game, 'player.mark')({ player: { mark: 9 } })).toEqual({ ok: true, value: 9 });
  });

  it("is still the active seat's record where names of its own hide `players` or `active`", () => {
    // Seat 0 (mark 1) hides both: player.mark is 1, and active the let's 5.
    const state = play(play(play(start.state, game, 'pass'), game, 'pass'), game, 'hide');
    expect(state.context.active).toBe(0);
    expect(state.context.game.kept).toBe(1 + 5);
    expect(makeQuery(game, 'player.mark + active')({ active: 1 })).toEqual({ ok: true, value: 1 });
  });
});

describe("a definition reads the game's names, never an expression's own", () => {
  const spec = (effects: string): string => `
id: hiding
title: Hiding
players: { min: 2, max: 2 }
vars:
  game:
    kept: { type: number, initial: 0 }
  player:
    mark: { type: number, initial: 0 }
definitions:
  later: { returns: number, body: "turn + 1" }
  mine: { returns: number, body: "player.mark" }
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
  const diagnosticsOf = (effects: string) =>
    compileGame({ base: { file: 'hiding.yaml', text: spec(effects) } }).diagnostics.filter((d) => d.severity === 'error');

  it('refuses a call where a let hides a name the definition reads, `player` through `active` too', () => {
    for (const [effects, name] of [
      ['      - let: { turn: 3 }\n      - set: { game.kept: "later()" }', 'turn'],
      ['      - let: { active: 1 }\n      - set: { game.kept: "mine()" }', 'active'],
    ] as const) {
      const errors = diagnosticsOf(effects);
      expect(errors.map((d) => [d.code, d.message])).toEqual([
        ['duplicate-name', expect.stringContaining(`reads the game's '${name}', which a name of this expression's own hides`)],
      ]);
      expect(errors[0]?.line).toBe(17);
    }
    expect(diagnosticsOf('      - let: { other: 3 }\n      - set: { game.kept: "later() + mine() + other" }')).toEqual([]);
  });
});
