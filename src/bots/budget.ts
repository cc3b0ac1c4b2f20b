/**
 * The work of one decision of a bot. Each expression it runs is bounded alone, and each move it
 * tries too, but a decision repeats them for every legal move (and, greedily, every sample): a
 * costly `score` or `evaluate` over 90,000 choices ran on for minutes. The calculation steps of
 * one decision are bounded by the limit of one move's.
 */
import { SpecLimitError } from '../errors.ts';
import { stepsSpent } from '../lang/index.ts';
import { LIMITS, formatLimit } from '../limits.ts';
import type { DocPath } from '../spec/diagnostics.ts';

/** A check to call after each piece of the decision's work; past the limit, an error at `path`. */
export const decisionBudget = (bot: string, moves: number): ((path: DocPath, what: string) => void) => {
  const stepsAt = stepsSpent();
  return (path, what) => {
    if (stepsSpent() - stepsAt > LIMITS.moveSteps) {
      throw new SpecLimitError(
        `bot '${bot}' took more than ${formatLimit(LIMITS.moveSteps)} calculation steps to choose one move (the limit of work for one decision): ${what} for each of the ${formatLimit(moves)} legal moves`,
        path,
      );
    }
  };
};
