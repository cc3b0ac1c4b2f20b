/**
 * The search bots (mcts, ismcts): playouts that see past the end of the turn, a game nobody wins
 * judged by the evaluation below any win, a time budget with or without an iteration count, and
 * a search that goes on from the tree under its last move only in the position that move led to.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CompiledGame } from '../../src/compile/index.ts';
import { Rng, seedRng } from '../../src/runtime/rng.ts';
import { applyLegal, legalMovesWithEvents, newGame, type GameState, type LegalMove, type Piece } from '../../src/engine/index.ts';
import {
  createBot,
  DEFAULT_TECHNIQUES,
  evaluationOf,
  legalKey,
  NO_WINNER_SHARE,
  rewards,
  search,
  type Bot,
  type BotOptions,
  type SearchStats,
} from '../../src/bots/index.ts';
import { botFixture } from '../helpers/botFixtures.ts';
import { compile } from '../helpers/games.ts';
import { runCli } from '../helpers/cli.ts';

const begin = (game: CompiledGame, players: number, seed: number | string = 1): GameState => {
  const started = newGame(game, { players, seed });
  if (!started.ok) throw new Error(started.error);
  return started.state;
};

const after = (game: CompiledGame, state: GameState, move: LegalMove): GameState => {
  const next = applyLegal(game, state, move);
  if (!next.ok) throw new Error(next.error);
  return next.state;
};

const legal = (game: CompiledGame, state: GameState, seat = state.context.active): LegalMove[] => legalMovesWithEvents(game, state, seat);

/** The first position of a random walk from a new game where the active seat has a choice. */
const decision = (game: CompiledGame, players: number, seed: number): GameState => {
  let s = begin(game, players, seed);
  const rng = new Rng(seedRng(seed));
  while (legal(game, s).length < 2) s = after(game, s, legal(game, s)[rng.below(legal(game, s).length)] as LegalMove);
  return s;
};

/** A bot by name whose searches are recorded in `searches`. */
const recorded = (game: CompiledGame, name: string, options: BotOptions): { bot: Bot; searches: SearchStats[] } => {
  const searches: SearchStats[] = [];
  const bot = createBot(game, name, { ...options, onSearch: (s) => searches.push(s) });
  if ('error' in bot) throw new Error(bot.error);
  return { bot, searches };
};

/**
 * A search of Patience without learning: these tests are of plain UCT's playouts and rewards. With
 * MAST the playouts learn to plant, so a take first still wins and both root moves are sure wins.
 */
const patienceSearch = (goal: number, seed: number, given: BotOptions) => {
  const options: BotOptions = { learning: [], ...given };
  const game = botFixture('patience', { goal });
  const s = begin(game, 1);
  return search(game, s, 0, legal(game, s), new Rng(seedRng(seed)), { evaluation: evaluationOf(game, 'myopic'), hidden: false, options });
};

describe('playouts see past the end of the turn when asked to', () => {
  it('played out to the end, as a plain search alone at the table is by default, in Patience the search plants, which pays only at the end; stopped at the end of the turn, it takes', () => {
    for (let seed = 0; seed < 5; seed++) {
      expect(patienceSearch(22, seed, { iterations: 60, rolloutTurns: 'end' }).move.move.move).toBe('plant');
      expect(patienceSearch(22, seed, { iterations: 60 }).move.move.move).toBe('plant');
      expect(patienceSearch(22, seed, { iterations: 60, rolloutTurns: 1 }).move.move.move).toBe('take');
    }
  });
});

describe('a game nobody wins', () => {
  const game = botFixture('patience', { goal: 100 });
  const s = begin(game, 1);
  const ended = (taken: number, winners: number[]): GameState => ({
    ...s,
    context: { ...s.context, game: { ...s.context.game, taken }, result: { winners } },
  });

  it('is worth its share of the evaluation, below any win', () => {
    const evaluation = evaluationOf(game, 'myopic');
    fc.assert(
      fc.property(fc.nat({ max: 20 }), (taken) => {
        const [lost] = rewards(ended(taken, []), evaluation);
        expect(lost).toBeCloseTo(NO_WINNER_SHARE * Math.min(1, taken / 12), 12);
        expect(lost).toBeLessThan(0.5);
        expect(rewards(ended(taken, [0]), evaluation)).toEqual([1]);
      }),
    );
  });

  it('still steers the search when every playout is lost: the losses that took more rank higher', () => {
    for (let seed = 0; seed < 5; seed++) {
      const { move, stats } = patienceSearch(100, seed, { iterations: 60 });
      const [take, plant] = ['0 take ', '0 plant '].map((k) => stats.root.find((r) => r.key === k));
      expect(move.move.move).toBe('take');
      expect(plant?.mean).toBeGreaterThan(0);
      expect(take?.mean).toBeGreaterThan(plant?.mean ?? 1);
      expect(take?.visits).toBeGreaterThan(2 * (plant?.visits ?? 0));
    }
  });
});

describe('a time budget per move', () => {
  /** A clock that moves on 1 ms each time it is read. */
  const ticking = (): (() => number) => {
    let t = 0;
    return () => t++;
  };
  const cases = [
    { name: 'mcts', game: () => compile('ten-thousand'), players: 2 },
    { name: 'ismcts', game: () => compile('eight-masters-revenge'), players: 3 },
  ];
  for (const c of cases) {
    it(`${c.name} stops at the time or the iterations, whichever comes first`, () => {
      const game = c.game();
      const s = decision(game, c.players, 3);
      const moves = legal(game, s);
      const searched = (options: BotOptions): SearchStats => {
        const { bot, searches } = recorded(game, c.name, { rolloutMoves: 20, now: ticking(), ...options });
        bot.choose(s, s.context.active, moves, new Rng(seedRng(1)));
        expect(searches).toHaveLength(1);
        return searches[0] as SearchStats;
      };
      const timed = searched({ timeMs: 10, iterations: 100_000 });
      expect(timed.iterations).toBeGreaterThan(0);
      expect(timed.iterations).toBeLessThanOrEqual(10);
      expect(timed.ms).toBeGreaterThanOrEqual(10);
      expect(searched({ timeMs: 100_000, iterations: 4 }).iterations).toBe(4);
      expect(searched({ timeMs: 10 }).iterations).toBeLessThanOrEqual(10);
    });
  }

  it('reaches the bots of every thread from the CLI: a million iterations a move still end at --time-ms', async () => {
    const { code, out } = await runCli([
      'simulate',
      'ten-thousand',
      '--games',
      '2',
      '--threads',
      '2',
      '--bot',
      'mcts',
      '--iterations',
      '1000000',
      '--time-ms',
      '2',
      '--max-turns',
      '3',
      '--json',
    ]);
    expect(code).toBe(0);
    expect(JSON.parse(out)).toMatchObject({ games: 2, threads: 2 });
  }, 60_000);
});

describe('a search goes on from the tree under its last move', () => {
  const patience = botFixture('patience');

  it.each([
    ['whole moves', DEFAULT_TECHNIQUES],
    ['a move a step at a time (stepwise)', [...DEFAULT_TECHNIQUES, 'stepwise'] as const],
  ])('in the position its move led to, the search starts with the visits it had there: %s', (_, learning) => {
    const { bot, searches } = recorded(patience, 'mcts:myopic', { iterations: 40, learning });
    let s = begin(patience, 1);
    const rng = new Rng(seedRng(2));
    while (s.context.result === null) s = after(patience, s, bot.choose(s, 0, legal(patience, s), rng));
    expect(searches).toHaveLength(10);
    expect(searches[0]?.reused).toBe(0);
    for (const stats of searches.slice(1)) {
      expect(stats.reused).toBeGreaterThan(0);
      expect(stats.root.reduce((n, r) => n + r.visits, 0)).toBe(stats.reused + 40);
    }
  });

  it('another game, an undo, a move in between or another seat start afresh', () => {
    const { bot, searches } = recorded(patience, 'mcts:myopic', { iterations: 40 });
    const rng = new Rng(seedRng(3));
    const s0 = begin(patience, 1, 1);
    const played = (s: GameState): GameState => after(patience, s, bot.choose(s, 0, legal(patience, s), rng));
    const s1 = played(s0);
    played(begin(patience, 1, 2));
    played(s0);
    played(s0);
    played(after(patience, s1, legal(patience, s1)[0] as LegalMove));
    played(s1);
    expect(searches.map((x) => x.reused)).toEqual([0, 0, 0, 0, 0, 0]);
    played(played(s0));
    expect(searches[7]?.reused).toBeGreaterThan(0);

    const together = botFixture('together');
    const shared = recorded(together, 'mcts', { iterations: 20 });
    const t0 = begin(together, 2);
    const t1 = after(together, t0, shared.bot.choose(t0, 0, legal(together, t0, 0), rng));
    expect(t1.context.active).toBe(1);
    shared.bot.choose(t1, 1, legal(together, t1, 1), rng);
    expect(shared.searches.map((x) => x.reused)).toEqual([0, 0]);
  });

  it('reads nothing hidden: behind the same view the information-set bot makes the same two guesses', () => {
    const game = botFixture('two-guesses');
    const s = begin(game, 1, 5);
    const cards = [...(s.context.zones.box as readonly Piece[]), ...(s.context.zones.deck as readonly Piece[])];
    const arrangements = cards.map((inBox) => ({
      ...s,
      context: { ...s.context, zones: { ...s.context.zones, box: [inBox], deck: cards.filter((c) => c !== inBox) } },
    }));
    const guesses = (name: string, p: GameState): { values: unknown[]; reused: number[] } => {
      const { bot, searches } = recorded(game, name, { iterations: 60 });
      const rng = new Rng(seedRng('same'));
      const first = bot.choose(p, 0, legal(game, p, 0), rng);
      const next = after(game, p, first);
      const second = bot.choose(next, 0, legal(game, next, 0), rng);
      return { values: [first, second].map((m) => m.move.args?.value), reused: searches.map((x) => x.reused) };
    };
    const fair = arrangements.map((p) => guesses('ismcts', p));
    expect(new Set(fair.map((g) => JSON.stringify(g.values))).size).toBe(1);
    expect(fair.every((g) => g.reused[0] === 0 && (g.reused[1] ?? 0) > 0)).toBe(true);
    // MCTS sees the box: one of its guesses names the hidden card every time.
    arrangements.forEach((p) => expect(guesses('mcts', p).values).toContain((p.context.zones.box as readonly Piece[])[0]?.value));
  });

  it('the root statistics it returns keep their shape: every legal move by identity', () => {
    const s = begin(patience, 1);
    const moves = legal(patience, s);
    const { stats } = patienceSearch(22, 1, { iterations: 10 });
    expect(stats.root.map((r) => r.key)).toEqual(moves.map(legalKey));
    expect(Object.keys(stats.root[0] ?? {}).sort()).toEqual(['key', 'mean', 'visits']);
  });
});
