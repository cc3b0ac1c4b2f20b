/**
 * The studio's keyboard shortcuts: one list, read by the help overlay and by the handlers, so the
 * overlay never lists a key that does nothing. Single keys without modifiers, taken only when the
 * keyboard is not in a text field or the editor (where the same keys type text).
 */
import { useEffect, useRef } from 'react';

export const SHORTCUTS = {
  undo: { key: 'z', what: 'Undo the last move' },
  redo: { key: 'y', what: 'Redo the move undone' },
  firstMove: { key: 'm', what: 'Play the first move ready to play (Roll, a single option)' },
  newGame: { key: 'n', what: 'New game with a fresh seed' },
  help: { key: '?', what: 'Show or hide this list' },
} as const;

export type ShortcutId = keyof typeof SHORTCUTS;

/** Keys that are not ours but a person needs to know: listed with the shortcuts. */
export const OTHER_KEYS: readonly { keys: string; what: string }[] = [
  { keys: 'Ctrl+M, then Tab', what: 'Leave the spec editor (in the editor Tab indents; Ctrl+M switches Tab to moving focus, Ctrl+Shift+M on a Mac)' },
  { keys: 'Tab / Shift+Tab', what: 'Move between controls, problems, log entries, diagram states and pieces' },
  { keys: 'Enter or Space', what: 'Press the focused control, state, log entry or piece' },
  { keys: '← / →', what: 'Move the focused splitter between the columns' },
  { keys: 'Escape', what: 'Close a dialog' },
];

const typing = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement && (target.isContentEditable || target.closest('input, textarea, select, .monaco-editor') !== null);

/** Calls `handlers[id]` when its key is pressed outside text fields and the editor. */
export const useShortcuts = (handlers: Partial<Record<ShortcutId, () => void>>): void => {
  // The latest handlers, without re-adding the listener on every render.
  const current = useRef(handlers);
  current.current = handlers;
  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      if (e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented || typing(e.target)) return;
      const id = (Object.keys(SHORTCUTS) as ShortcutId[]).find((k) => SHORTCUTS[k].key === e.key);
      const handler = id && current.current[id];
      if (!handler) return;
      e.preventDefault();
      handler();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
};
