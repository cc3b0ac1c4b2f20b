/**
 * The spec's `metrics:` compiled once: what the balance report measures in every game besides who
 * won. `value` (a number, or a bool counted as 1 or 0) and `when` see the game state and two more
 * names: `winners`, the seats that won ([] when nobody did or the game was stopped), and
 * `finished`, whether the game reached its end.
 */
import { checkExpr, report, typeOf, type CompiledExpr, type ExprChecker } from '../check/exprs.ts';
import { BOOL, formatType, NUMBER, typeEquals } from '../lang/index.ts';
import type { GameSpec, MetricSpec } from '../spec/types.ts';

export interface CompiledMetric {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly value: CompiledExpr;
  readonly when?: CompiledExpr;
  readonly per: NonNullable<MetricSpec['per']>;
  readonly combine: NonNullable<MetricSpec['combine']>;
  readonly format: NonNullable<MetricSpec['format']>;
  readonly digits: number;
  readonly unit: string;
  readonly rules: readonly string[];
}

/** The names a metric sees besides the game state. */
export const METRIC_LOCALS = { winners: typeOf('list<number>'), finished: typeOf('bool') } as const;

export const compileMetrics = (checker: ExprChecker, spec: GameSpec): Record<string, CompiledMetric> => {
  const out: Record<string, CompiledMetric> = {};
  for (const [name, m] of Object.entries(spec.metrics ?? {})) {
    const path = ['metrics', name];
    const value = checkExpr(checker, m.value, [...path, 'value'], METRIC_LOCALS);
    if (value && !typeEquals(value.type, NUMBER) && !typeEquals(value.type, BOOL)) {
      report(checker, 'type-mismatch', [...path, 'value'], `a metric's value must be a number or a bool, found ${formatType(value.type)}`);
      continue;
    }
    const when = m.when === undefined ? undefined : checkExpr(checker, m.when, [...path, 'when'], METRIC_LOCALS, BOOL);
    if (m.combine !== undefined && m.per !== 'turn') {
      report(checker, 'invalid-rule', [...path, 'combine'], `'combine' makes one number of a metric's turn values: it needs 'per: turn'`);
    }
    if (!value || (m.when !== undefined && !when)) continue;
    const format = m.format ?? 'number';
    out[name] = {
      name,
      title: m.title,
      description: m.description ?? '',
      value,
      ...(when ? { when } : {}),
      per: m.per ?? 'game',
      combine: m.combine ?? 'mean',
      format,
      digits: m.digits ?? (format === 'percent' ? 1 : 2),
      unit: m.unit ?? '',
      rules: m.rules ?? [],
    };
  }
  return out;
};
