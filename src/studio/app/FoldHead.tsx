/**
 * The header of a panel that folds (House rules, Balance, Best play of a turn). The whole header
 * takes a click, as before; the title is a real button so the keyboard reaches it and a screen
 * reader hears whether the panel is open. A click on the button bubbles to the header: one toggle.
 */
import type { ReactNode } from 'react';

interface Props {
  title: string;
  open: boolean;
  onToggle: () => void;
  children?: ReactNode;
}

export const FoldHead = ({ title, open, onToggle, children }: Props) => (
  <header className="pane-head clickable" onClick={onToggle}>
    <button type="button" className="pane-title pane-toggle" aria-expanded={open}>
      <span aria-hidden>{open ? '▾' : '▸'}</span> {title}
    </button>
    <span className="pane-meta">{children}</span>
  </header>
);
