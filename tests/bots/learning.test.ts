/**
 * What a search learns with (src/bots/learning.ts): the move averages (MAST), and decisive and
 * anti-decisive moves in playouts, on Stones (tests/fixtures/bots/stones), where one move of a
 * small pile wins or loses at once; and what a report says the bots spent (spend.ts).
 */
import { describe, expect, it } from 'vitest';
import {
  clearlyBetter,
  DEFAULT_TECHNIQUES,
  learnedKey,
  learnedParts,
  MAST_TRUST,
  MoveAverages,
  readTechniques,
  type Technique,
} from '../../src/bots/learning.ts';
import { playout } from '../../src/bots/mcts.ts';
import { DEFAULT_ROLLOUT_TURNS, rolloutTurnsOf, spendOf } from '../../src/bots/spend.ts';
import { createBot, type BotOptions } from '../../src/bots/index.ts';
import { everyPiece, legalMovesWithEvents, newGame, type GameState } from '../../src/engine/index.ts';
import { Rng, seedRng } from '../../src/runtime/rng.ts';
import type { CompiledGame } from '../../src/compile/index.ts';
import type { Value } from '../../src/lang/index.ts';
import { botFixture } from '../helpers/botFixtures.ts';
import { compile, rollWith, start } from '../helpers/games.ts';
import { legalKey } from '../../src/bots/keys.ts';

const stones = (pile: number, lastLoses: boolean): { game: CompiledGame; state: GameState } => {
  const game = botFixture('stones/game', { pile, lastLoses });
  const started = newGame(game, { players: 2, seed: 1 });
  if (!started.ok) throw new Error(started.error);
  return { game, state: started.state };
};

/** How many of `runs` one-move playouts from `state` the first mover (seat 0) won. */
const firstMoverWins = (game: CompiledGame, state: GameState, decisive: boolean, antidecisive: boolean, runs = 60): number => {
  let won = 0;
  for (let i = 0; i < runs; i++) {
    const end = playout(game, state, new Rng(seedRng(`p${i}`)), 10, Number.POSITIVE_INFINITY, undefined, { decisive, antidecisive });
    if (end.state.context.result?.winners.includes(0)) won++;
  }
  return won;
};

describe('techniques by name', () => {
  it('reads a list in the canonical order, none, and refuses an unknown name', () => {
    expect(readTechniques('antidecisive,mast')).toEqual({ techniques: ['mast', 'antidecisive'] });
    expect(readTechniques('none')).toEqual({ techniques: [] });
    expect(readTechniques('mats')).toEqual({
      error:
        "--learning: unknown technique 'mats' (techniques: mast, features, lean, frugal, decisive, antidecisive, widening, stepwise, or 'none')",
    });
    expect(readTechniques('features,mast')).toEqual({ techniques: ['mast', 'features'] });
    expect(readTechniques('features')).toEqual({ error: "--learning: 'features' refines 'mast': name both" });
    expect(readTechniques('lean,widening')).toEqual({ error: "--learning: 'lean' refines 'mast': name both" });
    expect(readTechniques('widening,lean,mast')).toEqual({ techniques: ['mast', 'lean', 'widening'] });
  });
});

describe('MAST: the move averages', () => {
  it('averages the results of a move, and trusts an average only on enough of them', () => {
    const mast = new MoveAverages();
    expect(mast.average('0 take {"n":1}')).toBeUndefined();
    mast.add('0 take {"n":1}', 1);
    mast.add('0 take {"n":1}', 0);
    expect(mast.average('0 take {"n":1}')).toBe(0.5);
    expect(mast.trusted('0 take {"n":1}')).toBeUndefined();
    for (let i = 2; i < MAST_TRUST; i++) mast.add('0 take {"n":1}', 1);
    expect(mast.trusted('0 take {"n":1}')?.mean).toBeCloseTo((MAST_TRUST - 1) / MAST_TRUST);
  });

  it('knows a move by what its pieces are: keeping a 5 is one move whichever die shows it, a set in any order', () => {
    const game = compile('ten-thousand', [], { keepAll: false });
    const rolled = rollWith(game, start(game, 2, 4), [5, 2, 5, 3, 1, 6]);
    const keeps = legalMovesWithEvents(game, rolled).filter((m) => m.move.move === 'keep');
    const single = keeps.filter((m) => (m.move.args?.dice as string[]).length === 1);
    const byKey = (key: (m: (typeof keeps)[number]) => string): number => new Set(single.map(key)).size;
    // Three scoring dice alone (5, 5, 1): three ids, two kinds of die.
    expect(single).toHaveLength(3);
    expect(byKey(legalKey)).toBe(3);
    expect(byKey((m) => learnedKey(m))).toBe(2);
    const pair = keeps.find((m) => (m.move.args?.dice as string[]).length === 2);
    if (!pair) throw new Error('no keep of two dice');
    const reversed = {
      seat: pair.seat,
      move: { ...pair.move, args: { dice: [...(pair.move.args?.dice as string[])].reverse() } },
      event: { ...pair.event, args: { dice: [...(pair.event.args.dice as Value[])].reverse() } },
    };
    expect(learnedKey(reversed)).toBe(learnedKey(pair));
    expect(learnedKey(single[0] ?? pair)).not.toContain('"id"');
  });

  it('features: a move never made is judged by the mean of its parts, each piece by what it is', () => {
    const game = compile('ten-thousand', [], { keepAll: false });
    const rolled = rollWith(game, start(game, 2, 4), [5, 2, 5, 3, 1, 6]);
    const keeps = legalMovesWithEvents(game, rolled).filter((m) => m.move.move === 'keep');
    const faces = (m: (typeof keeps)[number]): number[] =>
      (m.move.args?.dice as string[]).map((id) => everyPiece(rolled.context.zones).find((p) => p.id === id)?.face as number).sort();
    const keep = (wanted: number[]) => {
      const found = keeps.find((m) => JSON.stringify(faces(m)) === JSON.stringify(wanted));
      if (!found) throw new Error(`no keep of ${wanted}`);
      return found;
    };
    const [one, five, both, fives] = [keep([1]), keep([5]), keep([1, 5]), keep([5, 5])];
    // A part is one die of the move, by its face: keeping two fives is two parts alike.
    expect(learnedParts(fives)).toHaveLength(2);
    expect(new Set(learnedParts(fives)).size).toBe(1);
    expect(learnedParts(five)).toEqual([learnedParts(fives)[0]]);
    expect(learnedParts(both).every((part) => part.startsWith('|0 keep dice '))).toBe(true);
    expect(
      learnedParts({ seat: 0, move: { move: 'bank', seat: 0 }, event: { type: 'move.bank', move: 'bank', seat: 0, args: {} } }),
    ).toEqual([]);

    const byParts = new MoveAverages(true);
    byParts.addLearned(byParts.learned(one), 0.2);
    byParts.addLearned(byParts.learned(five), 0.8);
    expect(byParts.estimate(one)).toBeCloseTo(0.2);
    // Never made: the mean of its parts' averages.
    expect(byParts.average(learnedKey(both))).toBeUndefined();
    expect(byParts.estimate(both)).toBeCloseTo(0.5);
    expect(byParts.estimate(fives)).toBeCloseTo(0.8);
    // Its own average, once made, is what counts.
    byParts.addLearned(byParts.learned(both), 0);
    expect(byParts.estimate(both)).toBe(0);
    // Without features a move never made has no estimate: it is tried before any made.
    const plain = new MoveAverages();
    plain.addLearned(plain.learned(five), 0.8);
    expect(plain.learned(five).parts).toEqual([]);
    expect(plain.estimate(fives)).toBeUndefined();
  });

  it('a strategy gives way only to a move clearly better: by more than two standard errors', () => {
    const mast = new MoveAverages();
    for (let i = 0; i < 40; i++) {
      mast.add('steady', i % 2);
      mast.add('noisy', i % 5 < 3 ? 1 : 0);
      mast.add('sure', 0.95 + (i % 2) * 0.05);
    }
    const [steady, noisy, sure] = ['steady', 'noisy', 'sure'].map((k) => mast.trusted(k));
    if (!steady || !noisy || !sure) throw new Error('not trusted');
    expect(noisy.mean).toBeGreaterThan(steady.mean);
    expect(clearlyBetter(noisy, steady)).toBe(false);
    expect(clearlyBetter(sure, steady)).toBe(true);
    expect(clearlyBetter(steady, sure)).toBe(false);
  });

  it('a playout plays the move of best average, and a move never made before any made', () => {
    const { game, state } = stones(10, false);
    const mast = new MoveAverages();
    mast.add('0 take {"n":1}', 0.1);
    mast.add('0 take {"n":2}', 0.9);
    /** The first move of 100 one-move playouts, each on its own seed. */
    const firstMoves = (prefix: string): (string | undefined)[] =>
      Array.from(
        { length: 100 },
        (_, i) =>
          playout(game, state, new Rng(seedRng(`${prefix}${i}`)), 1, Number.POSITIVE_INFINITY, undefined, {
            mast,
            decisive: false,
            antidecisive: false,
          }).made[0]?.learned.key,
      );
    // Take 3 was never made: it is tried first, then take 2 beats take 1 (MAST_EPSILON aside).
    expect(firstMoves('m').filter((k) => k === '0 take {"n":3}').length).toBeGreaterThan(70);
    mast.add('0 take {"n":3}', 0.5);
    const seconds = firstMoves('n');
    expect(seconds.filter((k) => k === '0 take {"n":2}').length).toBeGreaterThan(70);
    expect(seconds.filter((k) => k === '0 take {"n":1}').length).toBeLessThan(20);
  });
});

describe('decisive and anti-decisive moves in playouts', () => {
  it('decisive: with 3 stones left and the last stone winning, the playout takes all 3', () => {
    const { game, state } = stones(3, false);
    expect(legalMovesWithEvents(game, state)).toHaveLength(3);
    expect(firstMoverWins(game, state, true, false)).toBe(60);
    expect(firstMoverWins(game, state, false, false)).toBeLessThan(50);
  });

  it('anti-decisive: with 2 stones left and the last stone losing, the playout never takes both', () => {
    const { game, state } = stones(2, true);
    expect(firstMoverWins(game, state, false, true)).toBe(60);
    expect(firstMoverWins(game, state, false, false)).toBeLessThan(50);
    // Decisive alone does not avoid a loss.
    expect(firstMoverWins(game, state, true, false)).toBeLessThan(50);
  });

  it('a move that loses stands when every move loses', () => {
    const { game, state } = stones(1, true);
    expect(firstMoverWins(game, state, true, true, 5)).toBe(0);
  });
});

describe('what the bots spent, as the balance report names it', () => {
  const tenThousand = compile('ten-thousand');

  it('fills in the defaults of a search and of greedy, and names nothing for bots that neither search nor sample', () => {
    expect(spendOf(tenThousand, ['mcts', 'careful'], {}, 2)).toEqual({
      search: { iterations: 150, timeMs: null, rolloutTurns: 1, toTheEnd: [], learning: DEFAULT_TECHNIQUES },
    });
    expect(spendOf(tenThousand, ['ismcts:careful'], { timeMs: 1000, learning: [] }, 2)).toEqual({
      search: { iterations: null, timeMs: 1000, rolloutTurns: null, toTheEnd: [], learning: [] },
    });
    expect(spendOf(tenThousand, ['greedy', 'mcts'], { iterations: 50, timeMs: 400, rolloutTurns: 3 }, 2)).toEqual({
      search: { iterations: 50, timeMs: 400, rolloutTurns: 3, toTheEnd: [], learning: DEFAULT_TECHNIQUES },
      samples: 6,
    });
    expect(spendOf(tenThousand, ['random', 'careful'], { iterations: 50 }, 2)).toBeNull();
  });

  it('by default a plain search with an evaluation stops its playouts after a turn; one guided by a strategy, with nothing to judge by, or alone at the table, plays to the end', () => {
    const search = (game: CompiledGame, bots: string[], options: BotOptions = {}, seats = 2) => spendOf(game, bots, options, seats)?.search;
    // 'bold' declares no evaluation, 'careful' does: mcts:bold is guided and has nothing to judge a cut playout by.
    expect(search(tenThousand, ['mcts', 'mcts:bold', 'mcts:careful', 'mcts'])).toMatchObject({
      rolloutTurns: 1,
      toTheEnd: ['mcts:bold', 'mcts:careful'],
    });
    expect(search(tenThousand, ['mcts', 'mcts:bold'], { rolloutTurns: 'end' })).toMatchObject({ rolloutTurns: null, toTheEnd: [] });
    expect(search(tenThousand, ['mcts', 'mcts:bold'], { rolloutTurns: 2 })).toMatchObject({ rolloutTurns: 2, toTheEnd: [] });
    // Stones declares no evaluation at all.
    expect(search(stones(21, false).game, ['mcts', 'ismcts'])).toMatchObject({ rolloutTurns: null, toTheEnd: [] });
    // Solo Regicide declares an evaluation (steady's), but one seat plays: no random opponent in a playout.
    const soloRegicide = compile('regicide', ['solo']);
    expect(search(soloRegicide, ['ismcts'], {}, 1)).toMatchObject({ rolloutTurns: null, toTheEnd: [] });
    expect(search(soloRegicide, ['ismcts'], { rolloutTurns: 1 }, 1)).toMatchObject({ rolloutTurns: 1, toTheEnd: [] });
    expect(search(compile('regicide'), ['ismcts'], {}, 2)).toMatchObject({ rolloutTurns: 1, toTheEnd: [] });
    expect(rolloutTurnsOf({}, { evaluated: true, guided: false, seats: 2 })).toBe(DEFAULT_ROLLOUT_TURNS);
    expect(rolloutTurnsOf({}, { evaluated: true, guided: false, seats: 4 })).toBe(DEFAULT_ROLLOUT_TURNS);
    expect(rolloutTurnsOf({}, { evaluated: true, guided: false, seats: 1 })).toBe(Number.POSITIVE_INFINITY);
    expect(rolloutTurnsOf({ rolloutTurns: 1 }, { evaluated: true, guided: false, seats: 1 })).toBe(1);
    expect(rolloutTurnsOf({}, { evaluated: true, guided: true, seats: 2 })).toBe(Number.POSITIVE_INFINITY);
    expect(rolloutTurnsOf({}, { evaluated: false, guided: false, seats: 2 })).toBe(Number.POSITIVE_INFINITY);
    expect(rolloutTurnsOf({ rolloutTurns: 0 }, { evaluated: false, guided: true, seats: 2 })).toBe(0);
  });

  it('a search with learning repeats exactly from the same seed', () => {
    const { game, state } = stones(21, true);
    const moves = legalMovesWithEvents(game, state);
    const choose = (): string => {
      const bot = createBot(game, 'mcts', { iterations: 60 });
      if ('error' in bot) throw new Error(bot.error);
      return JSON.stringify(bot.choose(state, 0, moves, new Rng(seedRng('same'))).move);
    };
    expect(choose()).toBe(choose());
  });
});

describe('progressive widening', () => {
  it('a node visited n times has at most ⌈√n⌉ children; without it, a child for every move tried', () => {
    const game = botFixture('thrifty');
    const started = newGame(game, { players: 1, seed: 1 });
    if (!started.ok) throw new Error(started.error);
    const moves = legalMovesWithEvents(game, started.state);
    expect(moves.length).toBeGreaterThan(30);
    const grown = (learning: readonly Technique[]): number => {
      let root: readonly { visits: number }[] = [];
      const bot = createBot(game, 'mcts', { iterations: 16, learning, onSearch: (s) => (root = s.root) });
      if ('error' in bot) throw new Error(bot.error);
      bot.choose(started.state, 0, moves, new Rng(seedRng('w')));
      return root.filter((r) => r.visits > 0).length;
    };
    expect(grown(['widening'])).toBeLessThanOrEqual(4);
    expect(grown([])).toBe(16);
  });
});
