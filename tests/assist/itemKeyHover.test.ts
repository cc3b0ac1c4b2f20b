/**
 * Issue 13 item 1: the editor shows the key a variant uses for a list item — its id, or the
 * derived key that the variants module's itemKeys gives — and the path of its list, in a game and
 * in a variant file.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { itemKeyHoverAt } from '../../src/assist/itemKeyHover.ts';

const GAMES = join(import.meta.dirname, '../../games');
const tenThousand = readFileSync(join(GAMES, 'ten-thousand/game.yaml'), 'utf8');
const at = (text: string, marker: string, skip = 0): number => text.indexOf(marker, text.indexOf(marker) + skip) + 2;

describe('list item keys on hover (issue 13 item 1)', () => {
  it("keys 10,000's roll effects by kind and number, with the variant's path", () => {
    const hover = itemKeyHoverAt(tenThousand, at(tenThousand, '- roll: zones.pool'), false);
    expect(hover?.key).toBe('roll#1');
    expect(hover?.list).toBe('moves.roll.effects');
    expect(hover?.lines.join('\n')).toContain(
      'in a variant: `$item: roll#1` to change it, `$after: roll#1` to add an item after it, under `moves.roll.effects`',
    );
    const log = itemKeyHoverAt(tenThousand, at(tenThousand, '- log: "Player {active + 1} rolls'), false);
    expect([log?.key, log?.list]).toEqual(['log#1', 'moves.roll.effects']);
  });

  it('names an item by its id, a one-test guard as clause#1, and a transition by its number', () => {
    expect(itemKeyHoverAt(tenThousand, at(tenThousand, '- id: fifties'), false)?.lines[0]).toBe('item `fifties` (its id)');
    const guard = itemKeyHoverAt(tenThousand, tenThousand.indexOf('params.takeBack and game.leftDice'), false);
    expect([guard?.key, guard?.list]).toEqual(['clause#1', 'moves.takeBack.guard']);
    const spec = 'flow:\n  initial: a\n  states:\n    a:\n      always:\n        - target: b\n          guard: x\n        - target: c\n';
    expect(itemKeyHoverAt(spec, spec.indexOf('target: c'), false)).toMatchObject({ key: 'transition#2', list: 'flow.states.a.always' });
    // An effect inside an effect is keyed in its own list.
    const nested = 'moves:\n  m:\n    effects:\n      - if: x\n        then:\n          - log: a\n          - log: b\n';
    expect(itemKeyHoverAt(nested, nested.indexOf('log: b'), false)).toMatchObject({ key: 'log#2', list: 'moves.m.effects[0].then' });
  });

  it('shows nothing off a patchable list: a scalar, a list of values', () => {
    expect(itemKeyHoverAt(tenThousand, at(tenThousand, 'title: Roll'), false)).toBeNull();
    expect(itemKeyHoverAt(tenThousand, tenThousand.indexOf('T-B1]'), false)).toBeNull();
  });

  it('in a variant file: what an operation names, and new items keyed as in a game', () => {
    const variant = [
      'variant: loud',
      'game: ten-thousand',
      'patch:',
      '  moves:',
      '    roll:',
      '      effects:',
      '        - $after: roll#1',
      '          log: "shake"',
      '        - $item: log#1',
      '          $remove: true',
      '    +shout:',
      '      effects:',
      '        - log: a',
      '        - log: b',
      '',
    ].join('\n');
    expect(itemKeyHoverAt(variant, variant.indexOf('log: "shake"'), true)).toMatchObject({
      key: 'roll#1',
      list: 'moves.roll.effects',
      lines: ['a new item after `roll#1` under `moves.roll.effects`'],
    });
    expect(itemKeyHoverAt(variant, variant.indexOf('$remove'), true)?.lines).toEqual([
      "changes the game's item `log#1` under `moves.roll.effects`",
    ]);
    expect(itemKeyHoverAt(variant, variant.indexOf('log: b'), true)).toMatchObject({ key: 'log#2', list: 'moves.shout.effects' });
    // The variant's own header is not a spec.
    expect(itemKeyHoverAt(variant, variant.indexOf('loud'), true)).toBeNull();
  });
});
