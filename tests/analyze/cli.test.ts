/** `houserules analyze`: its JSON, its text table and its one-line refusals. */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';

const PIG = join(import.meta.dirname, 'fixtures/pig.yaml');

const run = runCli;

describe('houserules analyze', () => {
  it('--json gives expected, errorBound, states and the policy with every alternative', async () => {
    const { code, out } = await run(['analyze', PIG, '--objective', 'players[0].score', '--json']);
    expect(code).toBe(0);
    const a = JSON.parse(out) as {
      expected: number;
      errorBound: number;
      states: number;
      policy: { state: Record<string, unknown>; best: string; alternatives: { move: string; value: number }[] }[];
    };
    expect(a.expected).toBeCloseTo(8.14, 2);
    expect(a.errorBound).toBeGreaterThanOrEqual(0);
    expect(a.states).toBeGreaterThan(20);
    const at10 = a.policy.find((r) => r.state.turnPoints === 10);
    expect(at10?.best).toBe('Roll');
    expect(at10?.alternatives.map((x) => x.move)).toEqual(['Roll', 'Hold']);
    // The keys stay the engine's; the labels, one per column, are what players read.
    expect((a as unknown as { columns: string[]; labels: string[] }).labels).toEqual(['Turn points']);
  });

  it('prints the expected value, the rules of thumb and the table', async () => {
    const { code, out } = await run(['analyze', PIG, '--objective', 'players[0].score', '--epsilon', '1e-6']);
    expect(code).toBe(0);
    expect(out).toMatch(/expected\s+8\.14/);
    // Columns read as the spec's display labels them, never by the engine's variable names.
    expect(out).toMatch(/Roll at Turn points 0–20, Hold at Turn points 21–/);
    expect(out).toMatch(/Turn points\s+reach\s+best\s+alternatives/);
    expect(out).not.toMatch(/turnPoints/);
    // `reach` is expected visits (analyze.test.ts: a decision the turn comes back to is reached
    // 200% of the time): the caption says so instead of calling it a probability.
    expect(out).toContain(
      'Decisions reached 0.10% of the time or more (reach: expected visits a turn, over 100% where the turn comes back to a state):',
    );
    expect(out).not.toMatch(/probability/);
  });

  it('refuses in one line: no objective, a bad epsilon, hidden information, an unknown --until', async () => {
    expect((await run(['analyze', PIG])).err).toMatch(/--objective/);
    expect((await run(['analyze', PIG, '--objective', '1', '--epsilon', 'lots'])).err).toMatch(
      /--epsilon must be a number between 0 and 1/,
    );
    const hidden = await run(['analyze', 'regicide', '--objective', '0']);
    expect(hidden.code).toBe(1);
    expect(hidden.err).toMatch(/^Regicide: .*hidden information/);
    expect((await run(['analyze', PIG, '--objective', '1', '--until', 'forever'])).err).toMatch(/--until must be one of turn/);
  });

  it('--max-sweeps bounds the value iteration of a turn that comes back to where it was', async () => {
    const FLIP = join(import.meta.dirname, 'fixtures/flip.yaml');
    const few = await run(['analyze', FLIP, '--objective', 'players[0].score', '--max-sweeps', '5']);
    expect(few.code).toBe(1);
    expect(few.err).toMatch(/^Flip: the values of the turn's 1 state still changed by .* after 5 sweeps \(the limit\)/);
    expect((await run(['analyze', FLIP, '--objective', 'players[0].score', '--max-sweeps', '0'])).err).toMatch(/--max-sweeps/);
    const enough = await run(['analyze', FLIP, '--objective', 'players[0].score']);
    expect(enough.out).toMatch(/expected\s+1\.000/);
  });
});
