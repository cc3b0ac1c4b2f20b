/**
 * The studio's keyboard shortcuts: one list, read by the help overlay and by the handlers, so the
 * overlay never lists a key that does nothing. Single keys without modifiers, taken only when the
 * keyboard is not in a text field or the editor (where the same keys type text).
 */
import { useEffect, useRef } from 'react';
import type { PlainMessageId } from '../i18n/index.ts';

export const SHORTCUTS = {
  undo: { key: 'z', what: 'keys.undo' },
  redo: { key: 'y', what: 'keys.redo' },
  firstMove: { key: 'm', what: 'keys.firstMove' },
  newGame: { key: 'n', what: 'keys.newGame' },
  help: { key: '?', what: 'keys.help' },
} as const satisfies Record<string, { key: string; what: PlainMessageId }>;

export type ShortcutId = keyof typeof SHORTCUTS;

/** Keys that are not ours but a person needs to know: listed with the shortcuts. */
export const OTHER_KEYS: readonly { keys: PlainMessageId; what: PlainMessageId }[] = [
  { keys: 'keys.leaveEditorKeys', what: 'keys.leaveEditor' },
  { keys: 'keys.tabKeys', what: 'keys.tab' },
  { keys: 'keys.pressKeys', what: 'keys.press' },
  { keys: 'keys.splitterKeys', what: 'keys.splitter' },
  { keys: 'keys.escapeKeys', what: 'keys.escape' },
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
