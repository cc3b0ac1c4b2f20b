/**
 * Completion and hover inside expressions come from the checker's own scope: after `params.` the
 * params (10,000's `entry` with its description), in a move the move's arguments, lambda parameters
 * written before the cursor, definitions and builtins with their signatures.
 */
import { describe, expect, it } from 'vitest';
import { completeAt, exprAt, hoverAt, type ExprContext } from '../../src/assist/exprAssist.ts';
import { compile, source } from '../helpers/games.ts';

const tenThousand = (): { cx: ExprContext; text: string } => {
  const game = compile('ten-thousand');
  return { cx: game, text: source('ten-thousand').text };
};

/** The text with `insert` typed at the end of the first match of `after`, and the cursor after it. */
const typed = (text: string, after: string, insert: string): { text: string; offset: number } => {
  const at = text.indexOf(after) + after.length;
  return { text: text.slice(0, at) + insert + text.slice(at), offset: at + insert.length };
};

describe('completion in expressions', () => {
  it('T-B9 lists params.entry after `params.` in the bank guard, with its description', () => {
    const { cx, text } = tenThousand();
    const t = typed(text, 'test: len(player.levels) > 0 or game.turnPoints >= ', 'params.');
    const place = exprAt(t.text, t.offset);
    expect(place?.path).toEqual(['moves', 'bank', 'guard', 2, 'test']);
    const done = completeAt(cx, place!);
    const entry = done?.items.find((i) => i.label === 'entry');
    expect(entry).toMatchObject({ kind: 'field', detail: 'number' });
    expect(entry?.documentation).toMatch(/enter the game/);
    expect(done?.items.map((i) => i.label)).toContain('noFifties');
  });

  it('offers the move arguments, lambda parameters, definitions and builtins by name', () => {
    const { cx, text } = tenThousand();
    const t = typed(text, `where: "len(scoring(map(dice, d => `, 'd');
    const done = completeAt(cx, exprAt(t.text, t.offset)!);
    const labels = done?.items.map((i) => i.label) ?? [];
    expect(labels).toEqual(expect.arrayContaining(['dice', 'seat', 'd', 'params', 'zones', 'score', 'filter', 'cover']));
    expect(done?.items.find((i) => i.label === 'dice')?.detail).toMatch(/^list<\{/);
    expect(done?.items.find((i) => i.label === 'score')?.detail).toBe('score(roll: list<number>) → number');
    expect(done?.items.find((i) => i.label === 'filter')?.detail).toMatch(/^filter\(/);
  });

  it("follows fields through lists: players[seat]. gives a player's variables", () => {
    const { cx, text } = tenThousand();
    const t = typed(text, 'body: "len(players[seat].levels) == 0 ? 0 : last(', 'players[seat].');
    const labels = completeAt(cx, exprAt(t.text, t.offset)!)?.items.map((i) => i.label);
    expect(labels).toEqual(expect.arrayContaining(['levels', 'ticks', 'seat']));
  });

  it('says nothing outside expressions the checker saw', () => {
    const { cx, text } = tenThousand();
    const t = typed(text, 'description: The smallest turn total', ' params.');
    const place = exprAt(t.text, t.offset);
    expect(place && completeAt(cx, place)).toBeNull();
  });
});

describe("a variant's expressions", () => {
  it('are found at their place in the merged spec: under patch, a new name (+name) by its name', () => {
    const text = 'variant: v\npatch:\n  definitions:\n    +bonus:\n      body: "game.turnPoints + 1"\n';
    const place = exprAt(text, text.indexOf('turnPoints'));
    expect(place?.path).toEqual(['definitions', 'bonus', 'body']);
    expect(place?.before).toBe('game.');
  });
});

describe('hover in expressions', () => {
  it("gives a name's type and description", () => {
    const { cx, text } = tenThousand();
    const at = text.indexOf('game.turnPoints >= params.entry') + 'game.turnPoints >= params.en'.length;
    expect(hoverAt(cx, exprAt(text, at)!)).toMatchObject({
      label: 'params.entry',
      detail: 'number',
      documentation: expect.stringMatching(/enter the game/),
    });
    const call = text.indexOf('minBank()') + 2;
    expect(hoverAt(cx, exprAt(text, call)!)).toMatchObject({ label: 'minBank', detail: 'minBank() → number' });
  });
});
