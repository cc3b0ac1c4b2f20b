/** Variables as compact name/value chips: game counters, a player's, a team's. */
import type { Json } from '../../engine/types.ts';

const format = (v: Json, grouped = true): string => {
  if (typeof v === 'number') return Number.isInteger(v) ? (grouped ? v.toLocaleString('en-US') : String(v)) : v.toFixed(2);
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (typeof v === 'string') return v;
  // Inside a list, "1,400" would read as two numbers: no digit grouping there.
  if (Array.isArray(v)) return `[${v.map((x) => format(x as Json, false)).join(', ')}]`;
  return JSON.stringify(v);
};

export const Counters = ({ vars, descriptions }: { vars: Readonly<Record<string, Json>>; descriptions?: Readonly<Record<string, string | undefined>> }) => {
  const entries = Object.entries(vars);
  if (entries.length === 0) return null;
  return (
    <dl className="counters">
      {entries.map(([name, value]) => (
        <div key={name} className={`counter counter-${Array.isArray(value) ? 'list' : typeof value}`} title={descriptions?.[name] ?? name} data-var={name}>
          <dt>{name}</dt>
          <dd>{format(value)}</dd>
        </div>
      ))}
    </dl>
  );
};
