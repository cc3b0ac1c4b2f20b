/**
 * A vertical drag handle between two columns; reports the pointer's x while dragging. It is also
 * a focusable separator: the arrow keys move it by a step, so the columns can be resized without
 * a pointer. `value` is the column's share of the width before it, in percent.
 */
import type { KeyboardEvent, PointerEvent as ReactPointerEvent } from 'react';

/** How far one arrow key moves a splitter, as a fraction of the workbench's width. */
const KEY_STEP = 0.02;

interface Props {
  onDrag: (clientX: number) => void;
  /** Moves the splitter by a fraction of the width (negative: to the left). */
  onStep: (delta: number) => void;
  label: string;
  value: number;
}

export const Splitter = ({ onDrag, onStep, label, value }: Props) => {
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
  const key = (e: KeyboardEvent<HTMLDivElement>): void => {
    const delta = e.key === 'ArrowLeft' ? -KEY_STEP : e.key === 'ArrowRight' ? KEY_STEP : 0;
    if (delta === 0) return;
    e.preventDefault();
    onStep(delta);
  };
  return (
    <div
      className="splitter"
      role="separator"
      tabIndex={0}
      aria-orientation="vertical"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(value)}
      onPointerDown={down}
      onKeyDown={key}
      data-testid="splitter"
    />
  );
};
