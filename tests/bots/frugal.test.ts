/**
 * Frugal lists (src/bots/frugal.ts) and the `frugal` technique: a list a move only gives up (its
 * pieces taken from the seat's own zone, read nowhere else) is searched among its minimal
 * choices, as a strategy's `minimal` would have it (R-8: a discard of no card more than the
 * damage needs). A list whose pieces do anything else keeps every choice.
 */
import { describe, expect, it } from 'vitest';
import { createBot, legalKey } from '../../src/bots/index.ts';
import { minimalOnly } from '../../src/bots/consider.ts';
import { frugalLists, frugalListsOf } from '../../src/bots/frugal.ts';
import type { Technique } from '../../src/bots/learning.ts';
import { compileGame, type CompiledGame } from '../../src/compile/index.ts';
import { applyLegal, isOver, legalMovesWithEvents, newGame, type GameState, type LegalMove } from '../../src/engine/index.ts';
import { Rng, seedRng } from '../../src/runtime/rng.ts';
import { botFixture } from '../helpers/botFixtures.ts';
import { compile } from '../helpers/games.ts';

/** A game where the seat pays a debt with cards of its hand; `effects` and `transition` are YAML put in place. */
const spec = ({ effects = '', transition = 'paying', from = 'zones.hand[seat]' } = {}): string => `
id: debts
title: Debts
description: Pay the debt with cards worth at least as much.
players: { min: 1, max: 1, default: 1 }
components:
  cards:
    card:
      attributes: { value: number }
      list: [{ value: 1 }, { value: 2 }, { value: 3 }, { value: 4 }]
      start: pool
zones:
  hand: { owner: player, holds: [card], visibility: owner }
  pool: { holds: [card], visibility: public }
  pile: { holds: [card], visibility: public }
vars:
  game:
    due: { type: number, initial: 4 }
    cards: { type: number, initial: 0 }
moves:
  pay:
    args:
      cards:
        subsetOf: ${from}
        min: 1
        where: "sumBy(cards, c => c.value) >= game.due"
    effects:
      - move: { from: "${from}", to: zones.pile, pieces: cards }
      - log: "Player {seat + 1} pays {len(cards)} cards"${effects}
flow:
  initial: dealing
  states:
    dealing:
      entry:
        - deal: { from: zones.pool, to: hand, count: 2 }
      always:
        - target: paying
    paying:
      on:
        pay: ${transition}
`;

const lists = (text: string): Record<string, readonly string[]> => {
  const { game, diagnostics } = compileGame({ base: { file: 'debts.yaml', text } });
  if (!game) throw new Error(diagnostics.map((d) => d.message).join('\n'));
  return Object.fromEntries(frugalLists(game));
};

describe('frugal lists: what a move only gives up', () => {
  it('a debt paid from the hand, the cards named only in the move and a log line, is frugal', () => {
    expect(lists(spec())).toEqual({ pay: ['cards'] });
  });

  it('a variable of the same name (game.cards) is not the argument', () => {
    expect(lists(spec({ effects: '\n      - add: { game.due: "game.cards" }' }))).toEqual({ pay: ['cards'] });
  });

  it('cards read by another effect, by a transition guard or its effects, or taken from a common zone, are not', () => {
    expect(lists(spec({ effects: '\n      - add: { game.due: "len(cards)" }' }))).toEqual({});
    expect(lists(spec({ transition: '{ target: paying, guard: "len(cards) > 1" }' }))).toEqual({});
    expect(lists(spec({ transition: '{ target: paying, effects: [{ set: { game.due: "sumBy(cards, c => c.value)" } }] }' }))).toEqual({});
    expect(lists(spec({ from: 'zones.pool' }))).toEqual({});
  });

  it('R-8: in Regicide only the discard is frugal (a play sums its cards); no list of the other shipped games is', () => {
    expect(Object.fromEntries(frugalListsOf(compile('regicide').spec))).toEqual({ discard: ['cards'] });
    expect(Object.fromEntries(frugalListsOf(compile('regicide', ['animal-companions', 'combos']).spec))).toEqual({ discard: ['cards'] });
    for (const id of ['ten-thousand', 'cetatea', 'eight-masters-revenge']) expect(frugalListsOf(compile(id).spec).size).toBe(0);
    // Where taking more coins is better, the coins come from a common purse: not given up.
    expect(frugalListsOf(botFixture('purse').spec).size).toBe(0);
  });
});

const SOLO = ['immunity', 'jester', 'animal-companions', 'enemies-in-hand', 'combos', 'yield-limit', 'solo'];

/** Positions of solo Regicide after random moves, each with its legal moves, until `count` of them offer a discard. */
const discardPositions = (game: CompiledGame, count: number): { state: GameState; legal: LegalMove[] }[] => {
  const out: { state: GameState; legal: LegalMove[] }[] = [];
  for (let seed = 1; out.length < count && seed < 200; seed++) {
    const started = newGame(game, { players: 1, seed });
    if (!started.ok) throw new Error(started.error);
    let s = started.state;
    const rng = new Rng(seedRng(`frugal:${seed}`));
    for (let k = 0; k < 60 && !isOver(s) && out.length < count; k++) {
      const legal = legalMovesWithEvents(game, s);
      if (legal.some((m) => m.move.move === 'discard') && legal.length > 3) out.push({ state: s, legal });
      const next = applyLegal(game, s, legal[rng.below(legal.length)] as LegalMove);
      if (!next.ok) throw new Error(next.error);
      s = next.state;
    }
  }
  return out;
};

describe('frugal: what a search weighs', () => {
  const solo = compile('regicide', SOLO);
  const steady = solo.bots.steady;
  if (!steady) throw new Error('no steady strategy');

  it('R-8: of a discard, only the choices a strategy with `minimal: cards` weighs are left', () => {
    const positions = discardPositions(solo, 8);
    expect(positions).toHaveLength(8);
    for (const { state, legal } of positions) {
      const kept = minimalOnly(frugalLists(solo), legal);
      const minimal = legalMovesWithEvents(solo, state, undefined, undefined, steady.minimal);
      expect(kept.map(legalKey)).toEqual(minimal.map(legalKey));
      expect(kept.length).toBeLessThan(legal.length);
    }
  });

  it('R-8: a search with `frugal` discards no card more than the damage needs; without, it does', () => {
    const positions = discardPositions(solo, 6);
    const spares = (learning: readonly Technique[]): number => {
      let n = 0;
      positions.forEach(({ state, legal }, i) => {
        const bot = createBot(solo, 'ismcts', { iterations: 60, learning, rolloutTurns: 1 });
        if ('error' in bot) throw new Error(bot.error);
        const minimal = new Set(minimalOnly(frugalLists(solo), legal).map(legalKey));
        const discards = legal.filter((m) => m.move.move === 'discard');
        // Only discards here: every choice the search makes is one of them.
        const chosen = bot.choose(state, 0, discards, new Rng(seedRng(`frugal ${i}`)));
        if (!minimal.has(legalKey(chosen))) n++;
      });
      return n;
    };
    expect(spares(['mast', 'frugal', 'antidecisive'])).toBe(0);
    expect(spares(['mast', 'antidecisive'])).toBeGreaterThan(0);
  }, 60_000);

  it('R-8: a strategy whose `minimal` keeps the same lists (ismcts:steady) searches the very same with `frugal`', () => {
    for (const [i, { state, legal }] of discardPositions(solo, 4).entries()) {
      const choice = (learning: readonly Technique[]): string => {
        const bot = createBot(solo, 'ismcts:steady', { iterations: 40, learning, rolloutTurns: 1 });
        if ('error' in bot) throw new Error(bot.error);
        return legalKey(bot.choose(state, 0, legal, new Rng(seedRng(`steady ${i}`))));
      };
      expect(choice(['mast', 'frugal', 'antidecisive'])).toBe(choice(['mast', 'antidecisive']));
    }
  }, 60_000);

  it('where no list is frugal, the search is the very same with `frugal` (10,000)', () => {
    const game = compile('ten-thousand');
    const started = newGame(game, { players: 2, seed: 3 });
    if (!started.ok) throw new Error(started.error);
    let s = started.state;
    for (let k = 0; k < 6 && !isOver(s); k++) {
      const legal = legalMovesWithEvents(game, s);
      const choice = (learning: readonly Technique[]): string => {
        const bot = createBot(game, 'mcts', { iterations: 40, learning });
        if ('error' in bot) throw new Error(bot.error);
        return legalKey(bot.choose(s, legal[0]?.move.seat ?? 0, legal, new Rng(seedRng(`same ${k}`))));
      };
      expect(choice(['mast', 'frugal', 'antidecisive'])).toBe(choice(['mast', 'antidecisive']));
      const next = applyLegal(game, s, legal.find((m) => legalKey(m) === choice(['mast', 'antidecisive'])) as LegalMove);
      if (!next.ok) throw new Error(next.error);
      s = next.state;
    }
  }, 60_000);
});
