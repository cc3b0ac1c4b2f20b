/**
 * Issue 35: the work of an evaluation is counted on the meter its caller hands it, not in module
 * state. A move, a listing and a bot's decision each own one (runtime/work.ts, runtime/args.ts,
 * bots/budget.ts); these tests hold the language's side: what a run charges, and to whom.
 */
import { describe, expect, it } from 'vitest';
import { ExprRuntimeError } from '../../src/errors.ts';
import { LIMITS } from '../../src/limits.ts';
import { Meter, NUMBER, compileExpr, createLibrary, type HostFunction, type Library, type Run } from '../../src/lang/index.ts';

const FIB = {
  name: 'fib',
  params: [{ name: 'n', type: 'number' }],
  returns: 'number',
  body: 'if n < 2 then n else fib(n - 1) + fib(n - 2)',
};

const compiled = (src: string, library: Library, scope = {}): Run => {
  const result = compileExpr(src, scope, library);
  if (!result.ok) throw new Error(result.errors.map((e) => e.message).join('; '));
  return result.run;
};

const fibOf = compiled('fib(n)', createLibrary([], [FIB], { n: NUMBER }).library, { n: NUMBER });

/** A library whose `inner(n)` runs `fib(n)` on the meter `meterOf` picks, given the caller's. */
const withInner = (meterOf: (callers: Meter) => Meter): Library =>
  createLibrary(
    [
      {
        name: 'inner',
        params: [NUMBER],
        result: NUMBER,
        description: 'fib(n), run by the host as a scoring table is by cover',
        impl: ([n], _env, meter) => fibOf({ n: n as number }, meterOf(meter)),
      } satisfies HostFunction,
    ],
    [FIB],
    {},
  ).library;

/** Steps of one `fib(n)`: one per call, 2·fib(n+1) − 1 calls. */
const stepsOfFib = (n: number): number => {
  const meter = new Meter();
  fibOf({ n }, meter);
  return meter.spent();
};

describe('the meter a run is handed', () => {
  it('counts the steps of every run on it, and of no run on another', () => {
    const steps = stepsOfFib(20);
    expect(steps).toBe(21891);
    const [mine, theirs] = [new Meter(), new Meter()];
    fibOf({ n: 20 }, mine);
    fibOf({ n: 20 }, theirs);
    fibOf({ n: 20 }, theirs);
    expect(mine.spent()).toBe(steps);
    expect(theirs.spent()).toBe(2 * steps);
    // A finished run leaves nothing under way: the next outermost run starts a budget of its own.
    expect(mine.runs).toBe(0);
    expect(mine.depth).toBe(0);
  });

  it("gives a run nested in another (a host function's, as cover's tables) the outer run's budget", () => {
    const half = stepsOfFib(27);
    expect(half).toBeLessThan(LIMITS.exprSteps);
    expect(2 * half).toBeGreaterThan(LIMITS.exprSteps);
    const shared = compiled(
      'inner(27) + inner(27)',
      withInner((callers) => callers),
      {},
    );
    const meter = new Meter();
    let error: unknown;
    try {
      shared({}, meter);
    } catch (e) {
      error = e;
    }
    // Each half is within the limit of one calculation; together, in one outermost run, they are not.
    expect(error).toBeInstanceOf(ExprRuntimeError);
    expect((error as ExprRuntimeError).code).toBe('work-limit');
    expect(meter.runs).toBe(0);
    expect(meter.depth).toBe(0);
  });

  it('leaves a meter alone when a run inside its run charges another (a caller with a budget of its own)', () => {
    const own = new Meter();
    const apart = compiled(
      'inner(20) + inner(20)',
      withInner(() => own),
      {},
    );
    const meter = new Meter();
    expect(apart({}, meter)).toBe(2 * 6765);
    expect(own.spent()).toBe(2 * stepsOfFib(20));
    expect(meter.spent()).toBeLessThan(10);
  });

  it('keeps no count between callers: the same expression on fresh meters charges each the same', () => {
    const steps = Array.from({ length: 3 }, () => stepsOfFib(15));
    expect(new Set(steps).size).toBe(1);
  });
});
