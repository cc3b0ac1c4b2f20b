/**
 * The random bot's policy: a move first, uniformly among the moves a seat may make, then its
 * arguments one by one; a list argument grows one item at a time and stops with even odds once
 * it is legal. `uniform` keeps the older policy (every argument combination one choice).
 */
import { describe, expect, it } from 'vitest';
import { Rng, seedRng } from '../../src/runtime/rng.ts';
import { legalMovesWithEvents, type GameState, type LegalMove } from '../../src/engine/index.ts';
import { createBot, randomChoice, type Bot } from '../../src/bots/index.ts';
import { compile, play, start, where } from '../helpers/games.ts';

const regicide = compile('regicide');

const bot = (name: string): Bot => {
  const b = createBot(regicide, name);
  if ('error' in b) throw new Error(b.error);
  return b;
};

/** How often each result of `choose` comes up over `n` draws from one seeded PRNG. */
const frequencies = (moves: readonly LegalMove[], choose: Bot, n: number, label: (m: LegalMove) => string): Map<string, number> => {
  const rng = new Rng(seedRng('random-policy'));
  const out = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const m = choose.choose({} as GameState, 0, moves, rng);
    out.set(label(m), (out.get(label(m)) ?? 0) + 1);
  }
  return out;
};

/** A 2-player Regicide position where Player 1 must suffer the Jack's attack of 10. */
const suffering = (): GameState => {
  for (let seed = 0; seed < 200; seed++) {
    const s = start(regicide, 2, seed);
    const hand = (s.context.zones.hand as unknown as { id: string; value: number; suit: string }[][])[0] ?? [];
    const low = hand.find((c) => c.value <= 4 && c.suit !== 'spades' && c.suit !== 'clubs');
    if (!low || hand.reduce((a, c) => a + c.value, 0) - low.value < 20) continue;
    const after = play(regicide, s, 'play', { cards: [low.id] });
    if (where(after) === 'turn.suffer' && after.context.game.incoming === 10) return after;
  }
  throw new Error('no position found');
};

describe('the random bot', () => {
  it('chooses the move first: in the choice to play or yield, it yields about half the time (R-5)', () => {
    const s = start(regicide, 2, 3);
    const moves = legalMovesWithEvents(regicide, s);
    const plays = moves.filter((m) => m.move.move === 'play').length;
    expect(plays).toBeGreaterThan(3);
    const random = frequencies(moves, bot('random'), 2000, (m) => m.move.move);
    expect((random.get('yield') ?? 0) / 2000).toBeGreaterThan(0.45);
    expect((random.get('yield') ?? 0) / 2000).toBeLessThan(0.55);
    // The older policy counts each card a move of its own: yielding is one choice among many.
    const uniform = frequencies(moves, bot('uniform'), 2000, (m) => m.move.move);
    expect((uniform.get('yield') ?? 0) / 2000).toBeLessThan(1.5 / (plays + 1));
  });

  it('discards like a player picking cards until the attack is covered, not a uniform subset of the hand (R-8)', () => {
    const s = suffering();
    const moves = legalMovesWithEvents(regicide, s);
    expect(new Set(moves.map((m) => m.move.move))).toEqual(new Set(['discard']));
    const size = (m: LegalMove): string => String((m.move.args?.cards as unknown[]).length);
    const mean = (f: Map<string, number>): number => [...f].reduce((a, [k, n]) => a + Number(k) * n, 0) / 2000;
    const random = frequencies(moves, bot('random'), 2000, size);
    const uniform = frequencies(moves, bot('uniform'), 2000, size);
    expect(mean(random)).toBeLessThan(mean(uniform) - 0.5);
    // Every discard it makes is one of the legal ones.
    const all = frequencies(moves, bot('random'), 1000, (m) => JSON.stringify(m.move.args));
    for (const k of all.keys()) expect(moves.some((m) => JSON.stringify(m.move.args) === k)).toBe(true);
    const smallest = Math.min(...moves.map((m) => (m.move.args?.cards as unknown[]).length));
    expect(random.get(String(smallest)) ?? 0).toBeGreaterThan(0);
  });

  it('reaches every legal choice of a small list argument, and stops at even odds once it is legal', () => {
    const legal = (cards: string[]): LegalMove => ({
      seat: 0,
      move: { move: 'discard', seat: 0, args: { cards } },
      event: { type: 'discard', args: {} } as unknown as LegalMove['event'],
    });
    const moves = [legal(['a']), legal(['a', 'b']), legal(['b', 'c']), legal(['a', 'b', 'c'])];
    const f = frequencies(moves, bot('random'), 8000, (m) => (m.move.args?.cards as string[]).join(''));
    expect([...f.keys()].sort()).toEqual(['a', 'ab', 'abc', 'bc']);
    // First item a (1/3): stop at {a} with 1/2. First b (1/3): then a or c. First c (1/3): then b, stop at {b,c} with 1/2.
    expect((f.get('a') ?? 0) / 8000).toBeCloseTo(1 / 6, 1);
  });

  it('the same PRNG gives the same choices', () => {
    const moves = legalMovesWithEvents(regicide, suffering());
    const pickAll = (): string[] => {
      const rng = new Rng(seedRng(7));
      return Array.from({ length: 50 }, () => JSON.stringify(randomChoice(moves, rng).move));
    };
    expect(pickAll()).toEqual(pickAll());
  });

  it("'uniform' is a bot of its own and takes no evaluation", () => {
    expect(bot('uniform').name).toBe('uniform');
    expect(createBot(regicide, 'uniform:steady')).toEqual({
      error: "'uniform:steady': only greedy, mcts and ismcts take an evaluation (greedy:NAME, mcts:NAME, ismcts:NAME)",
    });
  });
});
