/**
 * The runtime functions generated code may call, as `H.name`: the only names it reaches besides
 * its constants (`K[n]`), its parameters and its own temporaries. Each is the interpreter's own
 * function (codegen.ts), so both tiers count work and word their errors alike. The allow-list
 * (allowList.ts) takes its names from this object.
 */
import {
  badIndex,
  built,
  callDefinition,
  callHost,
  divide,
  finite,
  listed,
  modulo,
  noField,
  noValue,
  work,
  type Origin,
} from '../codegen.ts';
import type { Builtin, BuiltinArg, CallContext } from '../builtins.ts';
import type { Span } from '../errors.ts';
import type { DefinitionEntry, Env, HostFunction } from '../library.ts';
import type { Meter } from '../meter.ts';
import { compareOrdered, makeRecord, toText, type Equality, type Value } from '../values.ts';

/**
 * Where a node of generated code came from, made by the emitter and handed over as a constant:
 * its text and span for errors, and the words (`what`) its messages use.
 */
export interface EmitSite {
  readonly origin: Origin;
  readonly span: Span;
  readonly what: string;
}

/** Whole steps charged at a site: one of the charges the text adds at once (emitJs.ts `charge`). */
export interface StepCharge {
  readonly site: EmitSite;
  readonly steps: number;
}

export const HELPERS = Object.freeze({
  work: (meter: Meter, site: EmitSite, steps: number): void => work(meter, site.origin, site.span, steps, site.what),
  /**
   * Charges added at once that passed the limit: taken back, then charged one by one as the
   * interpreter does, so the error is the one it throws, at the site it stops at, with the same
   * steps counted.
   */
  workIn: (meter: Meter, charges: readonly StepCharge[]): void => {
    for (const charge of charges) meter.steps -= charge.steps;
    for (const { site, steps } of charges) work(meter, site.origin, site.span, steps, site.what);
  },
  built: <T extends Value>(meter: Meter, site: EmitSite, value: T): T => built(meter, site.origin, site.span, value),
  finite: (site: EmitSite, value: number): number => finite(site.origin, site.span, value, site.what),
  divide: (site: EmitSite, a: number, b: number): number => divide(site.origin, site.span, a, b),
  modulo: (site: EmitSite, a: number, b: number): number => modulo(site.origin, site.span, a, b),
  noValue: (site: EmitSite): never => {
    throw noValue(site.origin, site.span, site.what);
  },
  noField: (site: EmitSite): never => {
    throw noField(site.origin, site.span, site.what);
  },
  badIndex: (site: EmitSite, xs: readonly Value[], i: number): never => {
    throw badIndex(site.origin, site.span, xs, i);
  },
  listed,
  apply: (impl: Builtin['impl'], args: BuiltinArg[], call: CallContext, meter: Meter): Value => impl(args, call, meter),
  equal: (eq: Equality, a: Value, b: Value): boolean => eq(a, b),
  text: toText,
  concat: (a: readonly Value[], b: readonly Value[]): Value[] => [...a, ...b],
  /** A list a loop fills (emitJs.ts `LOOPS`): the loop's own until it ends, then a value as any list. */
  sized: (n: number): Value[] => new Array<Value>(n),
  /** An item onto a list a loop is making. */
  push: (xs: Value[], x: Value): void => {
    xs.push(x);
  },
  /** The item at `i` of a list a loop is filling. */
  put: (xs: Value[], i: number, x: Value): void => {
    xs[i] = x;
  },
  compare: compareOrdered,
  includes: (xs: readonly Value[], x: Value): boolean => xs.includes(x),
  some: (eq: Equality, xs: readonly Value[], x: Value): boolean => xs.some((y) => eq(x, y)),
  record: makeRecord,
  host: (fn: HostFunction, site: EmitSite, values: Value[], env: Env, meter: Meter): Value =>
    callHost(site.origin, site.span, fn, values, env, meter),
  call: (definition: DefinitionEntry, site: EmitSite, locals: Value[], env: Env, meter: Meter): Value =>
    callDefinition(site.origin, site.span, definition, locals, env, meter, site.what),
});

export type Helpers = typeof HELPERS;

/** The names generated code may read off `H`. */
export const HELPER_NAMES: ReadonlySet<string> = new Set(Object.keys(HELPERS));
