/**
 * Issue 16: everything a spec can ask for runs under a budget (src/limits.ts) and past it stops
 * with a located message naming the construct and the limit.
 */
import { ExprRuntimeError } from '../../src/errors.ts';
import { describe, expect, it } from 'vitest';
import { Meter, compileExpr, createLibrary, type Value } from '../../src/lang/index.ts';
import { LIMITS, formatLimit } from '../../src/limits.ts';
import { describeRuntimeError, legalMoves, legalMovesWithEvents, newGame, step, stepByMachine, type Json } from '../../src/engine/index.ts';
import { createBot } from '../../src/bots/index.ts';
import { Rng, seedRng } from '../../src/runtime/rng.ts';
import { countCopiedEntries, entriesCopied, piecesVisited } from '../../src/runtime/ops.ts';
import { compileText, messages, refusal, specText } from './helpers.ts';

// This file reads how many entries drafts copy: counted only when asked for.
countCopiedEntries();

const { library } = createLibrary(
  [],
  [
    { name: 'fib', params: [{ name: 'n', type: 'number' }], returns: 'number', body: 'n < 2 ? n : fib(n - 1) + fib(n - 2)' },
    { name: 'grow', params: [{ name: 'n', type: 'number' }], body: 'fold(range(0, n), [], (a, x) => a + [x])' },
  ],
  {},
);

const run = (src: string): Value => {
  const compiled = compileExpr(src, {}, library);
  if (!compiled.ok) throw new Error(compiled.errors.map((e) => e.message).join('; '));
  return compiled.run({}, new Meter());
};

const failure = (src: string): ExprRuntimeError => {
  try {
    run(src);
  } catch (error) {
    if (error instanceof ExprRuntimeError) return error;
    throw error;
  }
  throw new Error(`${src} did not fail`);
};

describe('expression work budget', () => {
  it('stops fib(60) at the step limit, located at the call', () => {
    const error = failure('fib(60)');
    expect(error.message).toContain(`more than ${formatLimit(LIMITS.exprSteps)} steps`);
    expect(error.message).toContain("this call of 'fib'");
    expect(error.definition).toBe('fib');
    expect(error.code).toBe('work-limit');
  });

  it('stops a fold that builds quadratic lists at the allocation limit', () => {
    expect(failure('fold(range(0, 200000), [], (a, x) => a + [x])').message).toContain(
      `more than ${formatLimit(LIMITS.exprAllocation)} list items and characters`,
    );
    expect(failure('grow(200000)').message).toContain('list items and characters');
    expect(failure('grow(200000)').code).toBe('work-limit');
    expect(failure('[1][2]').code).toBe('runtime-error');
  });

  it('stops a doubling string and a quadratic distinct', () => {
    expect(failure("fold(range(0, 40), 'ab', (s, x) => s + s)").message).toContain('list items and characters');
    expect(failure('len(distinct(range(0, 100000)))').message).toContain('at distinct(…)');
  });

  it('leaves ordinary work alone, and gives every outermost evaluation a fresh budget', () => {
    expect(run('fib(20)')).toBe(6765);
    for (let i = 0; i < 5; i++) expect(run('len(grow(2000))')).toBe(2000);
  });

  it('makes non-finite numbers runtime errors at their place (pow(10, 400), products, sums)', () => {
    expect(failure('pow(10, 400)').message).toBe('pow(10, 400) is too large to be a number');
    const product = failure('1 + pow(10, 300) * pow(10, 300)');
    expect(product.message).toBe('the product is too large to be a number');
    expect(product.start).toBe(4);
    expect(failure('sum([pow(10, 308), pow(10, 308)])').message).toBe('the sum is too large to be a number');
  });
});

describe('compile-time work: die faces and piece counts', () => {
  it("a die's faces expression that would run on is stopped when the spec is opened, at the faces", () => {
    const text = specText({
      components: 'components:\n  dice:\n    d6: { faces: "fold(range(0, 300000), [1], (a, x) => a + a)", count: 1, start: pool }',
    });
    const out = compileText(text);
    expect(out.game).toBeUndefined();
    expect(messages(out).join('\n')).toMatch(/probe\.yaml:\d+:\d+: error: more than .* list items and characters/);
  });

  it('count: 100000000 dice is refused at compile time at the count, naming the limit', () => {
    const out = compileText(specText({ components: 'components:\n  dice:\n    d6: { faces: [1, 2], count: 100000000, start: pool }' }));
    expect(out.game).toBeUndefined();
    expect(messages(out)).toContain(
      `probe.yaml:6:33: error: the count of die 'd6' is 100,000,000; a game may have at most ${formatLimit(LIMITS.pieces)} pieces`,
    );
  });

  it('a count over a param is checked with the value in force, and warned about at the param’s declared max', () => {
    const text = specText({
      params: 'params:\n  dice: { type: number, default: 5, min: 1, max: 5000000, description: dice }',
      components: 'components:\n  dice:\n    d6: { faces: [1, 2], count: params.dice, start: pool }',
    });
    const fine = compileText(text);
    expect(fine.game).toBeDefined();
    expect(messages(fine).join('\n')).toMatch(
      /warning: the count of die 'd6' is 5,000,000; .* when the params are at their maximum \(dice: 5000000\)/,
    );
    const tooMany = compileText(text, { dice: 5_000_000 });
    expect(tooMany.game).toBeUndefined();
    expect(messages(tooMany).join('\n')).toContain("error: the count of die 'd6' is 5,000,000");
  });

  it('per-player dice count the players too', () => {
    const text = specText({
      head: 'id: probe\ntitle: Probe\nplayers: { min: 1, max: 8 }',
      components: 'components:\n  dice:\n    d6: { faces: [1, 2], count: 2000, start: cup }',
      zones: 'zones:\n  pool: { holds: [d6] }\n  cup: { owner: player, holds: [d6] }',
    });
    const out = compileText(text);
    expect(messages(out).join('\n')).toContain('with 8 players the game would have more than 10,000 pieces');
  });

  it('a card product larger than the piece limit is refused before it is built', () => {
    const values = `[${Array.from({ length: 200 }, (_, i) => i).join(', ')}]`;
    const text = specText({
      components: `components:\n  cards:\n    deck:\n      attributes: { a: number, b: number }\n      product: { a: ${values}, b: ${values} }\n      start: pool`,
      zones: 'zones:\n  pool: { holds: [deck] }',
      moves: 'moves:\n  go:\n    effects:\n      - add: { game.n: 1 }',
    });
    expect(messages(compileText(text)).join('\n')).toContain('the product makes 40,000 cards; a game may have at most 10,000 pieces');
  });

  it('a game within the limits starts', () => {
    const out = compileText(specText());
    expect(out.game).toBeDefined();
    if (out.game) expect(newGame(out.game, { seed: 1 }).ok).toBe(true);
  });
});

describe('params hold together (issue 16)', () => {
  it('refuses default above max, min above max and a choice default not among the choices', () => {
    const text = specText({
      params: [
        'params:',
        '  a: { type: number, default: 50, max: 10, description: a }',
        '  b: { type: number, default: 5, min: 10, max: 1, description: b }',
        '  c: { type: choice, default: z, choices: [x, y], description: c }',
      ].join('\n'),
    });
    const lines = messages(compileText(text));
    expect(lines).toContain("probe.yaml:5:31: error: param 'a': the default 50 is above the maximum 10");
    expect(lines).toContain("probe.yaml:6:39: error: param 'b': the minimum 10 is above the maximum 1");
    expect(lines.join('\n')).toContain('param \'c\': the default expected one of x, y, got "z"');
  });

  it("refuses a variant's param value above the declared max, in the variant's file", () => {
    const text = specText({ params: 'params:\n  n: { type: number, default: 1, min: 0, max: 10, description: n }' });
    const variant = { file: 'big.yaml', text: 'variant: big\ngame: probe\ntitle: Big\ndescription: Big.\nparams: { n: 1000 }\n' };
    const lines = messages(compileText(text, {}, [variant]));
    expect(lines.join('\n')).toMatch(/big\.yaml:5:\d+: error: variant 'big' sets param 'n' to 1000: 1000 is above the maximum 10/);
  });
});

describe('YAML nesting', () => {
  it('a 20,000-deep nesting is "nested too deeply", located, not a stack overflow', () => {
    const out = compileText(`a: ${'['.repeat(20_000)}${']'.repeat(20_000)}\n`);
    expect(out.game).toBeUndefined();
    expect(messages(out).join('\n')).toMatch(/probe\.yaml:1:\d+: error: the YAML is nested too deeply \(more than 200 levels/);
  });

  it('a block nesting past the limit is refused where it passes the limit', () => {
    const text = `${Array.from({ length: 300 }, (_, i) => `${'  '.repeat(i)}k:`).join('\n')}\n`;
    expect(messages(compileText(text))[0]).toMatch(/probe\.yaml:201:\d+: error: the YAML is nested too deeply/);
  });
});

/** A probe game with `parts` replaced, started. */
const started = (parts: Record<string, string>) => {
  const out = compileText(specText(parts));
  if (!out.game) throw new Error(messages(out).join('\n'));
  const start = newGame(out.game, { seed: 1 });
  if (!start.ok) throw new Error(start.error);
  return { game: out.game, state: start.state };
};

describe('enumeration, scoring covers and loops', () => {
  it("an assign over 12×12 whose 'where' rejects everything stops at the candidates-tried limit", () => {
    const { game, state } = started({
      moves:
        "moves:\n  go:\n    args:\n      pairs: { assign: { from: 'range(0, 12)', to: 'range(0, 12)' }, where: 'false' }\n    effects: []",
    });
    expect(() => legalMoves(game, state)).toThrow(
      `listing the choices of argument 'pairs' tried more than ${formatLimit(LIMITS.choicesTried)} candidates`,
    );
  });

  it('two oneOf arguments of 90,000 items each are limited by their product, not each alone', () => {
    const { game, state } = started({
      moves: "moves:\n  go:\n    args:\n      a: { oneOf: 'range(0, 90000)' }\n      b: { oneOf: 'range(0, 90000)' }\n    effects: []",
    });
    expect(() => legalMoves(game, state)).toThrow(
      `listing the choices of argument 'b' tried more than ${formatLimit(LIMITS.choicesTried)} candidates`,
    );
  });

  it('issue 35: the candidates-tried limit is located at the argument that asked for the listing', () => {
    const { game, state } = started({
      moves: "moves:\n  go:\n    args:\n      a: { oneOf: 'range(0, 90000)' }\n      b: { oneOf: 'range(0, 90000)' }\n    effects: []",
    });
    let thrown: unknown;
    try {
      legalMoves(game, state);
    } catch (error) {
      thrown = error;
    }
    expect(describeRuntimeError(game, thrown)).toBe(
      `probe.yaml:16:10: runtime error: listing the choices of argument 'b' tried more than ${formatLimit(LIMITS.choicesTried)} candidates (accepted by 'where' or not, with every choice of the arguments before it): narrow its list`,
    );
  });

  it('a while with max: 1000000000 is refused when the spec is opened, at the max, naming the limit', () => {
    const lines = refusal(
      specText({
        moves: "moves:\n  go:\n    effects:\n      - while: 'true'\n        max: 1000000000\n        do: [ { add: { game.n: 1 } } ]",
      }),
    );
    expect(lines).toEqual([
      `probe.yaml:16:14: error: while: max is 1,000,000,000; at most ${formatLimit(LIMITS.whileMax)} runs are allowed`,
    ]);
  });

  it('a while whose max is an expression past the limit is refused at the effect when it runs', () => {
    const { game, state } = started({
      moves:
        "moves:\n  go:\n    effects:\n      - while: 'true'\n        max: 'game.n + 1000000000'\n        do: [ { add: { game.n: 1 } } ]",
    });
    const result = step(game, state, { move: 'go', seat: 0 });
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.error).toMatch(
        new RegExp(
          `^probe\\.yaml:\\d+:\\d+: runtime error: while: max is 1,000,000,000; at most ${formatLimit(LIMITS.whileMax)} runs are allowed`,
        ),
      );
  });

  it('an add that overflows is a runtime error at the effect, so Infinity never reaches the state', () => {
    const { game, state } = started({
      moves: "moves:\n  go:\n    effects:\n      - add: { game.n: 'pow(10, 308)' }\n      - add: { game.n: 'pow(10, 308)' }",
    });
    const result = step(game, state, { move: 'go', seat: 0 });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(/^probe\.yaml:\d+:\d+: runtime error: add: game\.n would be too large to be a number/);
  });

  it("cover('roll', …) over 60 dice stops at the cover limit, located at the call", () => {
    const combos = Array.from({ length: 6 }, (_, f) => `      s${f + 1}: { faces: [${f + 1}], points: ${f + 1} }`).join('\n');
    const pairs = Array.from({ length: 6 }, (_, f) => `      p${f + 1}: { same: 2, points: 1 }`).join('\n');
    const text = specText({
      definitions: `scoring:\n  roll:\n    combos:\n${combos}\n${pairs}\n      run3: { run: 3, points: 5 }`,
      moves: 'moves:\n  go:\n    effects:\n      - set: { game.n: "cover(\'roll\', map(range(0, 60), i => i % 6 + 1)).points" }',
    });
    const out = compileText(text);
    if (!out.game) throw new Error(messages(out).join('\n'));
    const start = newGame(out.game, { seed: 1 });
    if (!start.ok) throw new Error(start.error);
    const result = step(out.game, start.state, { move: 'go', seat: 0 });
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.error).toMatch(
        new RegExp(
          `^probe\\.yaml:\\d+:\\d+: runtime error: reading 60 faces tried more than ${formatLimit(LIMITS.coverSteps)} combinations`,
        ),
      );
  });
});

describe('the work of one move (effects, loop rounds and calculations together)', () => {
  /** The error of the probe's move 'go' with `parts` replaced. */
  const refused = (moves: string, parts: Record<string, string> = {}): string => {
    const { game, state } = started({ moves, ...parts });
    const result = step(game, state, { move: 'go', seat: 0 });
    if (result.ok) throw new Error('the move was played');
    return result.error;
  };

  it("automatic transitions going round with costly guards stop at the move's calculation limit, at the transition (26 s before the flow's own limit)", () => {
    const flow = [
      'definitions:\n  heavy:\n    params: { k: number }\n    returns: number\n    body: "fold(range(0, 300000), k, (a, x) => a + x)"',
      'flow:\n  initial: s\n  states:\n    s:\n      on: { go: t }',
      '    t:\n      always:\n        - { target: u, guard: "heavy(game.n) > 0" }',
      '    u:\n      always:\n        - { target: t, guard: "heavy(game.n) > 0" }',
    ].join('\n');
    const error = refused('moves:\n  go:\n    effects:\n      - add: { game.n: 1 }', { flow });
    expect(error).toMatch(
      new RegExp(
        `^probe\\.yaml:(28|31):11: runtime error: this move's calculations took more than ${formatLimit(LIMITS.moveSteps)} steps \\(the limit of work for one move\\)$`,
      ),
    );
    for (const by of [step, stepByMachine]) {
      const { game, state } = started({
        moves: 'moves:\n  go:\n    effects:\n      - add: { game.n: 1 }',
        flow: flow.replace(/heavy\(game\.n\) > 0/g, 'game.n < 0'),
      });
      const result = by(game, state, { move: 'go', seat: 0 });
      // Cheap guards that refuse: the move is played and the flow rests in t.
      expect(result.ok, by.name).toBe(true);
    }
  });

  it('a forEach over a million items inside another stops at the effects limit, at the inner effect', () => {
    const error = refused(
      "moves:\n  go:\n    effects:\n      - forEach: { var: i, in: 'range(0, 1000000)', do: [ { forEach: { var: j, in: 'range(0, 1000000)', do: [ { add: { game.n: 0 } } ] } } ] }",
    );
    expect(error).toBe(
      `probe.yaml:15:111: runtime error: this move ran more than ${formatLimit(LIMITS.moveEffects)} effects and loop rounds (the limit of work for one move)`,
    );
  });

  it('nested whiles, each within its max, stop at the same limit', () => {
    const inner = "{ while: 'game.n < 100000', max: 100000, do: [ { add: { game.n: 1 } } ] }";
    const error = refused(
      `moves:\n  go:\n    effects:\n      - while: 'true'\n        max: 100000\n        do: [ { set: { game.n: 0 } }, ${inner} ]`,
    );
    expect(error).toMatch(/^probe\.yaml:17:39: runtime error: this move ran more than 1,000,000 effects and loop rounds/);
  });

  it('a deal of a billion rounds stops at the limit, at the deal, instead of dealing from an empty zone for ever', () => {
    const error = refused('moves:\n  go:\n    effects:\n      - deal: { from: zones.pool, to: hand, count: 1000000000 }', {
      zones: 'zones:\n  pool: { holds: [d6] }\n  hand: { owner: player, holds: [d6] }',
    });
    expect(error).toMatch(/^probe\.yaml:16:9: runtime error: this move ran more than 1,000,000 effects and loop rounds/);
  });

  it('a loop repeating a costly calculation stops at the calculation limit of the move', () => {
    const error = refused(
      "moves:\n  go:\n    effects:\n      - forEach: { var: i, in: 'range(0, 1000)', do: [ { add: { game.n: 'fold(range(0, 300000), 0, (a, x) => a + x) * 0' } } ] }",
    );
    expect(error).toMatch(
      new RegExp(
        `^probe\\.yaml:15:9: runtime error: this move's calculations took more than ${formatLimit(LIMITS.moveSteps)} steps \\(the limit of work for one move\\)$`,
      ),
    );
  });

  it("listing a move's choices whose 'where' is costly stops at the calculation limit, naming the argument", () => {
    const { game, state } = started({
      moves:
        "moves:\n  go:\n    args:\n      k: { oneOf: 'range(0, 1000)', where: 'fold(range(0, 300000), 0, (a, x) => a + x) < 0' }\n    effects: []",
    });
    expect(() => legalMoves(game, state)).toThrow(
      `listing the choices of argument 'k' took more than ${formatLimit(LIMITS.moveSteps)} calculation steps`,
    );
  });
});

describe("the guards judged for every choice of a move's arguments (issue 16)", () => {
  it("a costly guard over 90,000 choices stops at the listing's limit, located at the guard (it ran on for minutes)", () => {
    const { game, state } = started({
      moves:
        "moves:\n  go:\n    args:\n      k: { oneOf: 'range(0, 90000)' }\n    guard: 'fold(range(0, 300000), k, (a, x) => a + x) > 0'\n    effects: []",
    });
    let message = 'listed';
    try {
      legalMoves(game, state);
    } catch (error) {
      message = describeRuntimeError(game, error);
    }
    // At the guard's text: line 16 of the probe, after 'guard: '.
    expect(message).toBe(
      `probe.yaml:16:12: runtime error: listing the choices of 'go' took more than ${formatLimit(LIMITS.moveSteps)} calculation steps (the limit of work for one listing): its guards are judged for every choice of its arguments`,
    );
  });

  it('a guard over many choices within the limit lists them', () => {
    const { game, state } = started({
      moves: "moves:\n  go:\n    args:\n      k: { oneOf: 'range(0, 90000)' }\n    guard: 'k % 2 == 0'\n    effects: []",
    });
    expect(legalMoves(game, state)).toHaveLength(45_000);
  });
});

describe("a bot's decision (issue 16)", () => {
  /** A move of 90,000 choices; the spec's bot scores each, or evaluates where each leads, at 300,000 steps a time. */
  const costlyBot = (strategy: string) =>
    started({
      definitions:
        'definitions:\n  heavy:\n    params: { k: number }\n    returns: number\n    body: "fold(range(0, 300000), k, (a, x) => a + x)"',
      moves: "moves:\n  go:\n    args:\n      k: { oneOf: 'range(0, 90000)' }\n    effects:\n      - add: { game.n: 1 }",
      flow: `flow:\n  initial: s\n  states:\n    s:\n      on: { go: s }\n      always:\n        - { target: done, guard: game.n >= 3 }\n    done: { final: true }\nbots:\n  slow:\n    description: costly\n${strategy}`,
    });
  const decide = (strategy: string, bot = 'slow'): string => {
    const { game, state } = costlyBot(strategy);
    const made = createBot(game, bot);
    if ('error' in made) throw new Error(made.error);
    try {
      made.choose(state, 0, legalMovesWithEvents(game, state, 0), new Rng(seedRng('bot')));
    } catch (error) {
      return describeRuntimeError(game, error);
    }
    return 'chosen';
  };
  const limit = `bot '(slow|greedy)' took more than ${formatLimit(LIMITS.moveSteps)} calculation steps to choose one move \\(the limit of work for one decision\\)`;

  it("a costly 'score' over 90,000 choices stops at the decision's limit, at the score (it ran on for minutes)", () => {
    expect(decide('    prefer:\n      - move: go\n        score: heavy(k)')).toMatch(
      new RegExp(`^probe\\.yaml:\\d+:\\d+: runtime error: ${limit}: its 'when' and 'score' run for each of the 90,000 legal moves$`),
    );
    expect(decide('    prefer:\n      - move: go\n        when: heavy(k) > 0')).toMatch(new RegExp(limit));
  });

  it("a costly 'evaluate' tried greedily on every choice stops at the same limit, at the evaluate, for the spec's bot and --bot greedy", () => {
    for (const bot of ['slow', 'greedy']) {
      expect(decide('    evaluate: "heavy(0) / 100000000000"', bot)).toMatch(
        new RegExp(`^probe\\.yaml:\\d+:\\d+: runtime error: ${limit}: each of 6 samples tries and evaluates the move`),
      );
    }
  });

  it('an ordinary decision is left alone', () => {
    expect(decide('    prefer:\n      - move: go\n        score: k')).toBe('chosen');
  });
});

describe('log lines and pieces: linear work within a move (issue 16)', () => {
  const logging = (lines: number) =>
    started({
      moves: `moves:\n  go:\n    effects:\n      - forEach: { var: i, in: 'range(0, ${lines})', do: [ { log: 'line {i}' } ] }`,
    });

  it('a forEach logging 10,000 lines in one move appends each line, copying no log line (both paths)', () => {
    const { game, state } = logging(LIMITS.logLines);
    for (const by of [step, stepByMachine]) {
      const before = entriesCopied();
      const result = by(game, state, { move: 'go', seat: 0 });
      const copied = entriesCopied() - before;
      expect(result.ok).toBe(true);
      if (result.ok) expect(result.state.context.log).toHaveLength(LIMITS.logLines);
      // A copy of the log per line would be 10,000 × 10,000 / 2 entries; the machine's actions after
      // the move's (the automatic step and the states' entries) each copy the log once.
      expect(copied, by.name).toBeLessThanOrEqual(4 * LIMITS.logLines);
    }
  });

  it('a move logging 20,000 lines stops at the log limit, located at the log effect', () => {
    const { game, state } = logging(2 * LIMITS.logLines);
    const result = step(game, state, { move: 'go', seat: 0 });
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.error).toMatch(
        new RegExp(`^probe\\.yaml:\\d+:\\d+: runtime error: log: this move has written ${formatLimit(LIMITS.logLines)} lines already`),
      );
  });

  /** Each of n dice changed and rolled one by one, each found by its id (it is an older value in the list). */
  const oneByOne = (n: number) =>
    started({
      components: `components:\n  dice:\n    d6: { faces: [1, 2, 3, 4, 5, 6], count: ${n}, start: pool, props: { held: { type: bool, initial: "false" } } }`,
      moves:
        "moves:\n  go:\n    effects:\n      - forEach: { var: d, in: 'zones.pool', do: [ { set: { d.held: true } }, { roll: '[d]' } ] }\n      - add: { game.n: 1 }",
    });

  it('changing and rolling each of 10,000 listed dice visits and copies work linear in the dice', () => {
    const counts = [1000, LIMITS.pieces].map((n) => {
      const { game, state } = oneByOne(n);
      const [copied, visited] = [entriesCopied(), piecesVisited()];
      const result = step(game, state, { move: 'go', seat: 0 });
      expect(result.ok).toBe(true);
      if (result.ok) {
        const pool = result.state.context.zones.pool as readonly { held?: Json }[];
        expect(pool.every((die) => die.held === true)).toBe(true);
      }
      return { n, work: entriesCopied() - copied + piecesVisited() - visited };
    });
    const seen = counts.map((c) => `${c.n} dice: ${c.work}`).join(', ');
    // The zones' index is built once (n pieces visited) and the pool copied once (n entries); a
    // search of every zone per die (as findPiece did, and as mapping every zone per write did) is n × n.
    for (const { n, work } of counts) expect(work, seen).toBeLessThanOrEqual(3 * n);
  });

  it('the XState machine plays the one-by-one dice to the same state', () => {
    const { game, state } = oneByOne(50);
    const fast = step(game, state, { move: 'go', seat: 0 });
    const machine = stepByMachine(game, state, { move: 'go', seat: 0 });
    expect(fast).toEqual(machine);
  });

  /** Each of n dice marked, then moved to another zone by itself (as a player sets dice aside one by one). */
  const markAndMove = (n: number, how: 'pieces' | 'count' | 'bottom') =>
    started({
      components: `components:\n  dice:\n    d6: { faces: [1, 2, 3, 4, 5, 6], count: ${n}, start: pool, props: { held: { type: bool, initial: "false" } } }`,
      zones: 'zones:\n  pool: { holds: [d6] }\n  kept: { holds: [d6] }',
      moves: `moves:\n  go:\n    effects:\n      - forEach: { var: d, in: 'zones.pool', do: [ { set: { d.held: true } }, { move: { from: zones.pool, to: zones.kept, ${
        how === 'pieces' ? "pieces: '[d]'" : how === 'count' ? 'count: 1' : 'count: 1, put: bottom'
      } } } ] }\n      - add: { game.n: 1 }`,
    });

  it('marking and moving each of 10,000 dice one by one does work linear in the dice (a move re-indexed both zones: n × n)', () => {
    for (const how of ['pieces', 'count', 'bottom'] as const) {
      const counts = [1000, LIMITS.pieces].map((n) => {
        const { game, state } = markAndMove(n, how);
        const [copied, visited] = [entriesCopied(), piecesVisited()];
        const result = step(game, state, { move: 'go', seat: 0 });
        expect(result.ok).toBe(true);
        if (result.ok) {
          const kept = result.state.context.zones.kept as readonly { id: string; held?: Json }[];
          expect(kept).toHaveLength(n);
          expect(kept.every((die) => die.held === true)).toBe(true);
          // Taken from the top one by one: put on top, the kept dice are in the reverse order.
          const order = kept.map((die) => Number(die.id.replace(/\D+/g, '')));
          expect(order[0]! > order[n - 1]!, how).toBe(how !== 'bottom');
        }
        return { n, work: entriesCopied() - copied + piecesVisited() - visited };
      });
      const seen = counts.map((c) => `${c.n} dice: ${c.work}`).join(', ');
      // Indexed once (n), each die moved (n) and marked in the list copied once per move (n).
      for (const { n, work } of counts) expect(work, `${how}: ${seen}`).toBeLessThanOrEqual(4 * n);
    }
  });

  it('pieces shifted by a move are still found where they are: moves out of the middle, then marks, on both paths', () => {
    const { game, state } = started({
      components:
        'components:\n  dice:\n    d6: { faces: [1, 2, 3, 4, 5, 6], count: 12, start: pool, props: { held: { type: bool, initial: "false" } } }',
      zones: 'zones:\n  pool: { holds: [d6] }\n  kept: { holds: [d6] }',
      moves: [
        'moves:\n  go:\n    effects:',
        "      - move: { from: zones.pool, to: zones.kept, pieces: '[zones.pool[7], zones.pool[2], zones.pool[7]]' }",
        "      - forEach: { var: d, in: 'zones.pool', do: [ { set: { d.held: true } } ] }",
        "      - move: { from: zones.kept, to: zones.pool, pieces: '[zones.kept[1]]', put: bottom }",
        "      - forEach: { var: d, in: 'zones.kept', do: [ { roll: '[d]' }, { set: { d.held: true } } ] }",
        "      - move: { from: zones.pool, to: zones.kept, pieces: 'drop(zones.pool, 4)' }",
        '      - add: { game.n: 1 }',
      ].join('\n'),
    });
    const ids = (state.context.zones.pool as readonly { id: string }[]).map((p) => p.id);
    const fast = step(game, state, { move: 'go', seat: 0 });
    expect(fast).toEqual(stepByMachine(game, state, { move: 'go', seat: 0 }));
    if (!fast.ok) throw new Error(fast.error);
    const zone = (name: string) => fast.state.context.zones[name] as readonly { id: string; held?: Json }[];
    // Moved in the source's order (2 before 7, 7 once); 7 goes back to the pool's bottom.
    const pool = [0, 1, 3, 4, 5, 6, 8, 9, 10, 11, 7].map((i) => ids[i]);
    expect(zone('pool').map((p) => p.id)).toEqual(pool.slice(0, 4));
    expect(zone('kept').map((p) => p.id)).toEqual([...pool.slice(4), ids[2]]);
    // Every die but 7 was marked where it was; 7 was in kept while the pool was marked, and back in the pool while kept was.
    expect([...zone('pool'), ...zone('kept')].filter((p) => p.held !== true).map((p) => p.id)).toEqual([ids[7]]);
  });
});
