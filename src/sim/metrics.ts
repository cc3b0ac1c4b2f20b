/**
 * The spec's metrics measured over one game: a `per: game` metric once on the final state, a
 * `per: turn` metric at the end of every turn and on the final state, its values combined into
 * one number. A metric that fails at run time gives no value in that game and keeps its located
 * message, so the report can say why instead of averaging fewer games silently.
 */
import type { CompiledGame, CompiledMetric } from '../compile/index.ts';
import { Meter } from '../lang/index.ts';
import { envOf } from '../runtime/env.ts';
import { SpecRuntimeError } from '../errors.ts';
import { describeRuntimeError, isOver, type GameState } from '../engine/index.ts';
import { mean } from './stats.ts';

export interface GameMetrics {
  /** Each metric's number for the game; null when it does not count (its `when`) or failed. */
  readonly values: Readonly<Record<string, number | null>>;
  /** The run-time error of each metric that failed, located in the spec. */
  readonly errors: Readonly<Record<string, string>>;
}

export interface MetricTracker {
  /** A turn has ended: `state` is the position the next turn starts from. */
  turnEnded(state: GameState): void;
  /** The game is over (or stopped): the metrics' numbers. */
  finish(state: GameState): GameMetrics;
}

const combineValues = (how: CompiledMetric['combine'], values: readonly number[]): number | null => {
  if (values.length === 0) return null;
  switch (how) {
    case 'sum':
      return values.reduce((a, b) => a + b, 0);
    case 'min':
      return Math.min(...values);
    case 'max':
      return Math.max(...values);
    case 'last':
      return values[values.length - 1] as number;
    case 'mean':
      return mean(values);
  }
};

/** A percent is a share, from 0 to 1 (docs/LANGUAGE.md "Metrics"): outside, the metric fails where it is written. */
const outOfRange = (m: CompiledMetric, n: number, what: string): SpecRuntimeError | undefined =>
  m.format === 'percent' && (n < 0 || n > 1)
    ? new SpecRuntimeError(`the metric '${m.name}' is a percent, a share from 0 to 1, but ${what} ${n}`, m.value.path)
    : undefined;

/**
 * The tracker of one game: a class, not closures made for each game (docs/ARCHITECTURE.md: hot
 * code makes no closure bound to a name).
 */
class Tracker implements MetricTracker {
  private readonly metrics: readonly CompiledMetric[];
  private readonly turnValues: Map<string, number[]>;
  private readonly errors: Record<string, string> = {};

  constructor(private readonly game: CompiledGame) {
    this.metrics = Object.values(game.metrics);
    this.turnValues = new Map(this.metrics.filter((m) => m.per === 'turn').map((m) => [m.name, []]));
  }

  turnEnded(state: GameState): void {
    for (const [name, values] of this.turnValues) {
      const v = this.measure(this.game.metrics[name] as CompiledMetric, state);
      if (v !== undefined) values.push(v);
    }
  }

  finish(state: GameState): GameMetrics {
    const values: Record<string, number | null> = {};
    for (const m of this.metrics) {
      const v = this.measure(m, state);
      const turns = this.turnValues.get(m.name);
      if (turns && v !== undefined) turns.push(v);
      values[m.name] = this.errors[m.name] !== undefined ? null : turns ? this.combined(m, turns) : (v ?? null);
    }
    return { values, errors: this.errors };
  }

  /** The turns' values combined; a percent that the combining took past 100% fails in that game. */
  private combined(m: CompiledMetric, turns: readonly number[]): number | null {
    const n = combineValues(m.combine, turns);
    const problem = n === null ? undefined : outOfRange(m, n, `its turns combine (${m.combine}) to`);
    if (!problem) return n;
    this.errors[m.name] = describeRuntimeError(this.game, problem);
    return null;
  }

  /** The metric's value in `state`, or undefined when it does not count there or fails. */
  private measure(m: CompiledMetric, state: GameState): number | undefined {
    if (this.errors[m.name] !== undefined) return undefined;
    const finished = isOver(state);
    const env = envOf(state.context, { winners: finished ? (state.context.result?.winners ?? []) : [], finished });
    const meter = new Meter();
    try {
      if (m.when && m.when.run(env, meter) !== true) return undefined;
      const v = m.value.run(env, meter);
      const n = typeof v === 'boolean' ? (v ? 1 : 0) : (v as number);
      if (!Number.isFinite(n)) throw new SpecRuntimeError(`the metric '${m.name}' gave ${String(n)}, not a number`, m.value.path);
      const problem = outOfRange(m, n, 'gave');
      if (problem) throw problem;
      return n;
    } catch (error) {
      this.errors[m.name] = describeRuntimeError(this.game, error);
      return undefined;
    }
  }
}

export const trackMetrics = (game: CompiledGame): MetricTracker => new Tracker(game);
