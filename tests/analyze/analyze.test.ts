/**
 * The exact turn analysis against hand computations on small specs of its own: one die, two
 * dice, Pig's push-your-luck turn (Neller & Presser: holding at 20 is worth 8.14), and its
 * refusals where an exact answer cannot be had.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileGame, type CompiledGame } from '../../src/compile/index.ts';
import { analyze } from '../../src/analyze/index.ts';
import { rollOutcomes, dieFaces } from '../../src/analyze/outcomes.ts';
import { compile } from '../helpers/games.ts';

const fixture = (name: string, params: Record<string, number> = {}): CompiledGame => {
  const file = join(import.meta.dirname, 'fixtures', `${name}.yaml`);
  const { game, diagnostics } = compileGame({ base: { file, text: readFileSync(file, 'utf8') }, params });
  if (!game) throw new Error(diagnostics.map((d) => d.message).join('\n'));
  return game;
};

const solved = (game: CompiledGame, objective = 'players[0].score', epsilon?: number) => {
  const result = analyze(game, { objective, ...(epsilon ? { epsilon } : {}) });
  if (!result.ok) throw new Error(result.error);
  return result.analysis;
};

/** Pig's value by an independent recursion: V(t) = max(t, 1/6 × Σ_{f=2..6} V(t + f)); a total of 100 or more is always held. */
const pigMemo = new Map<number, number>();
const v = (t: number): number => {
  if (t >= 100) return t;
  const known = pigMemo.get(t);
  if (known !== undefined) return known;
  let roll = 0;
  for (let f = 2; f <= 6; f++) roll += v(t + f) / 6;
  const value = Math.max(t, roll);
  pigMemo.set(t, value);
  return value;
};

describe('dice outcomes as multisets', () => {
  it('k six-sided dice have C(k+5, 5) outcomes whose multinomial probabilities sum to 1', () => {
    const d6 = new Map([['d6', dieFaces([1, 2, 3, 4, 5, 6])]]);
    for (const [k, count] of [
      [1, 6],
      [2, 21],
      [3, 56],
      [5, 252],
    ] as const) {
      const outcomes = rollOutcomes(new Array<string>(k).fill('d6'), d6);
      expect(outcomes).toHaveLength(count);
      expect(outcomes.reduce((s, o) => s + o.probability, 0)).toBeCloseTo(1, 12);
    }
    const two = rollOutcomes(['d6', 'd6'], d6);
    expect(two.find((o) => o.faces.join() === '1,1')?.probability).toBeCloseTo(1 / 36, 12);
    expect(two.find((o) => o.faces.join() === '1,2')?.probability).toBeCloseTo(2 / 36, 12);
    const full = rollOutcomes(new Array<string>(5).fill('d6'), d6);
    expect(full.find((o) => o.faces.join() === '1,2,3,4,5')?.probability).toBeCloseTo(120 / 7776, 12);
  });

  it('a die listing a face twice shows it twice as often; dice of two kinds multiply', () => {
    const dice = new Map([
      ['coin', dieFaces(['heads', 'tails'])],
      ['loaded', dieFaces([1, 1, 2])],
    ]);
    const outcomes = rollOutcomes(['coin', 'loaded'], dice);
    expect(outcomes).toHaveLength(4);
    expect(outcomes.find((o) => o.faces.join() === 'heads,1')?.probability).toBeCloseTo(1 / 3, 12);
    expect(outcomes.find((o) => o.faces.join() === 'tails,2')?.probability).toBeCloseTo(1 / 6, 12);
  });
});

describe('analyze: hand computations', () => {
  it('one die, one reroll: reroll 1-3, expected 4.25', () => {
    const a = solved(fixture('reroll-one'));
    expect(a.expected).toBeCloseTo(4.25, 12);
    expect(a.errorBound).toBe(0);
    expect(a.columns).toEqual(['pool shows']);
    const best = Object.fromEntries(a.policy.map((r) => [r.state['pool shows'], r.best]));
    expect(best).toEqual({ 1: 'Roll again', 2: 'Roll again', 3: 'Roll again', 4: 'Keep it', 5: 'Keep it', 6: 'Keep it' });
    const three = a.policy.find((r) => r.state['pool shows'] === '3');
    expect(three?.alternatives).toEqual([
      { move: 'Roll again', value: expect.closeTo(3.5, 12) },
      { move: 'Keep it', value: expect.closeTo(3, 12) },
    ]);
    expect(three?.reach).toBeCloseTo(1 / 6, 12);
  });

  it('two dice, one reroll: reroll a sum below 7, expected 287/36; rolls are multisets', () => {
    const a = solved(fixture('reroll-two'));
    expect(a.expected).toBeCloseTo(287 / 36, 12);
    const row = (faces: string) => a.policy.find((r) => r.state['pool shows'] === faces);
    expect(row('2 4')?.best).toBe('Roll again');
    expect(row('3 5')?.best).toBe('Keep them');
    expect(row('1 2')?.reach).toBeCloseTo(2 / 36, 12);
    expect(row('6 6')?.reach).toBeCloseTo(1 / 36, 12);
  });

  it("Pig's turn: roll below 20, hold above; worth 8.14 (Neller & Presser) and the value of an independent recursion", () => {
    const a = solved(fixture('pig'), 'players[0].score', 1e-12);
    expect(a.expected.toFixed(2)).toBe('8.14');
    expect(Math.abs(a.expected - v(0))).toBeLessThanOrEqual(a.errorBound + 1e-9);
    expect(Math.abs(a.expected - v(0))).toBeLessThan(1e-6);
    const best = new Map(a.policy.map((r) => [r.state.turnPoints, r.best]));
    for (let t = 2; t < 20; t++) if (best.has(t)) expect(best.get(t)).toBe('Roll');
    for (let t = 21; t < 27; t++) if (best.has(t)) expect(best.get(t)).toBe('Hold');
  });

  it('the error bound is carried as lower and upper bounds: tight where the cuts cannot change the answer, and sound', () => {
    // Pig's cuts all lie where rolling on is worse than holding whatever a cut is worth (up to the
    // largest total seen): the bound is 0, where the cut probability times the objective's spread
    // said 1.7 (2.0% of play reaching a cut under the worst choices, totals 0 to 84).
    const fine = solved(fixture('pig'), 'players[0].score', 1e-11);
    expect(fine.cutProbability).toBeGreaterThan(0.01);
    expect(fine.errorBound).toBeLessThan(1e-9);
    // Cut sooner, the answer is off, and the bound still holds it, without being the old spread.
    for (const epsilon of [1e-4, 1e-5, 1e-6, 1e-8]) {
      const a = solved(fixture('pig'), 'players[0].score', epsilon);
      const error = Math.abs(a.expected - v(0));
      expect(error, `epsilon ${epsilon}`).toBeLessThanOrEqual(a.errorBound + 1e-12);
      expect(a.errorBound, `epsilon ${epsilon}`).toBeLessThan(Math.max(2 * error, 1e-9));
    }
  });

  it('a state met again on its own path (a cycle) is solved by value iteration, within a sound bound', () => {
    // Flipping until heads is worth 1 (V = 1/2 + V/2); the depth-first search alone, valuing
    // tails' return by what it knew so far, said 0.5 ± 0.5.
    const a = solved(fixture('flip'));
    expect(Math.abs(a.expected - 1)).toBeLessThanOrEqual(a.errorBound + 1e-12);
    expect(a.expected).toBeCloseTo(1, 9);
    expect(a.errorBound).toBeLessThan(1e-9);
    expect(a.sweeps).toBeGreaterThan(2);
    expect(a.policy[0]?.best).toBe('Flip');
    expect(a.policy[0]?.alternatives.map((x) => [x.move, Number(x.value.toFixed(9))])).toEqual([
      ['Flip', 1],
      ['Stop', 0],
    ]);
    // The turn comes back to the decision once on average: reached twice, as expected visits.
    expect(a.policy[0]?.reach).toBeCloseTo(2, 9);
  });

  it('a cycle with a decision: roll on while its value (1/3) beats stopping, else stop', () => {
    const rollOn = solved(fixture('flip-or-stop', { stop: 0.25 }));
    expect(rollOn.expected).toBeCloseTo(1 / 3, 9);
    expect(Math.abs(rollOn.expected - 1 / 3)).toBeLessThanOrEqual(rollOn.errorBound + 1e-12);
    expect(rollOn.policy[0]?.best).toBe('Roll');
    expect(rollOn.policy[0]?.alternatives.find((x) => x.move === 'Stop')?.value).toBeCloseTo(0.25, 12);
    const stop = solved(fixture('flip-or-stop', { stop: 0.5 }));
    expect(stop.expected).toBeCloseTo(0.5, 9);
    expect(stop.policy[0]?.best).toBe('Stop');
    // One roll, then stop if it comes back: 1/2 - 1/4 + 1/4 × 0.5.
    expect(stop.policy[0]?.alternatives.find((x) => x.move === 'Roll')?.value).toBeCloseTo(0.375, 9);
    expect(stop.policy[0]?.reach).toBe(1);
  });

  it('the objective sees the analysed seat as `seat`', () => {
    expect(solved(fixture('reroll-one'), 'players[seat].score + 1').expected).toBeCloseTo(5.25, 12);
  });
});

describe('analyze: refusals', () => {
  it('refuses hidden information, naming the zones', () => {
    const result = analyze(compile('regicide'), { objective: '0' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(/hidden information \(zones '.*'/);
  });

  it('refuses an objective that is not a number, with its column', () => {
    const bad = analyze(fixture('pig'), { objective: 'game.turnPoints > 3' });
    expect(bad).toEqual({ ok: false, error: expect.stringMatching(/^objective:1:1: expected number/) });
    const unknown = analyze(fixture('pig'), { objective: 'players[0].scor' });
    expect(unknown.ok).toBe(false);
  });

  it('says how many states it reached when there are too many', () => {
    const result = analyze(fixture('pig'), { objective: 'players[0].score', maxStates: 10 });
    expect(result).toEqual({ ok: false, error: expect.stringMatching(/more than 10 states/) });
  });

  it('stops at its work budget with a message', () => {
    const result = analyze(fixture('pig'), { objective: 'players[0].score', maxSteps: 50 });
    expect(result).toEqual({ ok: false, error: expect.stringMatching(/more than 50 moves \(its work budget\)/) });
  });

  it('refuses a cycle whose values do not settle within the sweeps allowed, saying how far they were', () => {
    const result = analyze(fixture('flip'), { objective: 'players[0].score', maxSweeps: 5 });
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.error).toMatch(/^the values of the turn's 1 state still changed by [\d.e-]+ after 5 sweeps \(the limit\)/);
  });
});
