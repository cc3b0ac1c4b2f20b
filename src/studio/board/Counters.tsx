/**
 * Values as compact chips: `Shown` for what the spec's display shows players (label and text), and
 * `Counters` for the inspect view, where spec authors see the engine's variables by their names.
 */
import type { ShownValue } from '../../display/present.ts';
import type { Json } from '../../engine/types.ts';
import { t } from '../i18n/index.ts';

export const Shown = ({ values, score = false }: { values: readonly ShownValue[]; score?: boolean }) =>
  values.length === 0 ? null : (
    <dl className="counters shown">
      {values.map((v, i) => (
        <div key={v.name} className={`counter ${score && i === 0 ? 'score' : ''}`} data-shown={v.name}>
          <dt>{v.label}</dt>
          <dd>{v.text}</dd>
        </div>
      ))}
    </dl>
  );

const format = (v: Json, grouped = true): string => {
  if (typeof v === 'number') return Number.isInteger(v) ? (grouped ? v.toLocaleString('en-US') : String(v)) : v.toFixed(2);
  if (typeof v === 'boolean') return t(v ? 'common.yes' : 'common.no');
  if (typeof v === 'string') return v;
  // Inside a list, "1,400" would read as two numbers: no digit grouping there.
  if (Array.isArray(v)) return `[${v.map((x) => format(x as Json, false)).join(', ')}]`;
  return JSON.stringify(v);
};

export const Counters = ({
  vars,
  descriptions,
}: {
  vars: Readonly<Record<string, Json>>;
  descriptions?: Readonly<Record<string, string | undefined>>;
}) => {
  const entries = Object.entries(vars);
  if (entries.length === 0) return null;
  return (
    <dl className="counters inspect-vars">
      {entries.map(([name, value]) => (
        <div
          key={name}
          className={`counter counter-${Array.isArray(value) ? 'list' : typeof value}`}
          title={descriptions?.[name] ?? name}
          data-var={name}
        >
          <dt>{name}</dt>
          <dd>{format(value)}</dd>
        </div>
      ))}
    </dl>
  );
};
