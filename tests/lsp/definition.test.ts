/** Go to definition by the text alone: the name under the cursor and the key that declares it. */
import { describe, expect, it } from 'vitest';
import { chainAt, declarationAt, declarationPaths, keyRange } from '../../src/lsp/definition.ts';

const GAME = `id: g
params:
  entry: { type: number, default: 500 }
vars:
  game:
    turnPoints: { type: number, initial: 0 }
  player:
    ticks: { type: number, initial: 0 }
zones:
  hand: { owner: player }
definitions:
  triple:
    params: { f: number }
    body: "f * 100"
procedures:
  reset:
    effects: []
moves:
  roll:
    guard: "game.turnPoints >= params.entry and triple(players[0].ticks) > 0"
    effects:
      - call: reset
`;

const VARIANT = `variant: v
patch:
  vars:
    game:
      +bonus: { type: number, initial: 0 }
  moves:
    roll:
      guard: "game.bonus > 0 and game.turnPoints > 0"
`;

const offsetOf = (text: string, needle: string, delta = 0): number => text.indexOf(needle) + delta;
const keyAt = (text: string, key: string): readonly [number, number] => {
  const start = text.indexOf(`${key}:`);
  return [start, start + key.length];
};

describe('the chain under the cursor', () => {
  it('reads the dotted chain through list indexes, and whether it is called', () => {
    expect(chainAt('len(players[seat].levels)', 20)).toEqual({ chain: 'players.levels', called: false });
    expect(chainAt('triple(f) + 1', 2)).toEqual({ chain: 'triple', called: true });
    expect(chainAt('1 + 2', 1)).toBeNull();
  });

  it('names the declaring section of each global root, and every section a bare word may be in', () => {
    expect(declarationPaths('game.turnPoints', false, 'guard')).toEqual([['vars', 'game', 'turnPoints']]);
    expect(declarationPaths('player.ticks', false, 'guard')).toEqual([['vars', 'player', 'ticks']]);
    expect(declarationPaths('zones.hand', false, 'guard')).toEqual([['zones', 'hand']]);
    expect(declarationPaths('params.entry', false, 'guard')).toEqual([['params', 'entry']]);
    expect(declarationPaths('triple', true, 'guard')).toEqual([['definitions', 'triple']]);
    expect(declarationPaths('reset', false, 'call')).toEqual([['procedures', 'reset']]);
    expect(declarationPaths('hand', false, 'to')).toContainEqual(['zones', 'hand']);
    expect(declarationPaths('roll.x', false, 'guard')).toEqual([]);
  });
});

describe('the declaring key', () => {
  it("finds a key's range by its path, and null for a path the text does not have", () => {
    expect(keyRange(GAME, ['vars', 'game', 'turnPoints'])).toEqual(keyAt(GAME, 'turnPoints'));
    expect(keyRange(GAME, ['vars', 'team', 'x'])).toBeNull();
    expect(keyRange('- a\n- b', ['a'])).toBeNull();
  });

  it.each([
    ['game.turnPoints', 6, 'turnPoints'],
    ['params.entry', 8, 'entry'],
    ['players[0].ticks', 12, 'ticks'],
    ['triple(', 2, 'triple'],
    ['call: reset', 7, 'reset'],
  ])('goes from %s to its key in the game', (needle, delta, key) => {
    expect(declarationAt(GAME, offsetOf(GAME, needle, delta), GAME)).toEqual({ in: 'game', range: keyAt(GAME, key) });
  });

  it("goes from a variant to the game's key, or to the variant's own new name", () => {
    expect(declarationAt(VARIANT, offsetOf(VARIANT, 'game.turnPoints', 6), GAME)).toEqual({
      in: 'game',
      range: keyAt(GAME, 'turnPoints'),
    });
    const bonus = VARIANT.indexOf('+bonus:');
    expect(declarationAt(VARIANT, offsetOf(VARIANT, 'game.bonus', 6), GAME)).toEqual({ in: 'self', range: [bonus, bonus + 6] });
  });

  it('finds nothing off a name, or for a name nothing declares', () => {
    expect(declarationAt(GAME, offsetOf(GAME, '>= params', 0), GAME)).toBeNull();
    expect(declarationAt(VARIANT, offsetOf(VARIANT, 'game.bonus', 6), undefined)).toEqual(expect.objectContaining({ in: 'self' }));
    expect(declarationAt('a: "game.nothing"', 10, GAME)).toBeNull();
  });
});
