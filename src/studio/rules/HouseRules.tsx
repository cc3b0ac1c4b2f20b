/**
 * The house-rules panel: a switch per variant (disabled with the reason when it cannot be combined
 * with the current choice) and a control per param. Any change recompiles and restarts the game.
 */
import { memo, useState } from 'react';
import type { Json } from '../../engine/types.ts';
import type { ParamSpec } from '../../spec/types.ts';
import { ParamControl } from './ParamControl.tsx';
import { FoldHead } from '../app/FoldHead.tsx';
import { availability, toggleVariant, type VariantInfo } from './variantRules.ts';
import { useT } from '../i18n/index.ts';
import { Cited } from './Cited.tsx';

interface Props {
  variants: readonly VariantInfo[];
  enabled: readonly string[];
  onVariants: (ids: string[]) => void;
  params: Readonly<Record<string, ParamSpec>>;
  values: Readonly<Record<string, Json>>;
  overrides: Readonly<Record<string, Json>>;
  onParams: (overrides: Record<string, Json>) => void;
  /** Shows what the variants switched on change (the side-by-side comparison). */
  onCompare: () => void;
}

const HouseRulesInner = ({ variants, enabled, onVariants, params, values, overrides, onParams, onCompare }: Props) => {
  const t = useT();
  const [open, setOpen] = useState(true);
  const avail = availability(variants, enabled);
  const paramNames = Object.keys(params);
  const changed = enabled.length + Object.keys(overrides).length;
  // Overrides of params the spec no longer declares (renamed in the text, or a variant switched
  // off): listed so they can be dropped.
  const stale = Object.keys(overrides).filter((name) => !(name in params));
  return (
    <section className={`pane house-rules ${open ? 'open' : ''}`} aria-label={t('rules.title')}>
      <FoldHead title={t('rules.title')} open={open} onToggle={() => setOpen(!open)}>
        {t('rules.meta', { variants: variants.length, params: paramNames.length })}
        {changed > 0 ? ` · ${t('rules.changed', { count: changed })}` : ''}
      </FoldHead>
      {open && (
        <div className="house-rules-body">
          {variants.length > 0 && (
            <div className="variants">
              {variants.map((v) => {
                const a = avail.get(v.id);
                const on = enabled.includes(v.id);
                return (
                  <label
                    key={v.id}
                    className={`variant ${on ? 'on' : ''} ${a?.disabled ? 'disabled' : ''}`}
                    title={a?.disabled ? t('rules.unavailable', { reason: a.reason ?? '' }) : v.description}
                  >
                    <input
                      type="checkbox"
                      data-testid={`variant-${v.id}`}
                      checked={on}
                      disabled={a?.disabled === true}
                      onChange={(e) => onVariants(toggleVariant(variants, enabled, v.id, e.target.checked))}
                    />
                    <span className="variant-title">{v.title}</span>
                    {v.rules.length > 0 && (
                      <span className="variant-rules">
                        <Cited text={v.rules.join(' ')} />
                      </span>
                    )}
                    {a?.disabled && <span className="variant-why">{a.reason}</span>}
                  </label>
                );
              })}
              {enabled.length > 0 && (
                <button type="button" className="btn small" onClick={onCompare} data-testid="compare-open" title={t('rules.compareTitle')}>
                  {t('rules.compare')}
                </button>
              )}
            </div>
          )}
          {paramNames.length > 0 && (
            <div className="params">
              {paramNames.map((name) => {
                const spec = params[name];
                if (!spec) return null;
                return (
                  <ParamControl
                    key={name}
                    name={name}
                    spec={spec}
                    // The override shows at once; the compiled value follows after the recompile.
                    value={name in overrides ? overrides[name] : values[name]}
                    overridden={name in overrides}
                    onChange={(value) => onParams({ ...overrides, [name]: value })}
                    onReset={() => {
                      const { [name]: _dropped, ...rest } = overrides;
                      onParams(rest);
                    }}
                  />
                );
              })}
            </div>
          )}
          {stale.length > 0 && (
            <div className="stale-params">
              {stale.map((name) => (
                <button
                  key={name}
                  type="button"
                  className="btn ghost small"
                  title={t('rules.staleTitle')}
                  onClick={() => {
                    const { [name]: _dropped, ...rest } = overrides;
                    onParams(rest);
                  }}
                >
                  ✕ {name} = {JSON.stringify(overrides[name])} ({t('rules.notInSpec')})
                </button>
              ))}
            </div>
          )}
          {variants.length === 0 && paramNames.length === 0 && <p className="empty-note">{t('rules.none')}</p>}
        </div>
      )}
    </section>
  );
};

export const HouseRules = memo(HouseRulesInner);
