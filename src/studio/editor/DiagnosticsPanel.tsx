/** The problems list under the editor: `line:col message` per diagnostic; a click (or Enter) goes there. */
import type { Diagnostic } from '../../spec/diagnostics.ts';
import { useT } from '../i18n/index.ts';

interface Props {
  diagnostics: readonly Diagnostic[];
  onReveal: (d: Diagnostic) => void;
  status: string;
  /** Problems of the file in the editor with one fix, which "Fix all" applies. */
  fixable: number;
  onFixAll: () => void;
}

const baseName = (file: string): string => file.replace(/^.*\//, '');

export const DiagnosticsPanel = ({ diagnostics, onReveal, status, fixable, onFixAll }: Props) => {
  const t = useT();
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = diagnostics.length - errors;
  const sorted = [...diagnostics].sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
  return (
    <section className="diagnostics-pane" aria-label={t('problems.title')}>
      <header className="pane-head">
        <span className="pane-title">{t('problems.title')}</span>
        <span className={`count ${errors ? 'has-errors' : ''}`}>{t('problems.errors', { count: errors })}</span>
        <span className={`count ${warnings ? 'has-warnings' : ''}`}>{t('problems.warnings', { count: warnings })}</span>
        {fixable > 0 && (
          <button type="button" className="btn fix-all" data-testid="fix-all" onClick={onFixAll} title={t('problems.fixAllTitle')}>
            {t('problems.fixAll', { count: fixable })}
          </button>
        )}
        <span className="pane-meta" data-testid="analysis-status">
          {status}
        </span>
      </header>
      <ul className="diagnostics" data-testid="diagnostics" data-count={diagnostics.length}>
        {sorted.length === 0 && <li className="diagnostic none">{t('problems.none')}</li>}
        {sorted.map((d, i) => (
          <li key={i} className={`diagnostic ${d.severity}`}>
            <button type="button" className="diag-go" onClick={() => onReveal(d)} title={`${d.file}:${d.line}:${d.column} [${d.code}]`}>
              <span className="diag-icon" role="img" aria-label={t(d.severity === 'error' ? 'problems.error' : 'problems.warning')}>
                {d.severity === 'error' ? '✖' : '▲'}
              </span>
              <span className="diag-where">
                {baseName(d.file) !== 'game.yaml' && <span className="diag-file">{baseName(d.file)} </span>}
                {d.line}:{d.column}
              </span>
              <span className="diag-message">{d.message}</span>
              <span className="diag-code">{d.code}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
};
