/**
 * The `display:` section: checked with located, typed errors (a name that does not exist, a value
 * of the wrong type), and read through src/display for the shipped games: people's numbering, the
 * spec's names for seats, teams, pieces and moves, scores, and only the variables the spec shows.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileGame } from '../../src/compile/index.ts';
import {
  moveText,
  pieceName,
  scoreOf,
  seatName,
  shownProp,
  shownVars,
  teamName,
  winnersText,
  zoneShown,
} from '../../src/display/present.ts';
import type { Piece } from '../../src/engine/index.ts';
import { compile, rollWith, source, start } from '../helpers/games.ts';

const withDisplay = (display: string): { message: string; line: number; column: number }[] => {
  const base = source('ten-thousand');
  const text = base.text.replace(/\ndisplay:[\s\S]*$/, `\ndisplay:\n${display}\n`);
  const { diagnostics } = compileGame({ base: { file: base.file, text } });
  const offset = text.split('\n').indexOf('display:') + 1;
  return diagnostics.filter((d) => d.severity === 'error').map((d) => ({ message: d.message, line: d.line - offset, column: d.column }));
};

describe('display: checked like the rest of the spec', () => {
  it('a variable that does not exist is refused where it is written, with a suggestion', () => {
    const errors = withDisplay('  vars:\n    game:\n      turnPoint: { label: Turn points }');
    expect(errors).toEqual([
      { message: "display: there is no game variable 'turnPoint' — did you mean 'turnPoints'?", line: 3, column: 18 },
    ]);
  });

  it('expressions are typed: a seat name must be a string, a score a number or a string', () => {
    expect(withDisplay('  seat: seat + 1')[0]?.message).toMatch(/expected string, found number/);
    expect(withDisplay('  score: { value: "players[seat].levels" }')[0]?.message).toMatch(
      /a score must be a number or a string, found list<number>/,
    );
    expect(withDisplay('  vars:\n    player:\n      ticks: { label: Ticks, when: value }')[0]?.message).toMatch(
      /expected bool, found number/,
    );
  });

  it('unknown pieces, zones and moves are refused; a move text sees the move arguments', () => {
    expect(withDisplay('  pieces:\n    d7: str(piece.face)')[0]?.message).toMatch(/no die or card set 'd7' — did you mean 'd6'\?/);
    expect(withDisplay('  zones:\n    pol: { label: Pool }')[0]?.message).toMatch(/no zone 'pol' — did you mean 'pool'\?/);
    expect(withDisplay('  moves:\n    keep: "\'Keep \' + str(len(dice))"')).toEqual([]);
    expect(withDisplay('  moves:\n    keep: "\'Keep \' + str(len(dices))"')[0]?.message).toMatch(/unknown name 'dices'/);
    expect(withDisplay('  team: "\'x\'"')[0]?.message).toMatch(/needs teams/);
  });
});

describe("the shipped games read in their players' words", () => {
  it('10,000: Player 1 and Player 2, the score is the top level, only the shown values, dice by their face', () => {
    const game = compile('ten-thousand');
    let s = rollWith(game, start(game), [1, 1, 1, 2, 3]);
    const ctx = s.context;
    expect([seatName(game, ctx, 0), seatName(game, ctx, 1)]).toEqual(['Player 1', 'Player 2']);
    expect(scoreOf(game, ctx, 0)).toEqual({ name: 'score', label: 'Score', text: '0' });
    const shown = shownVars(game, ctx, 'game');
    expect(shown.map((v) => v.label)).toEqual(['Turn points']);
    expect(shown[0]?.text).toBe('1,000');
    expect(shownVars(game, ctx, 'player', 0)).toEqual([]);
    const die = (s.context.zones.aside as readonly Piece[])[0] as Piece;
    expect(pieceName(game, ctx, die)).toBe('1');
    s = {
      ...s,
      context: {
        ...s.context,
        players: [
          { levels: [500, 1000], ticks: 2 },
          { levels: [], ticks: 0 },
        ],
      },
    };
    expect(shownVars(game, s.context, 'player', 0).map((v) => `${v.label}: ${v.text}`)).toEqual(['Levels: 500 › 1000', 'Ticks: 2 of 3']);
    expect(scoreOf(game, s.context, 0)?.text).toBe('1,000');
  });

  it('Regicide: cards are named "7♥", a Jester "Jester"', () => {
    const game = compile('regicide');
    const ctx = start(game).context;
    const card = (rank: string, suit: string): Piece => ({ id: 'x', kind: 'card', rank, suit, value: 7, attack: 0, health: 0 });
    expect(pieceName(game, ctx, card('7', 'hearts'))).toBe('7♥');
    expect(pieceName(game, ctx, card('K', 'spades'))).toBe('K♠');
    expect(pieceName(game, ctx, card('jester', 'none'))).toBe('Jester');
    expect(zoneShown(game, 'box')).toBe(false);
    expect(winnersText(game, ctx, [])).toBe('Everybody lost');
    expect(winnersText(game, ctx, [0, 1])).toBe('Everybody won');
    expect(moveText(game, ctx, { move: 'chooseNext', seat: 0, args: { next: 1 } }, () => null)).toBe('Player 2 plays next');
  });

  it('Cetatea: the winners are the team, by its name', () => {
    const game = compile('cetatea');
    const ctx = start(game, 4).context;
    expect(teamName(game, ctx, 0)).toBe('Team A (attack)');
    expect(winnersText(game, ctx, [1, 3])).toBe('Team D (defence) won');
    expect(winnersText(game, ctx, [1])).toBe('Player 2 won');
  });

  it("Eight Masters' Revenge: a target seat reads as a player, places count from 1", () => {
    const game = compile('eight-masters-revenge');
    const first = start(game).context;
    // A token on place index 2 of Player 1's ring, whose cards lie on indexes 2 and 3 at the start.
    const ctx = { ...first, players: first.players.map((p, seat) => (seat === 0 ? { ...p, tokens: [2] } : p)) };
    expect(moveText(game, ctx, { move: 'moveToken', seat: 0, args: { from: 2, to: 3 } }, () => null)).toBe(
      'Move a damage token from place 3 to 4',
    );
    expect(moveText(game, ctx, { move: 'moveToken', seat: 0, args: { from: 2, to: 0 } }, () => null)).toMatch(
      /'to': 0 is not one of the choices/,
    );
    // A score written as a string reads as its text, not as a quoted value.
    expect(scoreOf(game, ctx, 1)).toEqual({ name: 'score', label: 'Health', text: '9 left' });
    expect(seatName(game, ctx, 1)).toBe('Player 2');
  });
});

describe('display.props: how a piece prop reads on its face', () => {
  it("Eight Masters' Revenge: a card's ring place reads from 1, off the ring it is not shown; a prop not listed is left to the board", () => {
    const game = compile('eight-masters-revenge');
    const ctx = start(game).context;
    expect(shownProp(game, ctx, 'pos', 2)).toEqual({ name: 'pos', label: 'Place', text: '3' });
    expect(shownProp(game, ctx, 'pos', -1)).toBeNull();
    expect(shownProp(game, ctx, 'blocking', true)).toEqual({ name: 'blocking', label: 'Blocking', text: 'yes' });
    expect(shownProp(game, ctx, 'blocking', false)).toBeNull();
    expect(shownProp(game, ctx, 'left', 3)).toBeUndefined();
  });

  it('a prop that no die or card set declares is refused at its entry, with a suggestion; its when is typed', () => {
    const base = source('eight-masters-revenge');
    const errors = (text: string) =>
      compileGame({ base: { file: base.file, text } })
        .diagnostics.filter((d) => d.severity === 'error')
        .map((d) => `${d.line}:${d.column}: ${d.message}`);
    const line = base.text.split('\n').findIndex((l) => l.startsWith('    pos: { label: Place')) + 1;
    expect(errors(base.text.replace('    pos: { label: Place', '    poss: { label: Place'))).toEqual([
      `${line}:11: display: there is no piece prop 'poss' — did you mean 'pos'?`,
    ]);
    expect(errors(base.text.replace('when: value >= 0 }', 'when: value }'))[0]).toMatch(/expected bool, found number/);
  });
});

describe('pieceName: a piece in an expression as the display names it', () => {
  const { file, text } = { file: 'templates/new-game.yaml', text: readFileSync('templates/new-game.yaml', 'utf8') };
  const rolled = (pieces: string) => {
    const spec = text
      .replace(
        '      - add: { player.total: "first(zones.pool).face" }',
        '      - add: { player.total: "first(zones.pool).face" }\n      - log: "rolled {pieceName(first(zones.pool))}"',
      )
      .replace(/ {2}pieces:\n {4}d6: str\(piece.face\)\n/, pieces);
    const { game, diagnostics } = compileGame({ base: { file, text: spec } });
    if (!game) throw new Error(diagnostics.map((d) => d.message).join('; '));
    const s = rollWith(game, start(game), [4]);
    return s.context.log;
  };

  it("names the piece by its kind's display.pieces entry", () => {
    expect(rolled('  pieces:\n    d6: "\'a \' + str(piece.face)"\n')).toEqual(['rolled a 4']);
  });

  it('without an entry, a die is named by its face', () => {
    expect(rolled('')).toEqual(['rolled 4']);
  });

  it('a name that asks for itself is a located error, not an endless loop', () => {
    expect(() => rolled('  pieces:\n    d6: pieceName(piece)\n')).toThrow(
      /templates\/new-game.yaml:\d+:\d+: runtime error: .*pieceName: the name of a 'd6' \(display.pieces\) asks for itself/,
    );
  });
});
