/**
 * The analysis of 10,000's first turn (T-B1, T-B3, T-B5, T-B7, T-B8, T-B9) agrees with an
 * independent solution written from the rules text (tenThousandTurn.ts): same expected bank
 * within the analysis's own error bound, and the same banking policy. Also T-B9's entry 800 and
 * 1000 as params.
 */
import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/analyze/index.ts';
import { analyzeLiveness } from '../../src/analyze/liveness.ts';
import { policyRules } from '../../src/analyze/table.ts';
import { compile } from '../helpers/games.ts';
import { readRoll, solveFirstTurn } from './tenThousandTurn.ts';

describe('10,000: the first turn, exactly', () => {
  it('T-B5 the independent reading of a roll matches the worked examples', () => {
    expect(readRoll([1, 1, 4, 4, 3])).toEqual([200, 2]);
    expect(readRoll([6, 6, 6, 4, 2])).toEqual([600, 3]);
    expect(readRoll([1, 2, 3, 4, 5])).toEqual([1500, 5]);
    expect(readRoll([1, 1, 1, 1, 5])).toEqual([2050, 5]);
    expect(readRoll([2, 3, 4, 6, 6])).toEqual([0, 0]);
  });

  it('the last roll and the faces left on the table are dead where the player decides', () => {
    const dead = analyzeLiveness(compile('ten-thousand').spec, 'level(0)').deadAt('decide');
    expect([...dead]).toEqual(expect.arrayContaining(['game.lastRoll', 'game.kept', 'faces:pool']));
    expect(dead.has('game.turnPoints')).toBe(false);
    expect(dead.has('player.levels')).toBe(false);
  });

  for (const entry of [500, 800, 1000]) {
    it(`T-B9 entry ${entry}: the expected first bank and the policy agree with the independent solution`, () => {
      const exact = solveFirstTurn({ entry, target: 10000, dice: 5 });
      const result = analyze(compile('ten-thousand', [], { entry }), { objective: 'level(0)', epsilon: 1e-10 });
      if (!result.ok) throw new Error(result.error);
      const a = result.analysis;
      expect(Math.abs(a.expected - exact.expected)).toBeLessThanOrEqual(a.errorBound + 1e-9);
      // Lower and upper bounds solved over the explored graph: about 0.0045 at this epsilon (the cut
      // probability times the spread of the objective says 0.047).
      expect(a.errorBound).toBeLessThan(0.05);
      expect(a.expected).toBeCloseTo(exact.expected, 0);
      // Every decision listed banks exactly where the independent solution does.
      for (const row of a.policy) {
        const points = row.state.turnPoints as number;
        const free = row.state['in pool'] as number;
        const banks = exact.bankFrom.get(free)?.includes(points) ?? false;
        expect(row.best, `${points} points, ${free} dice`).toBe(banks ? 'Bank' : 'Roll');
      }
      expect(a.policy.length).toBeGreaterThan(3);
      // Read through the display: "Turn points" and "Dice to roll", not turnPoints and "in pool".
      expect(a.labels).toEqual(a.columns.map((c) => ({ turnPoints: 'Turn points', 'in pool': 'Dice to roll' })[c]));
      const rules = policyRules({ columns: a.columns, labels: a.labels, rows: a.policy }).join('\n');
      expect(rules).toContain(`with Dice to roll 4: Bank at Turn points ${entry}–`);
      expect(rules).not.toMatch(/turnPoints|in pool/);
    }, 600_000);
  }
});
