/**
 * Messages a player or a spec's author reads number people as the game does: a refusal names
 * seats by the display (Player 2, or the spec's names); a run-time error about a seat index gives
 * the expression's index, counted from 0, beside the players' numbering.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileGame } from '../../src/compile/index.ts';
import { legalMoves, newGame, step, type GameState } from '../../src/engine/index.ts';

const file = 'templates/new-game.yaml';
const template = readFileSync(file, 'utf8');

/** The template with each [text, replacement] pair applied. */
const gameWith = (...changes: readonly (readonly [string, string])[]) => {
  let text = template;
  for (const [replace, by] of changes) {
    if (!text.includes(replace)) throw new Error(`the template has no '${replace}'`);
    text = text.replace(replace, by);
  }
  const { game, diagnostics } = compileGame({ base: { file, text } });
  if (!game) throw new Error(`does not compile: ${diagnostics.map((d) => d.message).join('; ')}`);
  return game;
};

const started = (game: ReturnType<typeof gameWith>, players: number): GameState => {
  const s = newGame(game, { players, seed: 1 });
  if (!s.ok) throw new Error(s.error);
  return s.state;
};

describe('people in messages', () => {
  it('a move out of turn names both seats from 1, in any seat', () => {
    const game = gameWith();
    const s = started(game, 4);
    for (const seat of [1, 2, 3]) {
      const r = step(game, s, { move: 'roll', seat });
      expect(r.ok ? '' : r.error).toBe(`Player ${seat + 1} may not play 'Roll' now; it is for Player 1`);
    }
  });

  it('nextTurn to a seat that does not exist says so with both numberings', () => {
    const game = gameWith(['            - nextTurn: null', '            - nextTurn: { seat: "active + 2" }']);
    const s = started(game, 2);
    const [roll] = legalMoves(game, s);
    const r = step(game, s, roll!);
    expect(r.ok ? '' : r.error).toMatch(
      /nextTurn: there is no seat 2: seats are numbered from 0 in expressions, 0 to 1 here \(Player 1 to Player 2\)$/,
    );
  });

  it('a player variable of a seat that does not exist says so with both numberings', () => {
    const game = gameWith(['      - add: { player.total: "first(zones.pool).face" }', '      - add: { "players[numPlayers].total": 1 }']);
    const s = started(game, 3);
    const r = step(game, s, { move: 'roll', seat: 0 });
    expect(r.ok ? '' : r.error).toMatch(
      /there is no seat 3: seats are numbered from 0 in expressions, 0 to 2 here \(Player 1 to Player 3\)$/,
    );
  });

  it("a seat's zone of a seat that does not exist says so with both numberings", () => {
    const game = gameWith(
      ['zones:\n', 'zones:\n  kept:\n    owner: player\n    holds: [d6]\n    visibility: public\n'],
      [
        '      - add: { player.total: "first(zones.pool).face" }',
        '      - move: { from: zones.pool, to: "zones.kept[numPlayers]", pieces: zones.pool }',
      ],
    );
    const s = started(game, 2);
    const r = step(game, s, { move: 'roll', seat: 0 });
    expect(r.ok ? '' : r.error).toMatch(
      /zone 'kept' has one list per seat, and there is no seat 2: seats are numbered from 0 in expressions, 0 to 1 here \(Player 1 to Player 2\)$/,
    );
  });
});
