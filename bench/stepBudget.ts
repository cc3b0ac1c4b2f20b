/**
 * The cost of the expression step budget (issue 16): every call of a function handed to a builtin,
 * every definition call and every list item walked by a builtin or `in` counts a step against
 * `LIMITS.exprSteps` (src/lang/codegen.ts `work`). The language has no switch to evaluate without
 * that check, and adding one would put a branch on the very path being measured, so the cost is
 * measured in two parts within the same run: a fixed expression workload as compiled (its steps
 * read from its meter), and the counter alone, a copy of `work`'s body called as many times as
 * the workload takes steps, less the same calls of a no-op. Their ratio is the share of the
 * workload's time the counter takes; `slowdown` is the workload against an estimate of it without.
 */
import { Meter, compileExpr, createLibrary } from '../src/lang/index.ts';
import { LIMITS } from '../src/limits.ts';
import { measure } from './measure.ts';

export interface StepBudgetFigure {
  readonly expression: string;
  /** Steps one evaluation counts. */
  readonly steps: number;
  /** Milliseconds per evaluation of the workload, as compiled (with the check). */
  readonly workloadMs: number;
  /** Nanoseconds the counter takes per step. */
  readonly stepNs: number;
  /** The counter's time over the workload's time: the share of the workload the budget costs. */
  readonly share: number;
  /** The workload's time over the same less the counter's. */
  readonly slowdown: number;
}

/**
 * A recursive definition: every call is one step and one call of the counter, and nothing else
 * counts (builtins count the items they walk in one call), so the counter's calls are its steps.
 */
const DEFINITION = {
  name: 'fib',
  params: [{ name: 'n', type: 'number' }],
  returns: 'number',
  body: 'if n < 2 then n else fib(n - 1) + fib(n - 2)',
};
const EXPRESSION = 'fib(20)';
/** Evaluations per timed run: enough that the counter's run lasts several milliseconds. */
const REPEAT = 40;

// The counter as codegen.ts has it: a field of the run's meter, handed to it, compared with the limit.
const counted = (meter: Meter, _origin: unknown, _span: unknown, steps: number, _what: string): void => {
  meter.steps += steps;
  if (meter.steps > LIMITS.exprSteps) throw new Error('over the budget');
};
// Takes the same arguments and does nothing: the loop and the call are what the counter is measured against.
const noop = (_meter: Meter, _origin: unknown, _span: unknown, _steps: number, _what: string): void => {};

export const measureStepBudget = (rounds: number): StepBudgetFigure => {
  const { library } = createLibrary([], [DEFINITION], {});
  const expr = compileExpr(EXPRESSION, {}, library);
  if (!expr.ok) throw new Error(`the step-budget workload does not compile: ${JSON.stringify(expr)}`);
  const meter = new Meter();
  expr.run({}, meter);
  const steps = meter.spent();
  if (steps === 0 || steps > LIMITS.exprSteps) throw new Error(`the step-budget workload takes ${steps} steps`);
  const origin = {};
  const span = {};
  const workload = measure(
    'step budget workload',
    () => {
      for (let r = 0; r < REPEAT; r++) expr.run({}, meter);
    },
    rounds,
  );
  // Two loops written out, not one taking the function, so that neither call site sees the other's
  // target; each evaluation starts from a fresh meter, as `makeRunner` does for an outermost run.
  const withCounter = measure(
    'step counter',
    () => {
      for (let r = 0; r < REPEAT; r++) {
        meter.steps = 0;
        for (let i = 0; i < steps; i++) counted(meter, origin, span, 1, 'this function');
      }
      return meter.steps;
    },
    rounds,
  );
  const without = measure(
    'no-op counter',
    () => {
      for (let r = 0; r < REPEAT; r++) {
        meter.steps = 0;
        for (let i = 0; i < steps; i++) noop(meter, origin, span, 1, 'this function');
      }
      return meter.steps;
    },
    rounds,
  );
  const counterMs = Math.max(0, withCounter.ms - without.ms);
  const round = (x: number, digits: number): number => Math.round(x * 10 ** digits) / 10 ** digits;
  return {
    expression: EXPRESSION,
    steps,
    workloadMs: round(workload.ms / REPEAT, 3),
    stepNs: round((counterMs * 1e6) / (REPEAT * steps), 2),
    share: round(counterMs / workload.ms, 4),
    slowdown: round(workload.ms / Math.max(workload.ms - counterMs, Number.EPSILON), 3),
  };
};
