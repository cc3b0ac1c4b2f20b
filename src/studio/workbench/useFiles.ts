/**
 * The edited texts. In the user's own workspace they are autosaved shortly after each edit and
 * before the page goes away; a shared copy is never written over them. Either way, once edits
 * settle a version is added to the game's history.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { forgetFileText, saveFileText } from '../persist/storage.ts';
import { addVersion } from '../persist/versions.ts';
import { snapshotOf, type WorkFile } from './workspace.ts';

const SAVE_DELAY_MS = 150;
/** A version is saved once the text has been left alone this long. */
export const VERSION_DELAY_MS = 2000;

export const useFiles = (gameId: string, initial: WorkFile[], own: boolean) => {
  const [files, setFiles] = useState<WorkFile[]>(initial);
  const filesRef = useRef(files);
  filesRef.current = files;
  const pending = useRef(new Map<string, string>());
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const versionTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const unversioned = useRef(false);

  const saveVersion = useCallback(
    (note: string) => {
      clearTimeout(versionTimer.current);
      unversioned.current = false;
      addVersion(gameId, snapshotOf(filesRef.current), note);
    },
    [gameId],
  );

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    if (own) for (const [file, text] of pending.current) saveFileText(file, text);
    pending.current.clear();
  }, [own]);

  useEffect(() => {
    const leave = (): void => {
      flush();
      if (unversioned.current) saveVersion(own ? 'edit' : 'edit of a shared copy');
    };
    window.addEventListener('pagehide', leave);
    window.addEventListener('beforeunload', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      window.removeEventListener('beforeunload', leave);
      leave();
    };
  }, [flush, saveVersion, own]);

  const setText = useCallback(
    (file: string, text: string) => {
      setFiles((fs) => fs.map((f) => (f.file === file ? { ...f, text } : f)));
      pending.current.set(file, text);
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, SAVE_DELAY_MS);
      unversioned.current = true;
      clearTimeout(versionTimer.current);
      versionTimer.current = setTimeout(() => saveVersion(own ? 'edit' : 'edit of a shared copy'), VERSION_DELAY_MS);
    },
    [flush, saveVersion, own],
  );

  /** Back to the shipped text; the autosave is dropped so the file follows future updates. */
  const revert = useCallback(
    (file: string) => {
      saveVersion('before reverting');
      pending.current.delete(file);
      if (own) forgetFileText(file);
      setFiles((fs) => fs.map((f) => (f.file === file && f.original !== null ? { ...f, text: f.original } : f)));
    },
    [own, saveVersion],
  );

  return { files, setText, revert, saveVersion, flush };
};
