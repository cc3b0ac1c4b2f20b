/**
 * The time from a keystroke to the editor's markers for it, which the status line shows: the
 * edit is stamped as it is made, and read when the markers of the compile it started are set.
 */
import { useCallback, useRef, useState } from 'react';

export interface EditLatency {
  /** Milliseconds from the last edit to its markers; null before the first. */
  readonly latency: number | null;
  readonly onChange: (file: string, text: string) => void;
  readonly onMarkersSet: () => void;
}

export const useEditLatency = (setText: (file: string, text: string) => void): EditLatency => {
  const [latency, setLatency] = useState<number | null>(null);
  const lastEdit = useRef<number | null>(null);
  const onChange = useCallback(
    (file: string, text: string) => {
      lastEdit.current = performance.now();
      setText(file, text);
    },
    [setText],
  );
  const onMarkersSet = useCallback(() => {
    if (lastEdit.current === null) return;
    setLatency(performance.now() - lastEdit.current);
    lastEdit.current = null;
  }, []);
  return { latency, onChange, onMarkersSet };
};
