/** A `<dialog>` shown as a modal when it mounts (Escape and its Close button close it natively). */
import { useEffect, useRef, type RefObject } from 'react';

export const useModal = (): RefObject<HTMLDialogElement | null> => {
  const ref = useRef<HTMLDialogElement | null>(null);
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
  }, []);
  return ref;
};
