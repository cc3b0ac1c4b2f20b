/**
 * The editor column: a tab per file (the base spec, then each variant, marked when switched on or
 * edited), Monaco, and the problems list. Monaco loads lazily behind a placeholder.
 */
import { lazy, Suspense } from 'react';
import type { Diagnostic } from '../../spec/diagnostics.ts';
import { DiagnosticsPanel } from '../editor/DiagnosticsPanel.tsx';
import type { FixAllNow, MarkersNow, RevealRequest } from '../editor/SpecEditor.tsx';
import type { WorkFile } from './workspace.ts';
import { useT } from '../i18n/index.ts';

const SpecEditor = lazy(() => import('../editor/SpecEditor.tsx'));

interface Props {
  files: readonly WorkFile[];
  active: string;
  onActive: (file: string) => void;
  enabledVariants: readonly string[];
  diagnostics: readonly Diagnostic[];
  onChange: (file: string, text: string) => void;
  reveal: RevealRequest | null;
  onReveal: (d: Diagnostic) => void;
  onMarkersSet: () => void;
  markersNow: MarkersNow;
  fixAllNow: FixAllNow;
  status: string;
  /**
   * False until the first compile is done. Monaco's evaluation is the largest single task of the
   * page; starting it after the first compile lets the diagram's layout (in its worker) run
   * alongside it, and the board shows first.
   */
  startEditor: boolean;
}

const tabName = (f: WorkFile): string => (f.role === 'base' ? 'game.yaml' : `${f.variantId ?? f.file}.yaml`);

export const EditorPane = (p: Props) => {
  const t = useT();
  return (
    <section className="pane editor-pane" aria-label={t('editor.label')}>
      <div className="tabs" role="tablist" aria-label={t('editor.files')}>
        {p.files.map((f) => {
          const errors = p.diagnostics.filter((d) => d.file === f.file && d.severity === 'error').length;
          const edited = f.original !== null && f.text !== f.original;
          const on = f.role === 'variant' && p.enabledVariants.includes(f.variantId ?? '');
          return (
            <button
              key={f.file}
              type="button"
              role="tab"
              aria-selected={p.active === f.file}
              className={`tab ${p.active === f.file ? 'active' : ''} ${f.role}`}
              onClick={() => p.onActive(f.file)}
              title={`${f.file}${edited ? ` (${t('editor.edited')})` : ''}${on ? ` — ${t('editor.switchedOn')}` : ''}`}
              data-file={f.file}
            >
              {f.role === 'variant' && <span className={`tab-dot ${on ? 'on' : ''}`} aria-hidden />}
              {tabName(f)}
              {edited && (
                <span className="tab-edited" role="img" aria-label={t('editor.edited')}>
                  ●
                </span>
              )}
              {errors > 0 && <span className="tab-errors">{errors}</span>}
            </button>
          );
        })}
      </div>
      <div className="editor-wrap">
        <Suspense
          fallback={
            <div className="editor-host loading" data-testid="editor-loading">
              {t('editor.loading')}
            </div>
          }
        >
          {!p.startEditor ? (
            <div className="editor-host loading" data-testid="editor-loading">
              {t('editor.loading')}
            </div>
          ) : (
            <SpecEditor
              files={p.files}
              active={p.active}
              diagnostics={p.diagnostics}
              onChange={p.onChange}
              reveal={p.reveal}
              onMarkersSet={p.onMarkersSet}
              markersNow={p.markersNow}
              fixAllNow={p.fixAllNow}
            />
          )}
        </Suspense>
      </div>
      <DiagnosticsPanel
        diagnostics={p.diagnostics}
        onReveal={p.onReveal}
        status={p.status}
        fixable={p.diagnostics.filter((d) => d.file === p.active && d.fixes?.length === 1).length}
        onFixAll={() => p.fixAllNow.current?.()}
      />
    </section>
  );
};
