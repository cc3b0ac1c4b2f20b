/**
 * The command line, in process (fast) and once through the real `bin/houserules.js`: every
 * command's output format, exit codes, and a clear one-line message for every kind of bad input.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';
import type { Io } from '../../src/cli/command.ts';
import { simulate } from '../../src/sim/simulate.ts';
import { compile } from '../helpers/games.ts';
import { legalMoves, newGame, step, type Move } from '../../src/engine/index.ts';
import { logText } from '../../src/runtime/state.ts';
import { Rng, seedRng } from '../../src/runtime/rng.ts';

const ROOT = join(import.meta.dirname, '../..');
const BAD = join(ROOT, 'tests/fixtures/bad');

const run = async (argv: string[], stdin = ''): Promise<{ code: number; out: string; err: string }> => {
  const out: string[] = [];
  const err: string[] = [];
  const io: Io = { out: (t) => out.push(t), err: (t) => err.push(t), readStdin: async () => stdin };
  const code = await main(argv, io);
  return { code, out: out.join('\n'), err: err.join('\n') };
};

describe('houserules CLI', () => {
  it('list --json gives every game with its variants', async () => {
    const { code, out } = await run(['list', '--json']);
    expect(code).toBe(0);
    const { games } = JSON.parse(out) as { games: { id: string; title: string; file: string; variants: unknown[] }[] };
    const game = games.find((g) => g.id === 'ten-thousand');
    expect(game).toMatchObject({ id: 'ten-thousand', title: '10,000', file: expect.stringContaining('games/ten-thousand/game.yaml') });
    expect(Array.isArray(game?.variants)).toBe(true);
  });

  it('validate exits 0 for a valid game', async () => {
    const { code, out } = await run(['validate', 'ten-thousand']);
    expect(code).toBe(0);
    expect(out).toMatch(/valid/);
  });

  it("validate takes a game's folder for its game.yaml, with its variants by id", async () => {
    const folder = join(ROOT, 'games', 'ten-thousand');
    expect(await run(['validate', folder, '--variant', 'joker'])).toMatchObject({
      code: 0,
      out: 'games/ten-thousand/game.yaml: valid with joker',
    });
    expect((await run(['validate', join(ROOT, 'games')])).err).toMatch(/no game .* no game\.yaml in such a folder/);
  });

  it('eval prints the score of a roll: 1,1,1,5,2 = 1050', async () => {
    expect(await run(['eval', 'ten-thousand', '--expr', 'score(roll)', '--vars', '{"roll":[1,1,1,5,2]}'])).toMatchObject({
      code: 0,
      out: '1050',
    });
  });

  it('eval --jsonl answers one line per line of variables', async () => {
    const { code, out } = await run(
      ['eval', 'ten-thousand', '--expr', 'score(roll)', '--jsonl'],
      '{"roll":[1,1,1,5,2]}\n{"roll":[2,3,4,6,6]}\n{"roll":[1,2,3,4,5]}\n',
    );
    expect(code).toBe(0);
    expect(out.split('\n')).toEqual(['1050', '0', '1500']);
  });

  it('eval reports an expression error with its column', async () => {
    const { code, err } = await run(['eval', 'ten-thousand', '--expr', 'scroe(roll)', '--vars', '{"roll":[1]}']);
    expect(code).toBe(1);
    expect(err).toMatch(/expression:1:1: .*scroe.*score/);
  });

  it('simulate is deterministic for a seed and reports the agreed JSON', async () => {
    const a = await run(['simulate', 'ten-thousand', '--games', '20', '--seed', '7', '--json']);
    const b = await run(['simulate', 'ten-thousand', '--games', '20', '--seed', '7', '--json']);
    expect(a.code).toBe(0);
    const strip = (text: string): unknown => {
      const { gamesPerSecond: _g, movesPerSecond: _m, ...rest } = JSON.parse(text) as Record<string, unknown>;
      return rest;
    };
    expect(strip(a.out)).toEqual(strip(b.out));
    const report = JSON.parse(a.out) as Record<string, unknown>;
    expect(Object.keys(report).sort()).toEqual(
      ['games', 'gamesPerSecond', 'moves', 'movesPerSecond', 'players', 'seed', 'threads', 'turns', 'unfinished', 'wins'].sort(),
    );
    const wins = report.wins as Record<string, number>;
    expect(Object.values(wins).reduce((x, y) => x + y, 0) + (report.unfinished as number)).toBe(20);
  });

  it("simulate's summary names each side as the board does: Player 1, a team by its name, the players of a cooperative game", async () => {
    const rows = async (id: string): Promise<string[]> => {
      const { code, out } = await run(['simulate', id, '--games', '4', '--seed', '1', '--threads', '1']);
      expect(code).toBe(0);
      return out
        .split('\n')
        .slice(1, -3)
        .map((line) => line.replace(/\s+\d+ wins.*$/, '').trim());
    };
    expect(await rows('ten-thousand')).toEqual(['Player 1', 'Player 2']);
    expect(await rows('cetatea')).toEqual(['Team A (attack)', 'Team D (defence)']);
    expect(await rows('regicide')).toEqual(['the players']);
  });

  it('simulate on several cores reports exactly what a serial run does', async () => {
    const { code, out } = await run(['simulate', 'ten-thousand', '--games', '50', '--seed', '11', '--json']);
    expect(code).toBe(0);
    const serial = simulate(compile('ten-thousand'), { games: 50, seed: 11 });
    const { gamesPerSecond: _a, movesPerSecond: _b, errors: _e, ...expected } = serial;
    const { gamesPerSecond: _c, movesPerSecond: _d, threads, ...parallel } = JSON.parse(out) as Record<string, unknown>;
    expect(parallel).toEqual(expected);
    expect(threads).toBeGreaterThanOrEqual(1);
  }, 240_000);

  it('simulate --threads N plays on N threads, reports them, and gives what one thread gives', async () => {
    const strip = (text: string): Record<string, unknown> => {
      const { gamesPerSecond: _g, movesPerSecond: _m, ...rest } = JSON.parse(text) as Record<string, unknown>;
      return rest;
    };
    const one = await run(['simulate', 'ten-thousand', '--games', '6', '--seed', '9', '--threads', '1', '--json']);
    const two = await run(['simulate', 'ten-thousand', '--games', '6', '--seed', '9', '--threads', '2', '--json']);
    expect(strip(one.out).threads).toBe(1);
    expect(strip(two.out).threads).toBe(2);
    expect({ ...strip(two.out), threads: 1 }).toEqual(strip(one.out));
    const bad = await run(['simulate', 'ten-thousand', '--threads', '0']);
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(/--threads/);
  }, 240_000);

  it('simulate --bot plays the named bots, one per seat, and keeps wins in its JSON', async () => {
    const { code, out } = await run([
      'simulate',
      'ten-thousand',
      '--games',
      '4',
      '--seed',
      '2',
      '--bot',
      'careful,mcts',
      '--iterations',
      '5',
      '--json',
    ]);
    expect(code).toBe(0);
    const report = JSON.parse(out) as { wins: Record<string, number>; bots: string[]; unfinished: number };
    expect(report.bots).toEqual(['careful', 'mcts']);
    expect(Object.values(report.wins).reduce((x, y) => x + y, 0) + report.unfinished).toBe(4);
    // Bots are slow: even 4 games go to the workers, and they must agree with a serial run.
    const serial = simulate(compile('ten-thousand'), { games: 4, seed: 2, bots: ['careful', 'mcts'], botOptions: { iterations: 5 } });
    const { gamesPerSecond: _a, movesPerSecond: _b, errors: _e, ...expected } = serial;
    const { gamesPerSecond: _c, movesPerSecond: _d, bots: _f, threads: _t, ...parallel } = JSON.parse(out) as Record<string, unknown>;
    expect(parallel).toEqual(expected);
  }, 240_000);

  it('simulate --report gives the balance report, as text and in --json', async () => {
    const text = await run(['simulate', 'ten-thousand', '--games', '30', '--seed', '3', '--bot', 'careful', '--report']);
    expect(text.code).toBe(0);
    expect(text.out).toMatch(/^Balance of 10,000: 30 games, 2 player\(s\), seed 3, bots careful/);
    expect(text.out).toMatch(/Player 1 .* wins .*95% CI \[/);
    expect(text.out).toMatch(/first player's side wins/);
    expect(text.out).toMatch(/turns: mean .* median .* p10 .* p90/);
    const json = await run(['simulate', 'ten-thousand', '--games', '30', '--seed', '3', '--bot', 'careful', '--report', '--json']);
    const report = JSON.parse(json.out) as {
      wins: Record<string, number>;
      balance: { sides: { wins: number }[]; games: number; firstPlayer: unknown };
    };
    expect(report.balance.games).toBe(30);
    expect(report.balance.sides.map((s) => s.wins)).toEqual(Object.values(report.wins));
    expect(report.balance.firstPlayer).toBeTruthy();
    // Two runs start worker threads that each compile the game: over a minute on a busy machine.
  }, 240_000);

  it('simulate --compare plays a second variant set on the same seeds, side by side', async () => {
    const json = await run([
      'simulate',
      'ten-thousand',
      '--games',
      '30',
      '--seed',
      '4',
      '--bot',
      'careful',
      '--compare',
      'entry-1000',
      '--json',
    ]);
    expect(json.code).toBe(0);
    const report = JSON.parse(json.out) as {
      balance: { variants: string[] };
      compare: { variants: string[]; balance: { variants: string[] } };
      difference: { sides: unknown[]; changed: number };
    };
    expect(report.balance.variants).toEqual([]);
    expect(report.compare.variants).toEqual(['entry-1000']);
    expect(report.compare.balance.variants).toEqual(['entry-1000']);
    expect(report.difference.sides).toHaveLength(2);
    const text = await run([
      'simulate',
      'ten-thousand',
      '--variant',
      'entry-1000',
      '--games',
      '30',
      '--seed',
      '4',
      '--bot',
      'careful',
      '--compare',
      'none',
    ]);
    expect(text.out).toMatch(/Comparison on the same 30 seeds: A = entry-1000, B = base/);
    expect(text.out).toMatch(/games whose winner changed: \d+ of 30/);
    // Four runs, each starting worker threads that compile the game: a minute on a busy machine.
  }, 240_000);

  it('simulate --rotate seats each bot everywhere and reports its win rate', async () => {
    const { out } = await run([
      'simulate',
      'ten-thousand',
      '--games',
      '6',
      '--seed',
      '5',
      '--bot',
      'careful,random',
      '--rotate',
      '--report',
      '--json',
    ]);
    const byBot = (JSON.parse(out) as { balance: { byBot: { name: string; of: number }[] } }).balance.byBot;
    expect(byBot.map((b) => [b.name, b.of])).toEqual([
      ['careful', 6],
      ['random', 6],
    ]);
  });

  it('simulate refuses unknown bots and the wrong number of them', async () => {
    const unknown = await run(['simulate', 'ten-thousand', '--bot', 'mctz']);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toMatch(/unknown bot 'mctz' .*did you mean 'mcts'/);
    expect((await run(['simulate', 'ten-thousand', '--bot', 'random,random,random'])).err).toMatch(/3 bots for 2 seats/);
    expect((await run(['simulate', 'ten-thousand', '--bot', 'mcts:nobody'])).err).toMatch(/declares no bot 'nobody'/);
    expect((await run(['simulate', 'ten-thousand', '--iterations', 'many'])).err).toMatch(/--iterations must be a whole number/);
    expect((await run(['simulate', 'ten-thousand', '--compare', 'no-such-variant'])).code).toBe(1);
  });

  it("issue 35: simulate says a spec's located run-time error at the start once, with no internal error, and exits 1", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hr-'));
    const file = join(dir, 'start.yaml');
    writeFileSync(
      file,
      [
        'id: start',
        'title: Start',
        'players: { min: 1, max: 2 }',
        'vars:',
        '  game:',
        "    n: { type: number, initial: 'pow(0, -1)' }",
        'moves:',
        '  go: { effects: [ { add: { game.n: 1 } } ] }',
        'flow: { initial: s, states: { s: { on: { go: s } } } }',
        '',
      ].join('\n'),
    );
    const { code, err } = await run(['simulate', file, '--games', '3', '--threads', '1']);
    expect(code).toBe(1);
    expect(err.split('\n')).toEqual([expect.stringMatching(/start\.yaml:6:34: runtime error: pow\(0, -1\) is too large to be a number$/)]);
  });

  it('simulate warns that mcts reads hidden pieces in a game that has them', async () => {
    const { code, err } = await run([
      'simulate',
      'eight-masters-revenge',
      '--games',
      '1',
      '--bot',
      'mcts',
      '--iterations',
      '2',
      '--max-turns',
      '2',
    ]);
    expect(code).toBe(0);
    expect(err).toMatch(/mcts sees every piece, also those in deck, hand: for hidden information use ismcts/);
    expect((await run(['simulate', 'ten-thousand', '--games', '1', '--bot', 'mcts', '--iterations', '2', '--max-turns', '2'])).err).toBe(
      '',
    );
  });

  it('replay applies a log and stops at the first illegal move with the reason', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hr-'));
    const good = join(dir, 'good.json');
    writeFileSync(good, JSON.stringify([{ move: 'roll', seat: 0 }]));
    const ok = await run(['replay', 'ten-thousand', '--seed', '3', '--moves', good, '--json']);
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.out)).toHaveProperty('context.turn');
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify([{ move: 'bank', seat: 0 }]));
    const refused = await run(['replay', 'ten-thousand', '--seed', '3', '--moves', bad]);
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/move 1 .* is illegal: 'bank' cannot be played in state turn\.ready; possible now: roll/);
  });

  it("replay --log prints the game's log, every move's lines from the start, not the last move's only", async () => {
    const game = compile('ten-thousand');
    const rng = new Rng(seedRng('replay-log'));
    const started = newGame(game, { seed: 3 });
    if (!started.ok) throw new Error(started.error);
    let state = started.state;
    const moves: Move[] = [];
    const lines: string[] = state.context.log.map(logText);
    for (let i = 0; i < 8 && state.context.result === null; i++) {
      const legal = legalMoves(game, state);
      const move = legal[rng.below(legal.length)] as Move;
      const next = step(game, state, move);
      if (!next.ok) throw new Error(next.error);
      moves.push(move);
      state = next.state;
      lines.push(...state.context.log.map(logText));
    }
    expect(lines.length).toBeGreaterThan(state.context.log.length);
    const file = join(mkdtempSync(join(tmpdir(), 'hr-')), 'moves.json');
    writeFileSync(file, JSON.stringify(moves));
    const { code, out } = await run(['replay', 'ten-thousand', '--seed', '3', '--moves', file, '--log']);
    expect(code).toBe(0);
    expect(out.split('\n').slice(0, lines.length)).toEqual(lines);
  });

  it('graph prints JSON, dot and mermaid', async () => {
    const json = await run(['graph', 'ten-thousand']);
    expect(JSON.parse(json.out).nodes.map((n: { id: string }) => n.id)).toContain('decide');
    expect((await run(['graph', 'ten-thousand', '--format', 'dot'])).out).toMatch(/^digraph/);
    expect((await run(['graph', 'ten-thousand', '--format', 'mermaid'])).out).toMatch(/^stateDiagram-v2/);
  });

  it('every command has --help', async () => {
    for (const command of ['list', 'validate', 'eval', 'simulate', 'replay', 'graph']) {
      const { code, out } = await run([command, '--help']);
      expect(code).toBe(0);
      expect(out).toContain(`Usage: houserules ${command}`);
    }
  });

  describe('bad input: one clear line with file:line:col, exit 1, no stack trace', () => {
    const cases: [string, RegExp][] = [
      ['broken-yaml.yaml', /broken-yaml\.yaml:2:\d+: error: .+/],
      ['schema-error.yaml', /schema-error\.yaml:3:\d+: error: .*'min'.*number/],
      ['schema-error.yaml', /schema-error\.yaml:4:1: error: unknown property 'flwo'.*flow/],
      ['unknown-name.yaml', /unknown-name\.yaml:10:\d+: error: .*pionts.*points/],
      ['type-error.yaml', /type-error\.yaml:9:\d+: error: .*bool.*number/],
      ['bad-target.yaml', /bad-target\.yaml:11:\d+: error: target 'bb' is not a state.*'b'/],
    ];
    for (const [file, pattern] of cases) {
      it(`${file}: ${pattern.source}`, async () => {
        const { code, err } = await run(['validate', join(BAD, file)]);
        expect(code).toBe(1);
        expect(err).toMatch(pattern);
        expect(err).not.toMatch(/\n\s+at /);
      });
    }

    // The same files as JSON: each problem's code, which does not change when a message is reworded.
    const coded: [string, string, number][] = [
      ['broken-yaml.yaml', 'yaml-syntax', 2],
      ['schema-error.yaml', 'wrong-type', 3],
      ['schema-error.yaml', 'unknown-property', 4],
      ['unknown-name.yaml', 'unknown-name', 10],
      ['type-error.yaml', 'type-mismatch', 9],
      ['bad-target.yaml', 'unknown-target', 11],
      ['loop.yaml', 'automatic-loop', 0],
    ];
    for (const [file, expected, line] of coded) {
      it(`${file} --json: ${expected}`, async () => {
        const { out } = await run(['validate', join(BAD, file), '--json']);
        const { diagnostics } = JSON.parse(out) as { diagnostics: { code: string; line: number }[] };
        expect(diagnostics.some((d) => d.code === expected && (line === 0 || d.line === line))).toBe(true);
      });
    }

    it('a flow that does not settle is stopped with a message', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'hr-'));
      const moves = join(dir, 'moves.json');
      writeFileSync(moves, JSON.stringify([{ move: 'go', seat: 0 }]));
      const validated = await run(['validate', join(BAD, 'loop.yaml')]);
      expect(validated.err).toMatch(/warning: automatic transitions can loop: b → c → b/);
      const { code, err } = await run(['replay', join(BAD, 'loop.yaml'), '--seed', '1', '--moves', moves]);
      expect(code).toBe(1);
      expect(err).toMatch(/did not settle/);
    });

    it('an unknown game, variant, command or option', async () => {
      expect((await run(['validate', 'no-such-game'])).err).toMatch(/no game 'no-such-game'/);
      expect((await run(['validate', 'ten-thousand', '--variant', 'nope'])).err).toMatch(/no variant 'nope'/);
      expect((await run(['frobnicate'])).code).toBe(1);
      expect((await run(['simulate', 'ten-thousand', '--gamez', '3'])).err).toMatch(/gamez/);
      expect((await run(['simulate', 'ten-thousand', '--players', '9'])).err).toMatch(/2 to 8 players/);
    });
  });

  it('runs as `npx houserules` through bin/houserules.js', () => {
    const out = execFileSync('node', [join(ROOT, 'bin/houserules.js'), 'eval', 'ten-thousand', '--expr', 'score(roll)', '--jsonl'], {
      input: '{"roll":[1,1,1,5,2]}\n',
      cwd: ROOT,
    }).toString();
    expect(out.trim()).toBe('1050');
    const bad = spawnSync('node', [join(ROOT, 'bin/houserules.js'), 'validate', join(BAD, 'type-error.yaml')], { cwd: ROOT });
    expect(bad.status).toBe(1);
    expect(bad.stderr.toString()).toMatch(/type-error\.yaml:9:\d+: error:/);
  });
});
