/**
 * `simulate`'s print: a plan played in this process and said as text and as JSON, with no
 * terminal and no threads, so each mode's shape is read directly.
 */
import { describe, expect, it } from 'vitest';
import { plan, readRequest } from '../../src/cli/commands/simulate/plan.ts';
import { print, type Printed } from '../../src/cli/commands/simulate/print.ts';
import { run } from '../../src/cli/commands/simulate/run.ts';
import type { Values } from '../../src/cli/command.ts';
import { compile } from '../helpers/games.ts';

const game = compile('ten-thousand');

const printed = async (values: Values): Promise<Printed> => {
  const read = readRequest({ games: '3', seed: '2', threads: '1', ...values });
  if ('errors' in read) throw new Error(read.errors.join('\n'));
  const planned = plan(read.request, { target: 'ten-thousand', game }, 1);
  if ('error' in planned) throw new Error(planned.error);
  const outcome = await run(planned.plan, { progress: undefined, compileWith: () => undefined });
  if (!outcome) throw new Error('not played');
  return print(planned.plan, outcome);
};

describe('simulate: printing an outcome', () => {
  it('the summary: a line per side, the unfinished games, the lengths and the speed', async () => {
    const { out, err, code } = await printed({});
    expect(code).toBe(0);
    expect(err).toEqual([]);
    expect(out[0]).toBe('3 games of 10,000, 2 players, seed 2');
    expect(out.slice(1, 4).map((line) => line.trim().split(/\s{2,}/)[0])).toEqual(['Player 1', 'Player 2', 'unfinished']);
    expect(out.at(-1)).toMatch(/^ {2}[\d.]+ games\/s, [\d.]+ moves\/s$/);
  });

  it('--json: the report without its errors, the threads, the bots when named, the balance with --report', async () => {
    const summary = JSON.parse((await printed({ json: true })).out.join('\n')) as Record<string, unknown>;
    expect(Object.keys(summary)).toEqual([
      'games',
      'seed',
      'players',
      'wins',
      'unfinished',
      'turns',
      'moves',
      'gamesPerSecond',
      'movesPerSecond',
      'threads',
    ]);
    const report = JSON.parse((await printed({ json: true, report: true, bot: 'random' })).out.join('\n')) as Record<string, unknown>;
    expect(Object.keys(report).slice(-3)).toEqual(['threads', 'bots', 'balance']);
  });

  it('--report: the balance report, then the speed', async () => {
    const { out } = await printed({ report: true });
    expect(out[0]).toBe('Balance of 10,000: 3 games, 2 player(s), seed 2, bots random');
    expect(out.at(-1)).toMatch(/games\/s/);
  });
});
