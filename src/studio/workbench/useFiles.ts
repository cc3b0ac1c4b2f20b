/** The edited texts, autosaved shortly after each edit and before the page goes away. */
import { useCallback, useEffect, useRef, useState } from 'react';
import { forgetFileText, saveFileText } from '../persist/storage.ts';
import type { WorkFile } from './workspace.ts';

const SAVE_DELAY_MS = 150;

export const useFiles = (initial: WorkFile[]) => {
  const [files, setFiles] = useState<WorkFile[]>(initial);
  const pending = useRef(new Map<string, string>());
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    for (const [file, text] of pending.current) saveFileText(file, text);
    pending.current.clear();
  }, []);

  useEffect(() => {
    window.addEventListener('pagehide', flush);
    window.addEventListener('beforeunload', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      window.removeEventListener('beforeunload', flush);
      flush();
    };
  }, [flush]);

  const setText = useCallback(
    (file: string, text: string) => {
      setFiles((fs) => fs.map((f) => (f.file === file ? { ...f, text } : f)));
      pending.current.set(file, text);
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, SAVE_DELAY_MS);
    },
    [flush],
  );

  /** Back to the shipped text; the autosave is dropped so the file follows future updates. */
  const revert = useCallback((file: string) => {
    pending.current.delete(file);
    forgetFileText(file);
    setFiles((fs) => fs.map((f) => (f.file === file && f.original !== null ? { ...f, text: f.original } : f)));
  }, []);

  return { files, setText, revert };
};
