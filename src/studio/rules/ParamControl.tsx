/** A form control for one param, from its declared type and range. */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { Json } from '../../engine/types.ts';
import { offStep } from '../../spec/params.ts';
import type { ParamSpec } from '../../spec/types.ts';
import { t, useT } from '../i18n/index.ts';
import { Cited } from './Cited.tsx';

interface Props {
  name: string;
  spec: ParamSpec;
  value: Json | undefined;
  overridden: boolean;
  onChange: (value: Json) => void;
  onReset: () => void;
}

/**
 * Why a typed value cannot be used for a number param: not a number, outside min/max, or off the
 * step grid (counted from min, or from 0 without one). Null when it can.
 */
export const numberProblem = (spec: Extract<ParamSpec, { type: 'number' }>, text: string): string | null => {
  const n = Number(text);
  if (text.trim() === '' || !Number.isFinite(n)) return t('param.enterNumber');
  if (spec.min !== undefined && n < spec.min) return t('param.atLeast', { min: spec.min });
  if (spec.max !== undefined && n > spec.max) return t('param.atMost', { max: spec.max });
  const around = offStep(spec, n);
  if (around)
    return t(spec.min !== undefined ? 'param.stepsFrom' : 'param.steps', {
      step: spec.step ?? 1,
      min: spec.min ?? 0,
      a: around[0],
      b: around[1],
    });
  return null;
};

const NumberInput = ({
  name,
  spec,
  value,
  onChange,
}: {
  name: string;
  spec: Extract<ParamSpec, { type: 'number' }>;
  value: number;
  onChange: (v: number) => void;
}) => {
  // Typing "1" on the way to "1500" must not restart the game with 1: a typed value applies after
  // a pause, on Enter or on leaving the field — and only when the spec allows it.
  const t = useT();
  const [draft, setDraft] = useState(String(value));
  const [problem, setProblem] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    setDraft(String(value));
    setProblem(null);
  }, [value]);
  useEffect(() => () => clearTimeout(timer.current), []);
  const commit = (text: string): void => {
    clearTimeout(timer.current);
    const why = numberProblem(spec, text);
    setProblem(why);
    if (why === null && Number(text) !== value) onChange(Number(text));
  };
  const messageId = `param-${name}-problem`;
  return (
    <>
      <input
        type="number"
        data-testid={`param-${name}`}
        value={draft}
        min={spec.min}
        max={spec.max}
        step={spec.step ?? 1}
        aria-invalid={problem !== null}
        aria-describedby={problem !== null ? messageId : undefined}
        onChange={(e) => {
          const text = e.target.value;
          setDraft(text);
          setProblem(numberProblem(spec, text));
          clearTimeout(timer.current);
          timer.current = setTimeout(() => commit(text), 600);
        }}
        onBlur={(e) => commit(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit(e.currentTarget.value);
          if (e.key === 'Escape') {
            setDraft(String(value));
            setProblem(null);
          }
        }}
      />
      {problem !== null && (
        <span className="param-problem" id={messageId} role="alert" data-testid={`param-${name}-problem`}>
          {problem} {t('param.notApplied', { value })}
        </span>
      )}
    </>
  );
};

export const ParamControl = ({ name, spec, value, overridden, onChange, onReset }: Props) => {
  const t = useT();
  let control: ReactNode;
  if (spec.type === 'bool') {
    control = <input type="checkbox" data-testid={`param-${name}`} checked={value === true} onChange={(e) => onChange(e.target.checked)} />;
  } else if (spec.type === 'choice') {
    control = (
      <select
        data-testid={`param-${name}`}
        value={typeof value === 'string' ? value : spec.default}
        onChange={(e) => onChange(e.target.value)}
      >
        {spec.choices.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </select>
    );
  } else {
    control = <NumberInput name={name} spec={spec} value={typeof value === 'number' ? value : spec.default} onChange={onChange} />;
  }
  const range =
    spec.type === 'number' && (spec.min !== undefined || spec.max !== undefined) ? ` (${spec.min ?? '…'}–${spec.max ?? '…'})` : '';
  return (
    <div
      className={`param ${overridden ? 'overridden' : ''}`}
      title={`${spec.description}${range}${spec.rules?.length ? `\n${t('param.rules', { rules: spec.rules.join(', ') })}` : ''}`}
    >
      <label className="param-label">
        <span className="param-name">{spec.title ?? name}</span>
        {control}
      </label>
      {spec.rules && spec.rules.length > 0 && (
        <span className="param-rules">
          <Cited text={spec.rules.join(' ')} />
        </span>
      )}
      {overridden && (
        <button
          type="button"
          className="btn ghost tiny"
          onClick={onReset}
          title={t('param.reset', { value: JSON.stringify(spec.default) })}
          aria-label={t('param.reset', { value: JSON.stringify(spec.default) })}
        >
          ↺
        </button>
      )}
    </div>
  );
};
