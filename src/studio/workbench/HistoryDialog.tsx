/** The saved versions of a game, newest first, each with its time, why it was saved and what changed. */
import { useModal } from '../app/useModal.ts';
import type { Version } from '../persist/versions.ts';
import { formatDateTime, useT } from '../i18n/index.ts';

interface Props {
  versions: readonly Version[];
  onRestore: (version: Version) => void;
  onClose: () => void;
}

export const HistoryDialog = ({ versions, onRestore, onClose }: Props) => {
  const t = useT();
  const ref = useModal();
  return (
    <dialog ref={ref} className="history-dialog" aria-labelledby="history-title" data-testid="history-dialog" onClose={onClose}>
      <h2 id="history-title">{t('history.title')}</h2>
      {versions.length === 0 ? (
        <p>{t('history.none')}</p>
      ) : (
        <ol className="versions" reversed>
          {[...versions].reverse().map((v) => (
            <li key={v.id} className="version" data-testid="version">
              <div className="version-head">
                <time dateTime={new Date(v.at).toISOString()}>{formatDateTime(v.at)}</time>
                <span className="version-note">{v.note}</span>
              </div>
              <div className="version-summary">{v.summary}</div>
              <button type="button" className="btn small" onClick={() => onRestore(v)} data-testid="restore-version">
                {t('history.restore')}
              </button>
            </li>
          ))}
        </ol>
      )}
      <button type="button" className="btn ghost" onClick={() => ref.current?.close()} data-testid="history-close">
        {t('common.close')}
      </button>
    </dialog>
  );
};
