/** A vertical drag handle between two columns; reports the pointer's x while dragging. */
import type { PointerEvent as ReactPointerEvent } from 'react';

export const Splitter = ({ onDrag, label }: { onDrag: (clientX: number) => void; label: string }) => {
  const down = (e: ReactPointerEvent<HTMLDivElement>): void => {
    const el = e.currentTarget;
    el.setPointerCapture(e.pointerId);
    const move = (ev: PointerEvent): void => onDrag(ev.clientX);
    const up = (): void => {
      el.removeEventListener('pointermove', move);
      el.removeEventListener('pointerup', up);
      document.body.classList.remove('dragging');
    };
    document.body.classList.add('dragging');
    el.addEventListener('pointermove', move);
    el.addEventListener('pointerup', up);
  };
  return <div className="splitter" role="separator" aria-orientation="vertical" aria-label={label} onPointerDown={down} />;
};
