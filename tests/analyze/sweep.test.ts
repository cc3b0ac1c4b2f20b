/**
 * `simulate --sweep`: parsing the sweep against the spec's params, one balance report per value
 * on the same seeds, and the curves' summaries on small specs where the answer is obvious.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { parseSweep, sweepSettings } from '../../src/sim/sweep.ts';
import { compile } from '../helpers/games.ts';

const DUEL = join(import.meta.dirname, 'fixtures/duel.yaml');

const run = runCli;

describe('parseSweep', () => {
  const params = compile('ten-thousand').params;

  it('reads a range with its step, a list of values, and two params as a grid', () => {
    const one = parseSweep('entry=0..2000:100', params);
    expect('axes' in one && one.axes[0]?.values).toEqual(Array.from({ length: 21 }, (_, i) => i * 100));
    const grid = parseSweep('entry=500..1000:250, bumping=none|current|any', params);
    if (!('axes' in grid)) throw new Error(grid.error);
    expect(sweepSettings(grid.axes)).toHaveLength(9);
    expect(sweepSettings(grid.axes)[1]).toEqual({ entry: 500, bumping: 'current' });
    const flags = parseSweep('noFifties=true|false', params);
    expect('axes' in flags && flags.axes[0]?.values).toEqual([true, false]);
  });

  const error = (text: string): string => {
    const r = parseSweep(text, params);
    return 'error' in r ? r.error : 'accepted';
  };

  it('refuses what it cannot mean, saying why', () => {
    expect(error('entyr=0..100:50')).toMatch(/no param 'entyr'.*did you mean 'entry'/);
    expect(error('entry=0..200000:100')).toMatch(/more than 400 values/);
    expect(error('entry=0..6000:1000')).toMatch(/6000 is above the maximum 5000/);
    expect(error('entry=100..0:10')).toMatch(/below it/);
    expect(error('bumping=none|sometimes')).toMatch(/expected one of none, current, any/);
    expect(error('entry')).toMatch(/not a sweep/);
    expect(error('entry=0..100:50,target=1000..2000:500,dice=3..5:1')).toMatch(/one param or two/);
  });

  it("names like Object.prototype's fields are no param, and a value that is no finite number is quoted as written (issue 16)", () => {
    // These were "'__proto__' is a undefined param": the lookup found Object.prototype's fields.
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      expect(error(`${name}=1..2:1`)).toMatch(new RegExp(`^there is no param '${name}' to sweep`));
      expect(error(`${name}=1|2`)).toMatch(new RegExp(`^there is no param '${name}' to sweep`));
    }
    // These said "expected a number, got null" (NaN and Infinity print as JSON's null).
    expect(error('entry=a..b:1')).toBe(`sweep of 'entry': expected a number, got "a..b:1"`);
    expect(error('entry=500|lots')).toBe(`sweep of 'entry': expected a number, got "lots"`);
    expect(error('entry=1e400')).toBe("sweep of 'entry': expected a finite number, got Infinity");
  });
});

describe('simulate --sweep', () => {
  it('an edge for the first player: ≈ 0 at edge 0, then an advantage that grows with it', async () => {
    const { code, out } = await run(['simulate', DUEL, '--games', '400', '--seed', '3', '--sweep', 'edge=0..2:1', '--json']);
    expect(code).toBe(0);
    const sweep = (
      JSON.parse(out) as {
        sweep: {
          axes: unknown[];
          games: number;
          points: {
            params: { edge: number };
            advantage: { value: number; indistinguishable: boolean };
            sides: { rate: number }[];
            turns: { mean: number; ci: { low: number; high: number } };
          }[];
        };
      }
    ).sweep;
    expect(sweep.games).toBe(400);
    expect(sweep.points.map((p) => p.params.edge)).toEqual([0, 1, 2]);
    const [none, some, lots] = sweep.points;
    expect(none?.advantage.indistinguishable).toBe(true);
    expect(lots?.advantage.indistinguishable).toBe(false);
    expect(lots?.advantage.value).toBeGreaterThan(some?.advantage.value ?? 1);
    // Player 1 wins on 5 faces of 6 at edge 2; every duel lasts one turn, with no spread.
    expect(lots?.sides[0]?.rate).toBeCloseTo(5 / 6, 1);
    expect(none?.sides[0]?.rate).toBeCloseTo(0.5, 1);
    expect(none?.turns.ci).toEqual({ low: 1, high: 1 });
  }, 300_000);

  it("prints one row per value, in people's numbering, and refuses --compare with it", async () => {
    const { out } = await run(['simulate', DUEL, '--games', '50', '--sweep', 'edge=0..1:1']);
    expect(out).toMatch(/sweep of edge, 50 games per setting on the same seeds/);
    expect(out).toMatch(/edge\s+Player 1 win % \[95%\]\s+Player 2 win % \[95%\]\s+first-player advantage \[95%\]\s+turns \[95%\]/);
    expect(out.split('\n').filter((l) => /^\s+(0|1)\s/.test(l))).toHaveLength(2);
    const both = await run(['simulate', DUEL, '--sweep', 'edge=0..1:1', '--compare', 'none']);
    expect(both.err).toMatch(/--sweep and --compare cannot be used together/);
    expect((await run(['simulate', DUEL, '--sweep', 'speed=1..2'])).err).toMatch(/--sweep: there is no param 'speed'/);
  }, 300_000);

  it("names the sides as the spec's display does", async () => {
    const named = join(mkdtempSync(join(tmpdir(), 'sweep-')), 'duel.yaml');
    writeFileSync(named, `${readFileSync(DUEL, 'utf8')}\ndisplay:\n  seat: "seat == 0 ? 'North' : 'South'"\n`);
    const { code, out } = await run(['simulate', named, '--games', '20', '--sweep', 'edge=0..1:1']);
    expect(code).toBe(0);
    expect(out).toMatch(/edge\s+North win % \[95%\]\s+South win % \[95%\]/);
    const json = await run(['simulate', named, '--games', '20', '--sweep', 'edge=0..1:1', '--json']);
    expect(
      (JSON.parse(json.out) as { sweep: { points: { sides: { label: string }[] }[] } }).sweep.points[0]?.sides.map((x) => x.label),
    ).toEqual(['North', 'South']);
  }, 300_000);
});
