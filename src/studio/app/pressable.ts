/**
 * Props that make an element that is not a button (an SVG group, a piece on the board) behave as
 * one for the keyboard and a screen reader: focusable, named, pressed with Enter or Space.
 */
import type { KeyboardEvent } from 'react';

export interface PressableProps {
  role: 'button';
  tabIndex: 0;
  'aria-label'?: string;
  onClick: () => void;
  onKeyDown: (e: KeyboardEvent) => void;
}

/** `label` null: the element is named by its own visible content, as a button is. */
export const pressable = (label: string | null, onPress: () => void): PressableProps => ({
  role: 'button',
  tabIndex: 0,
  ...(label === null ? {} : { 'aria-label': label }),
  onClick: onPress,
  onKeyDown: (e) => {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    // Space would scroll the pane the element sits in.
    e.preventDefault();
    onPress();
  },
});
