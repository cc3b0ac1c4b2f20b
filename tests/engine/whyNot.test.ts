/**
 * "Why not?": every move the state offers a seat, legal or refused with the failing guard's reason,
 * rule ids and place. It must agree with legalMoves on every position of random games of every
 * shipped game, and name the clause a house rule makes fail (T-B9 with entry 800).
 */
import { describe, expect, it } from 'vitest';
import { legalMoves, moveOptions, step, whyNot, rulesCited, type GameState } from '../../src/engine/index.ts';
import { compileGame } from '../../src/compile/index.ts';
import { compile, refused, rollWith, source, start } from '../helpers/games.ts';

const GAMES = ['ten-thousand', 'regicide', 'cetatea', 'eight-masters-revenge'];

/** A deterministic walk: at each position, the legal move picked by a small LCG. */
const walk = (id: string, seed: number, steps: number, visit: (state: GameState) => void): void => {
  const game = compile(id);
  let state = start(game, 2, seed);
  let r = seed;
  for (let i = 0; i < steps; i += 1) {
    visit(state);
    const legal = legalMoves(game, state);
    if (legal.length === 0) break;
    r = (r * 1103515245 + 12345) % 2 ** 31;
    const next = step(game, state, legal[r % legal.length]!);
    if (!next.ok) throw new Error(next.error);
    state = next.state;
  }
};

/** The engine's English words for each reason it gives as data. */
const ENGINE_WORDS = {
  over: /^the game is over$/,
  seat: / may not play /,
  noChoiceMeets: /^no choice of '\w+' meets `/,
  nothingToChoose: /^there is nothing to choose as '\w+'$/,
  noWay: /^no way to make it$/,
} as const;
const engineReasons = new Set<string>();

describe('why not?', () => {
  it('T-B9 with entry 800 (and T-B8 off) a bank of 650 is shown, refused with the entry reason and where the guard is written', () => {
    const game = compile('ten-thousand', [], { entry: 800, noFifties: false });
    const s = rollWith(game, start(game), [6, 6, 6, 5, 2]);
    expect(s.context.game.turnPoints).toBe(650);
    const bank = moveOptions(game, s, 0).find((o) => o.move === 'bank');
    expect(bank?.legal).toEqual([]);
    expect(bank?.refusal?.reason).toMatch(/entry score/);
    expect(bank?.refusal?.rules).toEqual(['T-B9']);
    expect(bank?.refusal?.path).toEqual(['moves', 'bank', 'guard', 2, 'test']);
    const roll = moveOptions(game, s, 0).find((o) => o.move === 'roll');
    expect(roll?.refusal).toBeNull();
    expect(whyNot(game, s, { move: 'bank', seat: 0 })?.reason).toMatch(/entry score/);
    expect(whyNot(game, s, { move: 'roll', seat: 0 })).toBeNull();
  });

  it('T-B9 the same bank of 650 is legal with the entry of 500; T-B8 refuses it when fifties are not bankable', () => {
    const open = compile('ten-thousand', [], { noFifties: false });
    const s = rollWith(open, start(open), [6, 6, 6, 5, 2]);
    expect(moveOptions(open, s, 0).find((o) => o.move === 'bank')?.refusal).toBeNull();
    const base = compile('ten-thousand');
    const t = rollWith(base, start(base), [6, 6, 6, 5, 2]);
    expect(moveOptions(base, t, 0).find((o) => o.move === 'bank')?.refusal?.rules).toEqual(['T-B8']);
  });

  it('gives no option to a seat that may not move, and a reason for a move the state does not offer', () => {
    const game = compile('ten-thousand');
    const s = start(game);
    expect(moveOptions(game, s, 1)).toEqual([]);
    expect(whyNot(game, s, { move: 'bank', seat: 0 })?.reason).toMatch(/cannot be played in state/);
  });

  it("a refusal names people as the display does: seats from 1 (or by the spec's names), moves by their titles", () => {
    const game = compile('ten-thousand');
    const s = start(game, 3);
    expect(refused(game, s, { move: 'roll', seat: 1 })).toBe("Player 2 may not play 'Roll' now; it is for Player 1");
    const { file, text } = source('ten-thousand');
    const named = compileGame({
      base: { file, text: text.replace(/^display:\n/m, "display:\n  seat: \"['Ana', 'Bo', 'Cy'][seat]\"\n") },
    }).game;
    if (!named) throw new Error('the named spec does not compile');
    expect(refused(named, start(named, 3), { move: 'roll', seat: 2 })).toBe("Cy may not play 'Roll' now; it is for Ana");
    expect(whyNot(named, start(named, 3), { move: 'roll', seat: 2 })?.reason).toBe("Cy may not play 'Roll' now; it is for Ana");
  });

  it('T-B9 the refusal of a step and of why-not come from the same judged clause', () => {
    const game = compile('ten-thousand', [], { entry: 800, noFifties: false });
    const s = rollWith(game, start(game), [6, 6, 6, 5, 2]);
    const why = whyNot(game, s, { move: 'bank', seat: 0 });
    expect(refused(game, s, { move: 'bank', seat: 0 })).toBe(`'Bank' is not allowed: ${why?.reason}`);
  });

  it("lists an argument that hides a global with the global's value everywhere it is not yet chosen", () => {
    // 'turn' (0 here) is a global; the second argument takes its name. Its list and the first
    // argument's condition read the global, for every choice of the first argument.
    const text = [
      'id: hiding',
      'title: An argument hiding a global',
      'players: { min: 2, max: 2 }',
      'moves:',
      '  pick:',
      '    args:',
      '      a:',
      '        oneOf: "[1, 2, 3]"',
      '        where: "turn == 0"',
      '      turn:',
      '        oneOf: "range(0, a + turn)"',
      'flow:',
      '  initial: play',
      '  states:',
      '    play:',
      '      on:',
      '        pick: play',
    ].join('\n');
    const { game, diagnostics } = compileGame({ base: { file: 'hiding.yaml', text } });
    if (!game) throw new Error(JSON.stringify(diagnostics));
    const s = start(game, 2);
    const listed = legalMoves(game, s, 0).map((m) => [m.args?.a, m.args?.turn]);
    expect(listed).toEqual([
      [1, 0],
      [2, 0],
      [2, 1],
      [3, 0],
      [3, 1],
      [3, 2],
    ]);
    const options = moveOptions(game, s, 0).flatMap((o) => o.legal.map((m) => [m.args?.a, m.args?.turn]));
    expect(options).toEqual(listed);
  });

  it('cites rule ids as the rulebooks number them', () => {
    expect(rulesCited('needs a 1 or a 5 (T-V2), see also C-6.3 and R-H2')).toEqual(['T-V2', 'C-6.3', 'R-H2']);
    expect(rulesCited('no rule here')).toEqual([]);
  });

  for (const id of GAMES) {
    it(`${id}: the legal ways of the options are exactly the legal moves, on every position of a random game`, () => {
      const game = compile(id);
      let positions = 0;
      for (const seed of [3, 7, 11, 19, 23])
        walk(id, seed, 60, (state) => {
          positions += 1;
          for (let seat = 0; seat < state.context.numPlayers; seat += 1) {
            const options = moveOptions(game, state, seat);
            const fromOptions = options
              .flatMap((o) => o.legal)
              .map((m) => JSON.stringify(m))
              .sort();
            expect(fromOptions).toEqual(
              legalMoves(game, state, seat)
                .map((m) => JSON.stringify(m))
                .sort(),
            );
            for (const o of options) {
              expect(o.legal.length === 0).toBe(o.refusal !== null);
              // A reason is either the spec's own (a guard clause, written somewhere) or the engine's, given as data to word in any language.
              const why = o.refusal?.why;
              if (why) expect(o.refusal?.reason).toMatch(ENGINE_WORDS[why.kind]);
              if (o.refusal && !why) expect(o.refusal.path).not.toBeNull();
              if (why) engineReasons.add(why.kind);
            }
          }
        });
      expect(positions).toBeGreaterThanOrEqual(25);
    });
  }

  it("the random games met the engine's own reasons too, each given as data", () => {
    expect(engineReasons.size).toBeGreaterThan(0);
  });
});
