/**
 * The work of one decision of a bot. Each expression it runs is bounded alone, and each move it
 * tries too, but a decision repeats them for every legal move (and, greedily, every sample): a
 * costly `score` or `evaluate` over 90,000 choices ran on for minutes. The calculation steps of
 * one decision are bounded by the limit of one move's: its expressions, and the listings and
 * moves it tries, run on its `meter`.
 */
import { SpecLimitError } from '../errors.ts';
import { Meter } from '../lang/index.ts';
import { LIMITS, formatLimit } from '../limits.ts';
import type { DocPath } from '../spec/diagnostics.ts';

export interface DecisionBudget {
  /** What the decision's work is counted on. */
  readonly meter: Meter;
  /** A check to call after each piece of the decision's work; past the limit, an error at `path`. */
  readonly spent: (path: DocPath, what: string) => void;
}

/** `meter` is one the parts of a decision share (its considerations and preferences), counted from now; by default its own. */
export const decisionBudget = (bot: string, moves: number, meter: Meter = new Meter()): DecisionBudget => {
  const stepsAt = meter.spent();
  return {
    meter,
    spent: (path, what) => {
      if (meter.spent() - stepsAt > LIMITS.moveSteps) {
        throw new SpecLimitError(
          `bot '${bot}' took more than ${formatLimit(LIMITS.moveSteps)} calculation steps to choose one move (the limit of work for one decision): ${what} for each of the ${formatLimit(moves)} legal moves`,
          path,
        );
      }
    },
  };
};
