/**
 * Eight Masters' Revenge: one test (or more) per rule of shared/rules/eight-masters-revenge.md
 * (E-1…E-12), the rules file's worked examples, the variant dragon-counter (E-11), and seeded
 * random games that end for 2-4 players with and without the variant. Positions are laid out by
 * putting given cards in the rings and hands (`arrange`).
 */
import { describe, expect, it } from 'vitest';
import type { CompiledGame } from '../../src/compile/index.ts';
import { envOf } from '../../src/runtime/env.ts';
import { Meter, compileExpr, type Value } from '../../src/lang/index.ts';
import type { GameState, Piece } from '../../src/engine/index.ts';
import { legalMoves } from '../../src/engine/index.ts';
import { simulate } from '../../src/sim/simulate.ts';
import { compile, moveNames, play, refused, start, where, withVars } from '../helpers/games.ts';

const base = compile('eight-masters-revenge');
const dragons = compile('eight-masters-revenge', ['dragon-counter']);

const COLOURS = ['blue', 'red', 'green', 'yellow'];
/** The id of a deck card: the deck is generated colour by colour, then left, then right. */
const card = (colour: string, left: number, right: number): string => `deck-${COLOURS.indexOf(colour) * 25 + (left - 1) * 5 + right}`;

const evaluate = (game: CompiledGame, s: GameState, source: string): Value => {
  const compiled = compileExpr(source, game.globals, game.library);
  if (!compiled.ok) throw new Error(compiled.errors.map((e) => e.message).join('; '));
  return compiled.run(envOf(s.context), new Meter());
};

const zone = (s: GameState, name: string, seat?: number): Piece[] =>
  seat === undefined ? (s.context.zones[name] as Piece[]) : ((s.context.zones[name] as Piece[][])[seat] ?? []);
const marker = (s: GameState, seat: number): number => s.context.players[seat]?.marker as number;
const ring = (s: GameState, seat: number): string[] =>
  zone(s, 'ring', seat)
    .slice()
    .sort((a, b) => (a.pos as number) - (b.pos as number))
    .map((c) => `${c.pos}:${c.left}-${c.right}`);

/**
 * The state with the given rings ([card id, place] each) and hands: the cards are taken from
 * wherever they are; the cards a ring had before go to the discard.
 */
const arrange = (
  s: GameState,
  layout: { rings?: Record<number, [string, number][]>; hands?: Record<number, string[]>; blocking?: string[] },
): GameState => {
  const zones = s.context.zones;
  const all = new Map<string, Piece>();
  for (const contents of Object.values(zones)) for (const p of (contents as (Piece | Piece[])[]).flat()) all.set(p.id, p);
  const named = new Set([
    ...Object.values(layout.rings ?? {})
      .flat()
      .map(([id]) => id),
    ...Object.values(layout.hands ?? {}).flat(),
  ]);
  const keep = (list: readonly Piece[]): Piece[] => list.filter((p) => !named.has(p.id));
  const get = (id: string, pos: number): Piece => {
    const p = all.get(id);
    if (!p) throw new Error(`no card ${id}`);
    return { ...p, pos, blocking: layout.blocking?.includes(id) ?? false };
  };
  const displaced: Piece[] = [];
  const rings = (zones.ring as Piece[][]).map((list, seat) => {
    const wanted = layout.rings?.[seat];
    if (!wanted) return keep(list);
    displaced.push(...keep(list).map((p) => ({ ...p, pos: -1, blocking: false })));
    return wanted.map(([id, pos]) => get(id, pos));
  });
  const hands = (zones.hand as Piece[][]).map((list, seat) => {
    const wanted = layout.hands?.[seat];
    return wanted ? wanted.map((id) => get(id, -1)) : keep(list);
  });
  return {
    ...s,
    context: {
      ...s.context,
      zones: {
        ...zones,
        ring: rings,
        hand: hands,
        deck: keep(zones.deck as Piece[]),
        discard: [...displaced, ...keep(zones.discard as Piece[])],
      },
    },
  };
};

// A duel laid out for a hit: player 1 plays green 4-5 on the right of its pair (bow 1-1, red 1-3),
// so the far card (blue 2-1: 3 stars, no effect) strikes; the new pair red 1-3 / green 4-5 attacks
// with 3 + 4 = 7; player 2's pair blue 3-1 / blue 5-4 defends with 3 + 4 = 7.
const STRIKER = card('blue', 2, 1);
const HIT = {
  rings: {
    0: [
      [STRIKER, 2],
      [card('red', 1, 3), 3],
    ],
    1: [
      [card('blue', 3, 1), 2],
      [card('blue', 5, 4), 3],
    ],
  } as Record<number, [string, number][]>,
  hands: { 0: [card('green', 4, 5)], 1: [card('red', 2, 3)] },
};
const attack = (game: CompiledGame, s: GameState, c: string, side: 'left' | 'right', target = 1): GameState =>
  play(game, s, 'attack', { card: c, side, target });

describe("Eight Masters' Revenge", () => {
  it('E-1 cards carry two numbers, a colour, 0-3 stars, maybe a dragon, and a discard effect', () => {
    const s = start(base);
    const deck = [...zone(s, 'deck'), ...zone(s, 'hand', 0), ...zone(s, 'hand', 1)];
    expect(deck).toHaveLength(100);
    expect(new Set(deck.map((c) => c.colour))).toEqual(new Set(COLOURS));
    for (const c of deck) {
      expect([c.left, c.right].every((n) => [1, 2, 3, 4, 5].includes(n as number))).toBe(true);
      expect([0, 1, 2, 3]).toContain(c.stars);
      expect(['none', 'draw', 'heal', 'wound']).toContain(c.effect);
      expect(c.dragon).toBe(c.left === c.right);
    }
    expect(deck.filter((c) => c.dragon)).toHaveLength(20);
    expect(new Set(deck.map((c) => `${c.colour}${c.left}${c.right}`)).size).toBe(100);
    const blue21 = deck.find((c) => c.id === card('blue', 2, 1));
    expect(blue21).toMatchObject({ colour: 'blue', left: 2, right: 1, stars: 3, effect: 'none', dragon: false });
  });

  it('E-2 each ring starts with the pair of bow cards 1/1 in the middle; hands get 2 cards', () => {
    const s = start(base, 3);
    for (const seat of [0, 1, 2]) {
      expect(ring(s, seat)).toEqual(['2:1-1', '3:1-1']);
      expect(zone(s, 'ring', seat).every((c) => c.kind === 'bow' && c.effect === 'none')).toBe(true);
      expect(zone(s, 'hand', seat)).toHaveLength(2);
    }
    expect(zone(s, 'deck')).toHaveLength(94);
    expect(where(s)).toBe('turn.act');
  });

  it('E-3 the health track has 10 segments with 2 players (9 and 8 assumed for 3 and 4)', () => {
    expect(evaluate(base, start(base, 2), 'track()')).toBe(10);
    expect(evaluate(base, start(base, 3), 'track()')).toBe(9);
    expect(evaluate(base, start(base, 4), 'track()')).toBe(8);
  });

  it('E-3 a marker that reaches the last segment puts the player out; the last one standing wins', () => {
    let s = withVars(arrange(start(base), HIT), { players: { 1: { marker: 9 } } });
    s = play(base, attack(base, s, card('green', 4, 5), 'right'), 'take', undefined, 1);
    expect(s.context.players[1]?.out).toBe(true);
    expect(s.context.result).toEqual({ winners: [0] });
  });

  it('E-3 with 3 players an eliminated player is skipped and the game goes on', () => {
    let s = withVars(arrange(start(base, 3), HIT), { players: { 1: { marker: 8 } } });
    s = play(base, attack(base, s, card('green', 4, 5), 'right'), 'take', undefined, 1);
    expect(s.context.players[1]?.out).toBe(true);
    expect(s.context.result).toBeNull();
    expect(s.context.active).toBe(2);
    expect(
      legalMoves(base, s)
        .filter((m) => m.move === 'attack')
        .every((m) => m.args?.target === 0),
    ).toBe(true);
  });

  it('E-4, E-6.1 a card played onto a damage token costs its player 1 damage and the token leaves', () => {
    let s = withVars(arrange(start(base), HIT), { players: { 0: { tokens: [4, 0] } } });
    s = attack(base, s, card('green', 4, 5), 'right');
    expect(marker(s, 0)).toBe(2);
    expect(s.context.players[0]?.tokens).toEqual([0]);
  });

  it('E-4 a "wound" discard effect puts a damage token beside the defender\'s pair', () => {
    // red 1-1 at place 2 is discarded: (1 + 2) mod 4 = 3, a wound; it misses (attack 3 + 2 ≠ 7).
    let s = arrange(start(base), {
      ...HIT,
      rings: {
        ...HIT.rings,
        0: [
          [card('red', 1, 1), 2],
          [card('red', 1, 3), 3],
        ],
      },
      hands: { 0: [card('red', 2, 3)] },
    });
    s = attack(base, s, card('red', 2, 3), 'right');
    expect(s.context.players[1]?.tokens).toEqual([1]);
    expect(s.context.active).toBe(1);
  });

  it('E-5 draw 2 cards, 1 when holding 3, none past the hand limit of 4', () => {
    let s = start(base);
    s = play(base, s, 'draw');
    expect(zone(s, 'hand', 0)).toHaveLength(4);
    expect(s.context.active).toBe(1);
    s = arrange(s, { hands: { 1: [card('red', 1, 2), card('red', 1, 3), card('red', 1, 4)] } });
    s = play(base, s, 'draw', undefined, 1);
    expect(zone(s, 'hand', 1)).toHaveLength(4);
    expect(refused(base, s, { move: 'draw', seat: 0 })).toMatch(/hand is full/);
  });

  it('E-5 after drawing, one damage token may move: on a card onto the next card, on an empty place to the nearest empty place', () => {
    let s = play(base, withVars(start(base), { players: { 0: { tokens: [2, 1] } } }), 'draw');
    expect(where(s)).toBe('turn.drawn');
    const steps = legalMoves(base, s)
      .filter((m) => m.move === 'moveToken')
      .map((m) => `${m.args?.from}>${m.args?.to}`);
    expect(steps.sort()).toEqual(['1>0', '1>4', '2>3']);
    s = play(base, s, 'moveToken', { from: 1, to: 4 });
    expect(s.context.players[0]?.tokens).toEqual([2, 4]);
    expect(s.context.active).toBe(1);
    const t = play(base, play(base, withVars(start(base), { players: { 0: { tokens: [1] } } }), 'draw'), 'endTurn');
    expect(t.context.players[0]?.tokens).toEqual([1]);
  });

  it('E-6 the played card joins the pair, the far card is discarded and makes the attack', () => {
    const s = attack(base, arrange(start(base), HIT), card('green', 4, 5), 'right');
    expect(ring(s, 0)).toEqual(['3:1-3', '4:4-5']);
    expect(zone(s, 'discard')[0]?.id).toBe(STRIKER);
    expect(s.context.game).toMatchObject({ striker: 0, defender: 1, strikeStars: 3, strikeColour: 'blue', strikeEffect: 'none' });
    const left = attack(base, arrange(start(base), { ...HIT, hands: { 0: [card('green', 2, 1)] } }), card('green', 2, 1), 'left');
    expect(ring(left, 0)).toEqual(['1:2-1', '2:2-1']);
    expect(zone(left, 'discard')[0]?.id).toBe(card('red', 1, 3));
  });

  it('E-6.2 a hit needs the attack value to equal the defence value exactly', () => {
    const s = attack(base, arrange(start(base), HIT), card('green', 4, 5), 'right');
    expect(s.context.game.hit).toBe(true);
    expect(where(s)).toBe('turn.answer');
    expect(moveNames(base, s)).toEqual(['block', 'take']);
    expect(legalMoves(base, s).every((m) => m.seat === 1)).toBe(true);
    const miss = attack(base, arrange(start(base), { ...HIT, hands: { 0: [card('green', 5, 5)] } }), card('green', 5, 5), 'right');
    expect(miss.context.game.hit).toBe(false);
    expect(miss.context.active).toBe(1);
  });

  it("E-6.4 the discarded card's effect applies after the damage, for the striker", () => {
    // red 4-1 (1 star, effect heal) strikes: it hits for 1, then heals the striker.
    let s = withVars(
      arrange(start(base), {
        ...HIT,
        rings: {
          ...HIT.rings,
          0: [
            [card('red', 4, 1), 2],
            [card('red', 1, 3), 3],
          ],
        },
      }),
      {
        players: { 0: { marker: 4 } },
      },
    );
    s = play(base, attack(base, s, card('green', 4, 5), 'right'), 'take', undefined, 1);
    expect([marker(s, 0), marker(s, 1)]).toEqual([3, 2]);
    // blue 1-2 (3 stars, draw) misses: the striker draws a card anyway.
    const t = attack(
      base,
      arrange(start(base), {
        ...HIT,
        rings: {
          ...HIT.rings,
          0: [
            [card('blue', 1, 2), 2],
            [card('red', 1, 2), 3],
          ],
        },
      }),
      card('green', 4, 5),
      'right',
    );
    expect(t.context.game.hit).toBe(false);
    expect(zone(t, 'hand', 0)).toHaveLength(1);
  });

  it('E-6.5 equal inner numbers form a pair: an extra turn, to attack again or draw 1 card', () => {
    let s = arrange(start(base), {
      ...HIT,
      rings: {
        ...HIT.rings,
        0: [
          [STRIKER, 2],
          [card('green', 3, 2), 3],
        ],
      },
      hands: { 0: [card('red', 2, 4), card('red', 5, 5)] },
    });
    s = attack(base, s, card('red', 2, 4), 'right');
    expect(ring(s, 0)).toEqual(['3:3-2', '4:2-4']);
    expect(where(s)).toBe('turn.act');
    expect(s.context.active).toBe(0);
    expect(s.context.game.extra).toBe(true);
    expect(moveNames(base, s)).toEqual(['attack', 'draw']);
    s = play(base, s, 'draw');
    expect(zone(s, 'hand', 0)).toHaveLength(2);
    expect(s.context.active).toBe(1);
  });

  it('E-7 attack = the two inner numbers, defence = the two outer numbers of the pair in play', () => {
    const s = arrange(start(base), {
      rings: {
        0: [
          [card('blue', 2, 4), 2],
          [card('red', 5, 1), 3],
        ],
      },
    });
    expect(evaluate(base, s, 'attackValue(0)')).toBe(9);
    expect(evaluate(base, s, 'defenceValue(0)')).toBe(3);
  });

  it('E-8 a card cannot be played beyond the ring: in the two leftmost places, only to the right', () => {
    const s = arrange(start(base), {
      rings: {
        0: [
          [card('blue', 2, 4), 0],
          [card('red', 5, 1), 1],
        ],
      },
      hands: { 0: [card('green', 1, 1)] },
    });
    const sides = new Set(
      legalMoves(base, s)
        .filter((m) => m.move === 'attack')
        .map((m) => m.args?.side),
    );
    expect(sides).toEqual(new Set(['right']));
    expect(refused(base, s, { move: 'attack', seat: 0, args: { card: card('green', 1, 1), side: 'left', target: 1 } })).toMatch(/fits/);
    const right = arrange(start(base), {
      rings: {
        0: [
          [card('blue', 2, 4), 4],
          [card('red', 5, 1), 5],
        ],
      },
      hands: { 0: [card('green', 1, 1)] },
    });
    expect(
      new Set(
        legalMoves(base, right)
          .filter((m) => m.move === 'attack')
          .map((m) => m.args?.side),
      ),
    ).toEqual(new Set(['left']));
  });

  it('E-9 taking it: the defender takes the whole damage and the turn goes on', () => {
    const s = play(base, attack(base, arrange(start(base), HIT), card('green', 4, 5), 'right'), 'take', undefined, 1);
    expect(marker(s, 1)).toBe(4);
    expect(s.context.active).toBe(1);
  });

  it("E-10 blocking needs cards in play of the strike's colour; each takes 1 off; they stay blocking", () => {
    let s = attack(base, arrange(start(base), HIT), card('green', 4, 5), 'right');
    expect(legalMoves(base, s).filter((m) => m.move === 'block')).toHaveLength(3);
    s = play(base, s, 'block', { cards: [card('blue', 3, 1), card('blue', 5, 4)] }, 1);
    expect(marker(s, 1)).toBe(2);
    expect(zone(s, 'ring', 1).every((c) => c.blocking)).toBe(true);
    const red = attack(
      base,
      arrange(start(base), {
        ...HIT,
        rings: {
          ...HIT.rings,
          0: [
            [card('red', 2, 1), 2],
            [card('red', 1, 3), 3],
          ],
        },
      }),
      card('green', 4, 5),
      'right',
    );
    expect(moveNames(base, red)).toEqual(['take']);
  });

  it('E-10 a blocking card cannot block again nor form a pair; it stops blocking when discarded', () => {
    const layout = { ...HIT, blocking: [card('blue', 3, 1)] };
    const s = attack(base, arrange(start(base), layout), card('green', 4, 5), 'right');
    expect(
      legalMoves(base, s)
        .filter((m) => m.move === 'block')
        .map((m) => m.args?.cards),
    ).toEqual([[card('blue', 5, 4)]]);
    const paired = arrange(start(base), {
      rings: {
        0: [
          [card('green', 3, 2), 2],
          [card('red', 2, 4), 3],
        ],
      },
      blocking: [card('green', 3, 2)],
    });
    expect(evaluate(base, paired, 'isPair(0)')).toBe(false);
    expect(
      evaluate(
        base,
        arrange(start(base), {
          rings: {
            0: [
              [card('green', 3, 2), 2],
              [card('red', 2, 4), 3],
            ],
          },
        }),
        'isPair(0)',
      ),
    ).toBe(true);
    const discarded = attack(base, arrange(start(base), { ...HIT, blocking: [STRIKER] }), card('green', 4, 5), 'right');
    expect(zone(discarded, 'discard')[0]).toMatchObject({ id: STRIKER, blocking: false, pos: -1 });
  });

  it('E-11 the base game has no counter-attack', () => {
    const s = attack(
      base,
      arrange(start(base), {
        ...HIT,
        rings: {
          ...HIT.rings,
          1: [
            [card('blue', 3, 4), 2],
            [card('red', 4, 4), 3],
          ],
        },
        hands: { ...HIT.hands, 1: [card('green', 5, 5)] },
      }),
      card('green', 4, 5),
      'right',
    );
    expect(moveNames(base, s)).toEqual(['block', 'take']);
    expect(base.moves.counter).toBeUndefined();
  });

  it("E-12 damage = the strike's stars minus one per blocking card, +2 while a card of its colour still blocks", () => {
    // Worked example: blue 3 stars, both blue cards block: 1 damage.
    let s = play(
      base,
      attack(base, arrange(start(base), HIT), card('green', 4, 5), 'right'),
      'block',
      { cards: [card('blue', 3, 1), card('blue', 5, 4)] },
      1,
    );
    expect(marker(s, 1) - 1).toBe(1);
    // Worked example: a blue card hits again while a blue card still blocks: 2 extra damage.
    s = attack(base, arrange(start(base), { ...HIT, blocking: [card('blue', 3, 1)] }), card('green', 4, 5), 'right');
    expect(play(base, s, 'take', undefined, 1).context.players[1]?.marker).toBe(1 + 3 + 2);
    expect(play(base, s, 'block', { cards: [card('blue', 5, 4)] }, 1).context.players[1]?.marker).toBe(1 + 2 + 2);
  });

  describe('worked examples', () => {
    it('cards 2-4 and 5-1 in play: attack 9, defence 3', () => {
      const s = arrange(start(base), {
        rings: {
          1: [
            [card('yellow', 2, 4), 2],
            [card('green', 5, 1), 3],
          ],
        },
      });
      expect([evaluate(base, s, 'attackValue(1)'), evaluate(base, s, 'defenceValue(1)')]).toEqual([9, 3]);
    });
    it('attack 7 against defence 7: a hit', () => {
      const s = attack(base, arrange(start(base), HIT), card('green', 4, 5), 'right');
      expect(s.context.log).toContain('Attack 7 against defence 7: a hit');
    });
    it("attack 7 against defence 6: a miss, no damage, the discarded card's effect still applies", () => {
      // red 4-1 heals; player 2's pair blue 3-1 / blue 5-3 defends with 6.
      let s = arrange(start(base), {
        rings: {
          0: [
            [card('red', 4, 1), 2],
            [card('red', 1, 3), 3],
          ],
          1: [
            [card('blue', 3, 1), 2],
            [card('blue', 5, 3), 3],
          ],
        },
        hands: HIT.hands,
      });
      s = attack(base, withVars(s, { players: { 0: { marker: 3 } } }), card('green', 4, 5), 'right');
      expect(s.context.log).toContain('Attack 7 against defence 6: a miss');
      expect([marker(s, 0), marker(s, 1)]).toEqual([2, 1]);
    });
    it('a blue 3-star card hits, the defender blocks with its 2 blue cards: 1 damage, both now blocking', () => {
      const s = play(
        base,
        attack(base, arrange(start(base), HIT), card('green', 4, 5), 'right'),
        'block',
        { cards: [card('blue', 3, 1), card('blue', 5, 4)] },
        1,
      );
      expect(s.context.log).toContain('Player 2 takes 1 damage: segment 2 of 10');
      expect(zone(s, 'ring', 1).map((c) => c.blocking)).toEqual([true, true]);
    });
    it('a blue card hits again while a blue card is still blocking: 2 extra damage', () => {
      const s = attack(base, arrange(start(base), { ...HIT, blocking: [card('blue', 5, 4)] }), card('green', 4, 5), 'right');
      expect(play(base, s, 'take', undefined, 1).context.log).toContain('Player 2 takes 5 damage: segment 6 of 10');
    });
    it('the new pair reads 3-2 / 2-4: a pair, the attacker plays again', () => {
      const s = attack(
        base,
        arrange(start(base), {
          ...HIT,
          rings: {
            ...HIT.rings,
            0: [
              [STRIKER, 2],
              [card('green', 3, 2), 3],
            ],
          },
          hands: { 0: [card('red', 2, 4)] },
        }),
        card('red', 2, 4),
        'right',
      );
      expect(s.context.log).toContain('Player 1 formed a pair: an extra turn');
      expect(legalMoves(base, s).every((m) => m.seat === 0)).toBe(true);
    });
    it('the attacker holds 3 cards and draws: 1 card', () => {
      const s = play(base, arrange(start(base), { hands: { 0: [card('red', 1, 2), card('red', 1, 3), card('red', 1, 4)] } }), 'draw');
      expect(zone(s, 'hand', 0)).toHaveLength(4);
      expect(s.context.log).toContain('Player 1 draws 1 card(s)');
    });
    it('the pair stands on the two leftmost places: a card can be played only on its right', () => {
      const s = arrange(start(base), {
        rings: {
          0: [
            [card('blue', 2, 4), 0],
            [card('red', 5, 1), 1],
          ],
        },
      });
      expect(evaluate(base, s, "[fits(0, 'left'), fits(0, 'right')]")).toEqual([false, true]);
    });
  });

  describe('variant dragon-counter (E-11)', () => {
    // Player 2 has the dragon red 4-4 on the right of its pair and the dragon green 5-5 in hand.
    const COUNTER = {
      rings: {
        0: [
          [STRIKER, 2],
          [card('red', 5, 3), 3],
        ],
        1: [
          [card('blue', 3, 4), 2],
          [card('red', 4, 4), 3],
        ],
      } as Record<number, [string, number][]>,
      hands: { 0: [card('green', 4, 4), card('yellow', 1, 1)], 1: [card('green', 5, 5)] },
    };
    const countered = (): GameState => {
      const s = attack(dragons, arrange(start(dragons), COUNTER), card('green', 4, 4), 'right');
      expect(s.context.game.hit).toBe(true);
      expect(moveNames(dragons, s)).toEqual(['block', 'counter', 'take']);
      return play(dragons, s, 'counter', { card: card('green', 5, 5), side: 'right' }, 1);
    };

    it('a defender with a dragon in play and one in hand counter-attacks: the strike is cancelled and the far card strikes back', () => {
      const s = countered();
      expect(ring(s, 1)).toEqual(['3:4-4', '4:5-5']);
      expect(zone(s, 'discard')[0]?.id).toBe(card('blue', 3, 4));
      expect(s.context.game).toMatchObject({ striker: 1, defender: 0, strikeStars: 3, strikeColour: 'blue', hit: true });
      expect(where(s)).toBe('turn.answer');
      expect(legalMoves(dragons, s).every((m) => m.seat === 0)).toBe(true);
      expect(marker(s, 1)).toBe(1);
    });

    it('an attacker who does not answer the counter takes it, and the turn ends at once', () => {
      const s = play(dragons, countered(), 'take', undefined, 0);
      expect([marker(s, 0), marker(s, 1)]).toEqual([4, 1]);
      // blue 3-4 (3 stars) hit; its wound puts a token left of player 1's pair (place 3 and 4).
      expect(s.context.players[0]?.tokens).toEqual([2]);
      expect(s.context.active).toBe(1);
    });

    it('the attacker may counter the counter; the chain goes on while dragons remain', () => {
      let s = countered();
      expect(moveNames(dragons, s)).toEqual(['counter', 'take']);
      s = play(dragons, s, 'counter', { card: card('yellow', 1, 1), side: 'right' }, 0);
      // red 5-3 (0 stars, wound) strikes back with 4 + 1 = 5 against 4 + 5 = 9: a miss; its wound
      // effect applies and player 1's turn ends (no pair).
      expect(ring(s, 0)).toEqual(['4:4-4', '5:1-1']);
      expect(s.context.game.hit).toBe(false);
      expect(s.context.players[1]?.tokens).toEqual([2]);
      expect([marker(s, 0), marker(s, 1)]).toEqual([1, 1]);
      expect(s.context.active).toBe(1);
    });

    it('no counter without a dragon in play on a side that fits', () => {
      const s = attack(
        dragons,
        arrange(start(dragons), {
          ...COUNTER,
          rings: {
            ...COUNTER.rings,
            1: [
              [card('blue', 3, 4), 2],
              [card('red', 4, 3), 3],
            ],
          },
        }),
        card('green', 4, 4),
        'right',
      );
      expect(s.context.game.hit).toBe(false);
      const t = attack(dragons, arrange(start(dragons), HIT), card('green', 4, 5), 'right');
      expect(moveNames(dragons, t)).toEqual(['block', 'take']);
    });
  });

  it('random games end for 2, 3 and 4 players, with and without dragon-counter', () => {
    const rates: Record<string, number> = {};
    for (const [label, game] of [
      ['base', base],
      ['dragon-counter', dragons],
    ] as const) {
      for (let players = 2; players <= 4; players++) {
        const report = simulate(game, { games: 15, seed: `emr-${label}-${players}`, players });
        expect(report.errors).toEqual([]);
        expect(report.unfinished).toBe(0);
        expect(Object.values(report.wins).reduce((a, b) => a + b, 0)).toBe(15);
        rates[`${label}/${players}`] = report.gamesPerSecond;
      }
    }
    console.info(`Eight Masters' Revenge random games per second: ${JSON.stringify(rates)}`);
  });
});

describe('E-10 the starting bow cards', () => {
  // Player 1 plays red 1-3 on the right of its bow pair: the far bow card strikes, and the new pair
  // (bow 1-1, red 1-3) attacks with 1 + 1 = 2 against player 2's bow pair defending with 1 + 1 = 2.
  const bowStrike = (game: CompiledGame): GameState =>
    attack(game, arrange(start(game), { hands: { 0: [card('red', 1, 3)] } }), card('red', 1, 3), 'right');

  it('E-10 a bow strike cannot be blocked, not even by the bow cards in play: the defender can only take it', () => {
    const s = bowStrike(base);
    expect(s.context.game).toMatchObject({ hit: true, strikeColour: 'bow' });
    expect(zone(s, 'ring', 1).map((c) => c.colour)).toEqual(['bow', 'bow']);
    expect(moveNames(base, s)).toEqual(['take']);
    expect(refused(base, s, { move: 'block', seat: 1, args: { cards: [zone(s, 'ring', 1)[0]?.id as string] } })).toMatch(/cards/);
    expect(moveNames(dragons, bowStrike(dragons))).not.toContain('block');
  });

  it('E-10 no game played through offers a block against a bow strike', () => {
    let offered = 0;
    for (let i = 0; i < 10; i++) {
      let s = start(base, 2, `bow-${i}`);
      for (let n = 0; n < 400 && s.context.result === null; n++) {
        const moves = legalMoves(base, s);
        if (s.context.game.strikeColour === 'bow' && where(s) === 'turn.answer') offered += moves.filter((m) => m.move === 'block').length;
        const m = moves[(n * 7 + i) % moves.length];
        if (!m) break;
        s = play(base, s, m.move, m.args, m.seat);
      }
    }
    expect(offered).toBe(0);
  });
});

describe('E-6/E-11 counters only on a hit, or whenever the active player attacks', () => {
  // Player 2 has the dragon red 4-4 on the right of its pair and the dragon green 5-5 in hand;
  // player 1 plays yellow 1-1: the new pair red 5-3 / yellow 1-1 attacks with 3 + 1 = 4 against 7.
  const MISS = {
    rings: {
      0: [
        [STRIKER, 2],
        [card('red', 5, 3), 3],
      ],
      1: [
        [card('blue', 3, 4), 2],
        [card('red', 4, 4), 3],
      ],
    } as Record<number, [string, number][]>,
    hands: { 0: [card('yellow', 1, 1)], 1: [card('green', 5, 5)] },
  };
  const miss = (game: CompiledGame): GameState => attack(game, arrange(start(game), MISS), card('yellow', 1, 1), 'right');

  it('E-11 counterOnMiss off (default): a miss opens no answer, the turn passes', () => {
    expect(dragons.spec.params?.counterOnMiss).toMatchObject({ type: 'bool', default: false, rules: ['E-6', 'E-11'] });
    const s = miss(dragons);
    expect(s.context.game.hit).toBe(false);
    expect(s.context.active).toBe(1);
    expect(where(s)).toBe('turn.act');
  });

  it('E-11 counterOnMiss on: a defender able to counter may answer a miss, by countering or letting it pass, never by blocking', () => {
    const game = compile('eight-masters-revenge', ['dragon-counter'], { counterOnMiss: true });
    const s = miss(game);
    expect(s.context.game.hit).toBe(false);
    expect(where(s)).toBe('turn.answer');
    expect(moveNames(game, s)).toEqual(['counter', 'take']);
    const passed = play(game, s, 'take', undefined, 1);
    expect([marker(passed, 0), marker(passed, 1)]).toEqual([1, 1]);
    expect(passed.context.active).toBe(1);
    const countered = play(game, s, 'counter', { card: card('green', 5, 5), side: 'right' }, 1);
    expect(countered.context.game).toMatchObject({ striker: 1, defender: 0 });
    // Without a dragon to counter with, a miss still needs no answer.
    const plain = attack(
      game,
      arrange(start(game), { ...MISS, hands: { 0: [card('yellow', 1, 1)], 1: [card('green', 5, 4)] } }),
      card('yellow', 1, 1),
      'right',
    );
    expect(plain.context.active).toBe(1);
  });
});
