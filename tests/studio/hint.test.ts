/**
 * The playtest's hint, in Node: the search's root statistics become rows in the player's words,
 * best first (moves that read the same joined); the worker's search is the ismcts bot's, seeded
 * like the playtest's bots, labelled as the board labels moves, and blind to what the seat cannot
 * see; a hint that cannot be had says why. (The worker's client: botWorker.test.ts.)
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { moveKey } from '../../src/bots/index.ts';
import { compileGame, type CompiledGame } from '../../src/compile/index.ts';
import { legalMoves, newGame, viewOf, type GameState, type Move } from '../../src/engine/index.ts';
import { describeMove, visiblePieces } from '../../src/studio/board/describeMove.ts';
import { looksFromSpec } from '../../src/studio/board/pieceLook.ts';
import { hintRows } from '../../src/studio/hint/rows.ts';
import { runHint } from '../../src/studio/hint/runHint.ts';

const compiled = (file: string, text = readFileSync(file, 'utf8')): CompiledGame => {
  const { game, diagnostics } = compileGame({ base: { file, text } });
  if (!game) throw new Error(diagnostics.map((d) => d.message).join('; '));
  return game;
};

const start = (game: CompiledGame, players: number): GameState => {
  const s = newGame(game, { players, seed: 1 });
  if (!s.ok) throw new Error(s.error);
  return s.state;
};

const noClock = (): number => 0;

describe('the rows of a hint', () => {
  const moves: Move[] = [
    { move: 'draw', seat: 0 },
    { move: 'play', seat: 0, args: { card: 'a' } },
    { move: 'play', seat: 0, args: { card: 'b' } },
    { move: 'pass', seat: 0 },
    { move: 'yield', seat: 0 },
  ];
  // Cards a and b show the same face: the player sees one move.
  const label = (m: Move): string => (m.move === 'play' ? 'Play the 7' : m.move === 'draw' ? 'Draw' : m.move === 'pass' ? 'Pass' : 'Yield');
  const stat = (m: Move, visits: number, mean: number) => ({ key: moveKey(m), visits, mean });
  const [draw, a, b, pass, yieldMove] = moves as [Move, Move, Move, Move, Move];

  it('sorts by visits, then mean, and gives each row its share of the visits', () => {
    const rows = hintRows(
      [stat(draw, 30, 0.5), stat(a, 0, 0), stat(b, 0, 0), stat(pass, 50, 0.25), stat(yieldMove, 30, 0.75)],
      moves,
      label,
    );
    expect(rows.map((r) => [r.label, r.visits, r.share, r.mean])).toEqual([
      ['Pass', 50, 50 / 110, 0.25],
      ['Yield', 30, 30 / 110, 0.75],
      ['Draw', 30, 30 / 110, 0.5],
      ['Play the 7', 0, 0, 0],
    ]);
  });

  it('joins moves that read the same: visits added, means weighted by visits, the most visited move kept to highlight', () => {
    const rows = hintRows([stat(draw, 10, 0.5), stat(a, 10, 0.2), stat(b, 30, 0.6), stat(pass, 0, 0), stat(yieldMove, 0, 0)], moves, label);
    expect(rows[0]).toEqual({ label: 'Play the 7', move: b, visits: 40, share: 0.8, mean: (10 * 0.2 + 30 * 0.6) / 40 });
    expect(rows).toHaveLength(4);
  });

  it('keeps the order of the moves among rows that tie', () => {
    const rows = hintRows([], moves, label);
    expect(rows.map((r) => r.label)).toEqual(['Draw', 'Play the 7', 'Pass', 'Yield']);
  });
});

describe("the hint's search", () => {
  const game = compiled('games/eight-masters-revenge/game.yaml');
  const state = start(game, 2);
  const job = { state, seat: 0, seed: '1:0', budget: { iterations: 300 } } as const;

  it('is the same for the same seed and iterations, and every playout starts with one of the rows', () => {
    const first = runHint(game, job, noClock);
    expect(runHint(game, job, noClock)).toEqual(first);
    if (!first.ok) throw new Error(first.error);
    expect(first.hint.iterations).toBe(300);
    expect(first.hint.rows.reduce((n, r) => n + r.visits, 0)).toBe(300);
    const visits = first.hint.rows.map((r) => r.visits);
    expect(visits).toEqual([...visits].sort((x, y) => y - x));
    for (const r of first.hint.rows) expect(r.mean >= 0 && r.mean <= 1, r.label).toBe(true);
    // Says what ran the rules: this process never chose the compiled tier.
    expect(first.hint.engine).toEqual({ engine: 'interpreter', fallbacks: 0, reason: undefined });
  });

  it("labels each move as the board's buttons and options do for that seat", () => {
    const r = runHint(game, job, noClock);
    if (!r.ok) throw new Error(r.error);
    const pieces = visiblePieces(viewOf(game, state, 0));
    const looks = looksFromSpec(game.spec);
    const board = legalMoves(game, state, 0).map((m) => describeMove(game, state.context, m, pieces, looks));
    expect(r.hint.rows.map((row) => row.label).sort()).toEqual([...new Set(board)].sort());
    // Seats are named as people see them, never 0-based.
    expect(r.hint.rows.some((row) => /Player 2/.test(row.label))).toBe(true);
  });

  it('never reads what the seat cannot see: another hand and the deck swapped, the hint is the same', () => {
    const zones = state.context.zones as Record<string, readonly (readonly unknown[])[] | readonly unknown[]>;
    const hands = zones.hand as readonly (readonly unknown[])[];
    const deck = [...(zones.deck as readonly unknown[])];
    const theirs = [...(hands[1] ?? [])];
    [theirs[0], deck[0]] = [deck[0], theirs[0]];
    const swapped = {
      ...state,
      context: { ...state.context, zones: { ...state.context.zones, hand: [hands[0], theirs], deck } },
    } as GameState;
    expect(JSON.stringify(swapped.context.zones)).not.toBe(JSON.stringify(state.context.zones));
    expect(runHint(game, { ...job, state: swapped }, noClock)).toEqual(runHint(game, job, noClock));
  });

  it('says why there is no hint for a seat without a move, naming it as the board does', () => {
    const file = 'templates/new-game.yaml';
    const named = compiled(file, readFileSync(file, 'utf8').replace('display:\n', "display:\n  seat: \"seat == 0 ? 'Ann' : 'Bob'\"\n"));
    const r = runHint(named, { state: start(named, 2), seat: 1, seed: '1:0', budget: { iterations: 10 } }, noClock);
    expect(r).toEqual({ ok: false, error: 'No hint for Bob: it has no legal move now' });
  });

  it('names the only legal move at once, without a search', () => {
    const dice = compiled('games/ten-thousand/game.yaml');
    const s = start(dice, 2);
    const only = legalMoves(dice, s, s.context.active);
    expect(only).toHaveLength(1);
    let t = 0;
    const r = runHint(dice, { state: s, seat: s.context.active, seed: '1:0', budget: { timeMs: 1000 } }, () => (t += 10));
    if (!r.ok) throw new Error(r.error);
    expect(r.hint.iterations).toBe(0);
    expect(r.hint.rows.map((row) => row.move)).toEqual(only);
  });

  it('stops at the time budget when it has one', () => {
    let t = 0;
    const r = runHint(game, { ...job, budget: { timeMs: 50 } }, () => (t += 10));
    if (!r.ok) throw new Error(r.error);
    expect(r.hint.iterations).toBeGreaterThan(0);
    expect(r.hint.iterations).toBeLessThan(10);
  });
});
