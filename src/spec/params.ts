/**
 * A param value against its declaration (type, range, choices), and a declaration against itself
 * (min ≤ max, the default a value it allows). `--param`, a variant's `params:` and a patch of a
 * param's range or default are all held to the same rules.
 */
import type { Problem } from './diagnostics.ts';
import type { ParamSpec } from './types.ts';

type Value = null | boolean | number | string | readonly Value[] | { readonly [key: string]: Value };

/**
 * A number param's step makes a grid of the values it allows, counted from its min (or from 0
 * without one): the two grid values around `n` when it is off the grid, else undefined. The
 * studio's control, `--param` and a variant refuse the same values.
 */
export const offStep = (p: Extract<ParamSpec, { type: 'number' }>, n: number): readonly [number, number] | undefined => {
  const { step } = p;
  if (step === undefined || !(step > 0)) return undefined;
  const from = p.min ?? 0;
  const k = (n - from) / step;
  if (Math.abs(k - Math.round(k)) <= 1e-9) return undefined;
  const at = (i: number): number => Number((from + i * step).toPrecision(12));
  return [at(Math.floor(k)), at(Math.ceil(k))];
};

export const paramProblem = (p: ParamSpec, value: Value): string | undefined => {
  if (p.type === 'number') {
    // JSON has no Infinity: 1e400 read from a --param would print as null.
    if (typeof value === 'number' && !Number.isFinite(value)) return `expected a finite number, got ${value}`;
    if (typeof value !== 'number') return `expected a number, got ${JSON.stringify(value)}`;
    if (p.min !== undefined && value < p.min) return `${value} is below the minimum ${p.min}`;
    if (p.max !== undefined && value > p.max) return `${value} is above the maximum ${p.max}`;
    const around = offStep(p, value);
    if (around)
      return `${value} is not a value of its steps of ${p.step} from ${p.min ?? 0} (the nearest are ${around[0]} and ${around[1]})`;
    return undefined;
  }
  if (p.type === 'bool') return typeof value === 'boolean' ? undefined : `expected true or false, got ${JSON.stringify(value)}`;
  return typeof value === 'string' && p.choices.includes(value)
    ? undefined
    : `expected one of ${p.choices.join(', ')}, got ${JSON.stringify(value)}`;
};

/** Every declared param whose range is empty or whose default its own declaration refuses. */
export const paramDeclarationProblems = (params: Readonly<Record<string, ParamSpec>>): Problem[] =>
  Object.entries(params).flatMap(([name, p]): Problem[] => {
    if (p.type === 'number' && p.min !== undefined && p.max !== undefined && p.min > p.max) {
      return [
        {
          code: 'bad-value',
          path: ['params', name, 'min'],
          message: `param '${name}': the minimum ${p.min} is above the maximum ${p.max}`,
        },
      ];
    }
    const problem = paramProblem(p, p.default);
    return problem ? [{ code: 'bad-value', path: ['params', name, 'default'], message: `param '${name}': the default ${problem}` }] : [];
  });
