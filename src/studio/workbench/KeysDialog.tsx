/** The help overlay: every keyboard shortcut of the studio, and how to leave the editor's Tab. */
import { useModal } from '../app/useModal.ts';
import { OTHER_KEYS, SHORTCUTS } from '../app/shortcuts.ts';

export const KeysDialog = ({ onClose }: { onClose: () => void }) => {
  const ref = useModal();
  return (
    <dialog ref={ref} className="history-dialog" aria-labelledby="keys-title" data-testid="keys-dialog" onClose={onClose}>
      <h2 id="keys-title">Keyboard</h2>
      <table className="keys">
        <tbody>
          {[...Object.values(SHORTCUTS).map((s) => ({ keys: s.key, what: s.what })), ...OTHER_KEYS].map((k) => (
            <tr key={k.keys}>
              <th scope="row">
                <kbd>{k.keys}</kbd>
              </th>
              <td>{k.what}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="keys-note">The single keys work when the keyboard is not in the editor or a text field.</p>
      <button type="button" className="btn ghost" onClick={() => ref.current?.close()} data-testid="keys-close">
        Close
      </button>
    </dialog>
  );
};
