/**
 * The seat to act is named by the game's own names (issue 11 item 7): the seats with a legal move,
 * by team when the spec has teams (C-2: a team decides as one), people's numbering otherwise.
 */
import { describe, expect, it } from 'vitest';
import { actingName } from '../../src/studio/play/acting.ts';
import { legalMoves, newGame, step } from '../../src/engine/index.ts';
import { compile } from '../helpers/games.ts';

describe('the seat to act', () => {
  it('C-2: names the team that must act, with its seats', () => {
    const game = compile('cetatea');
    expect(actingName(game.spec, [1], 2)).toBe('Team D (defence) (Player 2)');
    expect(actingName(game.spec, [1, 3], 4)).toBe('Team D (defence) (Players 2 and 4)');
    expect(actingName(game.spec, [0, 1], 2)).toBe('Players 1 and 2');
  });

  it("names seats in people's numbering when there are no teams, and nobody when no move is legal", () => {
    const game = compile('ten-thousand');
    expect(actingName(game.spec, [0], 2)).toBe('Player 1');
    expect(actingName(game.spec, [2, 0, 2], 3)).toBe('Players 1 and 3');
    expect(actingName(game.spec, [], 2)).toBeNull();
  });

  it('E-9: is the defender, not the active player, when the defender must answer an attack', () => {
    const game = compile('eight-masters-revenge');
    const start = newGame(game, { players: 2, seed: 5 });
    if (!start.ok) throw new Error(start.error);
    let state = start.state;
    // Play the first legal move until a seat other than the active one must act.
    for (let i = 0; i < 200; i++) {
      const moves = legalMoves(game, state);
      const seats = new Set(moves.map((m) => m.seat));
      if (moves.length === 0) break;
      if (!seats.has(state.context.active)) {
        expect(actingName(game.spec, seats, 2)).toBe(`Player ${[...seats][0]! + 1}`);
        expect([...seats][0]).not.toBe(state.context.active);
        return;
      }
      const r = step(game, state, moves[0]!);
      if (!r.ok) throw new Error(r.error);
      state = r.state;
    }
    throw new Error('no position where only the non-active seat acts');
  });
});
