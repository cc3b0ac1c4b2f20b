/** The help overlay: every keyboard shortcut of the studio, and how to leave the editor's Tab. */
import { useModal } from '../app/useModal.ts';
import { OTHER_KEYS, SHORTCUTS } from '../app/shortcuts.ts';
import { useT } from '../i18n/index.ts';

export const KeysDialog = ({ onClose }: { onClose: () => void }) => {
  const t = useT();
  const ref = useModal();
  return (
    <dialog ref={ref} className="history-dialog" aria-labelledby="keys-title" data-testid="keys-dialog" onClose={onClose}>
      <h2 id="keys-title">{t('keys.title')}</h2>
      <table className="keys">
        <tbody>
          {[
            ...Object.values(SHORTCUTS).map((s) => ({ keys: s.key, what: t(s.what) })),
            ...OTHER_KEYS.map((k) => ({ keys: t(k.keys), what: t(k.what) })),
          ].map((k) => (
            <tr key={k.keys}>
              <th scope="row">
                <kbd>{k.keys}</kbd>
              </th>
              <td>{k.what}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="keys-note">{t('keys.note')}</p>
      <button type="button" className="btn ghost" onClick={() => ref.current?.close()} data-testid="keys-close">
        {t('common.close')}
      </button>
    </dialog>
  );
};
