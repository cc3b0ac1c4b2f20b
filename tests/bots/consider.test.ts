/**
 * What a strategy considers (`consider:`): only the choices of a move that pass its conditions and,
 * with `minimal`, hold no smaller legal choice; everything when nothing would be left; the same
 * moves in the tree and the playouts of mcts:NAME; mistakes located at their place. Regicide's
 * `steady` never discards a card more than the damage needs and never plays into a loss
 * while another move would not. A listing for the strategy may spare the choices
 * `minimal` never keeps: it weighs the same moves, in the same order, as from the full listing.
 * A playout's preference that judges the considerations only where it needs them picks the same
 * move, with the same draws, as one among the considered moves, and runs fewer conditions.
 */
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileGame, type CompiledBot, type CompiledGame } from '../../src/compile/index.ts';
import { formatDiagnostic } from '../../src/spec/diagnostics.ts';
import { applyLegal, isOver, legalMovesWithEvents, newGame, type GameState, type LegalMove } from '../../src/engine/index.ts';
import { considered, consideredOnly, createBot, search, evaluationOf, legalKey, preferred, weighsOf } from '../../src/bots/index.ts';
import { Meter } from '../../src/lang/index.ts';
import { Rng, seedRng } from '../../src/runtime/rng.ts';
import { botFixture } from '../helpers/botFixtures.ts';
import { compile } from '../helpers/games.ts';

const THRIFTY = join(import.meta.dirname, '../fixtures/bots/thrifty.yaml');

const strategy = (game: CompiledGame, name: string): CompiledBot => {
  const bot = game.bots[name];
  if (!bot) throw new Error(`no bot ${name}`);
  return bot;
};

const begin = (game: CompiledGame, seed: number | string = 1): GameState => {
  const started = newGame(game, { players: 1, seed });
  if (!started.ok) throw new Error(started.error);
  return started.state;
};

type Card = Readonly<Record<string, unknown>>;
const piecesOf = (m: LegalMove, arg: string): readonly Card[] => (m.event.args[arg] as readonly Card[] | undefined) ?? [];
const values = (m: LegalMove): number[] =>
  piecesOf(m, 'coins')
    .map((c) => Number(c.value))
    .sort((a, b) => a - b);

describe('consider: the moves a strategy weighs', () => {
  const game = botFixture('thrifty');
  const state = begin(game);
  const legal = legalMovesWithEvents(game, state);
  const kept = considered(strategy(game, 'thrifty'), state, legal);

  it('minimal: only the coins with none to spare, each copy of a value a coin of its own', () => {
    const pays = kept.filter((m) => m.move.move === 'pay');
    expect(pays.map((m) => values(m).join('+')).sort()).toEqual(['1+3', '2+2', '2+3', '2+3', '5']);
    expect(legal.filter((m) => m.move.move === 'pay').length).toBeGreaterThan(2 * pays.length);
  });

  it('minimal: a list of numbers counts the same face twice only where it appears twice', () => {
    const counts = kept.filter((m) => m.move.move === 'count').map((m) => [...(m.move.args?.faces as number[])].sort().join('+'));
    expect([...new Set(counts)].sort()).toEqual(['1+3', '2+2', '2+3']);
    expect(legal.some((m) => m.move.move === 'count' && (m.move.args?.faces as number[]).length === 3)).toBe(true);
  });

  it('when: several considerations of one move must all hold; a move not named stays', () => {
    expect(kept.filter((m) => m.move.move === 'pay').every((m) => m.move.args?.box === 'left')).toBe(true);
    expect(kept.filter((m) => m.move.move === 'pass')).toHaveLength(1);
  });

  it('a strategy that would weigh no move weighs them all', () => {
    expect(considered(strategy(game, 'never'), state, legal)).toEqual(legal);
  });

  it('the strategy alone, greedy:NAME and mcts:NAME play only considered moves; mcts:NAME searches no other', () => {
    const keys = new Set(kept.map(legalKey));
    for (const name of ['thrifty', 'greedy:thrifty', 'mcts:thrifty', 'ismcts:thrifty']) {
      const bot = createBot(game, name, { iterations: 60 });
      if ('error' in bot) throw new Error(bot.error);
      for (let k = 0; k < 5; k++) {
        const move = bot.choose(state, 0, legal, new Rng(seedRng(`${name}:${k}`)));
        expect(keys.has(legalKey(move)), name).toBe(true);
      }
    }
    const config = {
      evaluation: evaluationOf(game, undefined),
      hidden: false,
      options: { iterations: 200 },
      policy: strategy(game, 'thrifty'),
    };
    const { stats } = search(game, state, 0, legal, new Rng(seedRng('tree')), config);
    const visited = stats.root.filter((r) => r.visits > 0).map((r) => r.key);
    expect(visited.length).toBeGreaterThan(0);
    expect(visited.every((k) => keys.has(k))).toBe(true);
  });
});

/** `part` is `whole` with some items left out, the others in the same order. */
const isSubList = (part: readonly string[], whole: readonly string[]): boolean => {
  let at = 0;
  for (const key of whole) if (key === part[at]) at++;
  return at === part.length;
};

/** The moves the strategy weighs, from the full listing and from the one sparing what `minimal` never keeps. */
const bothWays = (game: CompiledGame, bot: CompiledBot, state: GameState) => {
  const full = legalMovesWithEvents(game, state);
  const spared = legalMovesWithEvents(game, state, undefined, undefined, bot.minimal);
  return {
    full: full.map(legalKey),
    spared: spared.map(legalKey),
    fromFull: consideredOnly(bot, state, full).map(legalKey),
    fromSpared: consideredOnly(bot, state, spared).map(legalKey),
  };
};

/**
 * Visits every state of random games of Regicide with its steady strategy, solo (official solo
 * rules) or with 3 players, for 16 seeds fast-check picks; `at` names the state.
 */
const steadyInRandomGames = (tag: string, visit: (game: CompiledGame, steady: CompiledBot, state: GameState, at: string) => void): void => {
  const solo = compile('regicide', ['immunity', 'jester', 'animal-companions', 'enemies-in-hand', 'combos', 'yield-limit', 'solo']);
  const three = compile('regicide', ['combos']);
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 10_000 }), fc.boolean(), (seed, alone) => {
      const game = alone ? solo : three;
      const steady = strategy(game, 'steady');
      const started = newGame(game, { players: alone ? 1 : 3, seed });
      if (!started.ok) throw new Error(started.error);
      let s = started.state;
      const rng = new Rng(seedRng(`${tag}:${seed}`));
      for (let k = 0; k < 120 && !isOver(s); k++) {
        visit(game, steady, s, `${seed}:${k}`);
        const legal = legalMovesWithEvents(game, s);
        const next = applyLegal(game, s, legal[rng.below(legal.length)] as LegalMove);
        if (!next.ok) throw new Error(next.error);
        s = next.state;
      }
    }),
    { numRuns: 16 },
  );
};

/** Thrifty with its bill and its list of faces changed. */
const thrifty = (bill: number, faces: readonly number[]): CompiledGame => {
  const spec = readFileSync(THRIFTY, 'utf8')
    .replace('bill: { type: number, initial: 4 }', `bill: { type: number, initial: ${bill} }`)
    .replace('initial: [2, 2, 3, 1]', `initial: [${faces.join(', ')}]`);
  const { game, diagnostics } = compileGame({ base: { file: 'thrifty.yaml', text: spec } });
  if (!game) throw new Error(diagnostics.map(formatDiagnostic).join('\n'));
  return game;
};

describe('consider: a listing sparing what minimal never keeps', () => {
  it('the last argument is spared its choices that hold a legal one, in the full order; one before it is not', () => {
    const game = botFixture('thrifty');
    const state = begin(game);
    const r = bothWays(game, strategy(game, 'thrifty'), state);
    const counts = (keys: readonly string[]): number => keys.filter((k) => k.includes('count')).length;
    expect(counts(r.spared)).toBeLessThan(counts(r.full));
    // `pay`'s coins come before its box: a choice of coins is legal or not with each box, so all are listed.
    expect(r.spared.filter((k) => k.includes('pay'))).toEqual(r.full.filter((k) => k.includes('pay')));
    expect(isSubList(r.spared, r.full)).toBe(true);
    expect(r.fromSpared).toEqual(r.fromFull);
  });

  it('mcts:NAME weighs every legal move, the choices the listing spared too, when its considerations would leave none', () => {
    const game = botFixture('thrifty');
    const state = begin(game);
    const legal = legalMovesWithEvents(game, state);
    const stingy = strategy(game, 'stingy');
    expect(legalMovesWithEvents(game, state, undefined, undefined, stingy.minimal).length).toBeLessThan(legal.length);
    const config = { evaluation: evaluationOf(game, undefined), hidden: false, options: { iterations: 4 * legal.length }, policy: stingy };
    const { stats } = search(game, state, 0, legal, new Rng(seedRng('stingy')), config);
    expect(
      stats.root
        .filter((r) => r.visits > 0)
        .map((r) => r.key)
        .sort(),
    ).toEqual(legal.map(legalKey).sort());
  });

  it("mcts:NAME grows a node by the strategy's preferred moves first (progressive bias)", () => {
    const game = botFixture('thrifty');
    const state = begin(game);
    const legal = legalMovesWithEvents(game, state);
    const thrifty = strategy(game, 'thrifty');
    const weighed = considered(thrifty, state, legal);
    const pays = weighed
      .filter((m) => m.move.move === 'pay')
      .map(legalKey)
      .sort();
    expect(weighed.length).toBeGreaterThan(pays.length);
    for (const seed of ['a', 'b', 'c']) {
      // Whole moves (no `stepwise`): each root move is an edge of its own, grown one an iteration.
      const options = { iterations: pays.length, learning: ['mast', 'antidecisive'] as const };
      const config = { evaluation: evaluationOf(game, undefined), hidden: false, options, policy: thrifty };
      const { stats } = search(game, state, 0, legal, new Rng(seedRng(seed)), config);
      expect(
        stats.root
          .filter((r) => r.visits > 0)
          .map((r) => r.key)
          .sort(),
      ).toEqual(pays);
    }
  });

  it('property: any bill and list of faces (values twice, an empty list legal): the same moves weighed, in the same order', () => {
    fc.assert(
      fc.property(fc.integer({ min: -2, max: 14 }), fc.array(fc.integer({ min: 0, max: 4 }), { maxLength: 7 }), (bill, faces) => {
        const game = thrifty(bill, faces);
        const r = bothWays(game, strategy(game, 'thrifty'), begin(game));
        expect(isSubList(r.spared, r.full)).toBe(true);
        expect(r.fromSpared).toEqual(r.fromFull);
      }),
      { numRuns: 60 },
    );
  });

  it("property: Regicide's steady, solo and with 3 players, in random games (R-8)", () => {
    let spared = 0;
    steadyInRandomGames('spare', (game, steady, s) => {
      const r = bothWays(game, steady, s);
      expect(isSubList(r.spared, r.full)).toBe(true);
      expect(r.fromSpared).toEqual(r.fromFull);
      if (r.spared.length < r.full.length) spared++;
    });
    expect(spared).toBeGreaterThan(0);
  });
});

describe('consider: judged only where a preference needs it', () => {
  /** The steps a call spends on the meter it is given, and what it gives. */
  const spending = <T>(f: (meter: Meter) => T): { value: T; steps: number } => {
    const meter = new Meter();
    const value = f(meter);
    return { value, steps: meter.spent() };
  };

  const sameAsConsidered = (game: CompiledGame, bot: CompiledBot, state: GameState, seed: string): { eager: number; lazy: number } => {
    const legal = legalMovesWithEvents(game, state, undefined, undefined, bot.minimal);
    const [first, second] = [new Rng(seedRng(seed)), new Rng(seedRng(seed))];
    const eager = spending((meter) => preferred(bot, state, consideredOnly(bot, state, legal, meter), first, undefined, meter));
    const lazy = spending((meter) => preferred(bot, state, legal, second, weighsOf(bot, state, legal, meter), meter));
    expect(lazy.value && legalKey(lazy.value)).toBe(eager.value && legalKey(eager.value));
    expect(second.below(1e9)).toBe(first.below(1e9));
    return { eager: eager.steps, lazy: lazy.steps };
  };

  it('property: the same move and draws as preferring among the considered moves, any bill and faces', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -2, max: 14 }),
        fc.array(fc.integer({ min: 0, max: 4 }), { maxLength: 7 }),
        fc.string(),
        (bill, faces, seed) => {
          const game = thrifty(bill, faces);
          sameAsConsidered(game, strategy(game, 'thrifty'), begin(game), seed);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("property: Regicide's steady, solo and with 3 players, in random games; fewer conditions run (R-8, R-9)", () => {
    const steps = { eager: 0, lazy: 0 };
    steadyInRandomGames('lazy', (game, steady, s, at) => {
      const spent = sameAsConsidered(game, steady, s, at);
      steps.eager += spent.eager;
      steps.lazy += spent.lazy;
    });
    expect(steps.lazy).toBeLessThan(steps.eager * 0.8);
  });
});

describe('consider: mistakes are refused at their place', () => {
  const text = readFileSync(THRIFTY, 'utf8');
  const errorsOf = (consider: string): string[] => {
    const spec = text.replace(/\nbots:[\s\S]*$/, `\nbots:\n  b:\n    consider:\n${consider}`);
    const { diagnostics } = compileGame({ base: { file: 'thrifty.yaml', text: spec } });
    return diagnostics.filter((d) => d.severity === 'error').map(formatDiagnostic);
  };

  it('an unknown move, with a suggestion', () => {
    expect(errorsOf('      - move: pya\n        minimal: coins\n')).toEqual([
      expect.stringMatching(/thrifty\.yaml:\d+:\d+: error: 'pya' is not a move .*did you mean 'pay'/),
    ]);
  });

  it('minimal names a subsetOf argument of the move', () => {
    expect(errorsOf('      - move: pay\n        minimal: box\n')).toEqual([
      expect.stringMatching(
        /thrifty\.yaml:\d+:18: error: 'box' is not a subsetOf argument of the move 'pay' \(its subsetOf arguments: coins\)/,
      ),
    ]);
    expect(errorsOf('      - move: pay\n        minimal: coin\n')[0]).toMatch(/did you mean 'coins'/);
    expect(errorsOf('      - move: pass\n        minimal: coins\n')[0]).toMatch(/it has no subsetOf argument/);
  });

  it('when is a condition over the move scope, and a consideration needs when or minimal', () => {
    expect(errorsOf('      - move: pay\n        when: sumBy(coins, c => c.value)\n')[0]).toMatch(/expected bool, found number/);
    expect(errorsOf('      - move: pay\n        when: bill > 2\n')[0]).toMatch(/unknown name 'bill'/);
    expect(errorsOf("      - move: pay\n        when: box == 'left' and seat == 0\n")).toEqual([]);
    expect(errorsOf('      - move: pay\n')[0]).toMatch(/considering 'pay' needs 'when' \(a condition on its choices\) or 'minimal'/);
  });
});

describe("Regicide's steady weighs what a careful player does (R-8, R-9)", () => {
  const game = compile('regicide', ['immunity', 'jester', 'animal-companions', 'enemies-in-hand', 'combos', 'yield-limit', 'solo']);
  const steady = strategy(game, 'steady');
  // What a card counts for when suffering damage, enemies in hand on (R-8, R-H4); a Jester 0.
  const worth = (c: Card): number => (c.rank === 'jester' ? 0 : Number(c.value));
  /**
   * The state is won, or goes on to a decision where a card can be played, at once or after one
   * move that is neither a play nor a flip (placing the enemy, suffering the damage: ).
   */
  const goesOn = (s: GameState, depth: number): boolean => {
    if (isOver(s)) return (s.context.result?.winners.length ?? 0) > 0;
    const moves = legalMovesWithEvents(game, s);
    if (moves.some((n) => n.move.move === 'play')) return true;
    return depth > 0 && moves.some((n) => n.move.move !== 'flip' && n.move.move !== 'yield' && after(s, n, depth - 1));
  };
  const after = (s: GameState, m: LegalMove, depth: number): boolean => {
    const next = applyLegal(game, s, m);
    return next.ok && goesOn(next.state, depth);
  };
  const safe = (s: GameState, m: LegalMove): boolean => after(s, m, 1);
  const diamonds = (m: LegalMove): boolean => piecesOf(m, 'cards').some((c) => c.suit === 'diamonds');

  /** The positions of one game that `steady` plays from a seed, each with its legal moves. */
  const positions = (seed: number): { state: GameState; legal: LegalMove[] }[] => {
    const bot = createBot(game, 'steady');
    if ('error' in bot) throw new Error(bot.error);
    const rng = new Rng(seedRng(`steady:${seed}`));
    const out: { state: GameState; legal: LegalMove[] }[] = [];
    let s = begin(game, seed);
    while (!isOver(s) && out.length < 200) {
      const legal = legalMovesWithEvents(game, s);
      out.push({ state: s, legal });
      const next = applyLegal(game, s, bot.choose(s, 0, legal, rng));
      if (!next.ok) throw new Error(next.error);
      s = next.state;
    }
    return out;
  };

  it('R-8: every discard it weighs loses a card too many if any card is kept back', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), (seed) => {
        for (const { state, legal } of positions(seed)) {
          const incoming = Number(state.context.game.incoming);
          for (const m of considered(steady, state, legal).filter((x) => x.move.move === 'discard')) {
            const cards = piecesOf(m, 'cards');
            const total = cards.reduce((t, c) => t + worth(c), 0);
            expect(total).toBeGreaterThanOrEqual(incoming);
            if (cards.length > 1) for (const c of cards) expect(total - worth(c)).toBeLessThan(incoming);
          }
        }
      }),
      { numRuns: 12 },
    );
  });

  it('R-8, R-9: where some play neither loses nor forces a flip, no play it weighs does (diamonds may still draw)', () => {
    let narrowed = 0;
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), (seed) => {
        for (const { state, legal } of positions(seed)) {
          const plays = legal.filter((m) => m.move.move === 'play');
          if (!plays.some((m) => safe(state, m))) continue;
          const weighed = considered(steady, state, legal).filter((m) => m.move.move === 'play');
          if (weighed.length < plays.length) narrowed++;
          for (const m of weighed) if (!diamonds(m)) expect(safe(state, m)).toBe(true);
        }
      }),
      { numRuns: 40 },
    );
    expect(narrowed).toBeGreaterThan(0);
  });
});
