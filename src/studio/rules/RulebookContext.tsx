/**
 * The game's rulebook for every component that shows a rule id: its text on hover, and a click
 * that opens the Rules panel at the rule. Provided by the workbench; without one, ids stay text.
 */
import { createContext, useContext } from 'react';
import type { GameRulebooks, Lang } from '../../rulebook/index.ts';
import { ruleNotes } from './rulebook.ts';

export interface RulebookAccess {
  readonly rulebooks: GameRulebooks | undefined;
  readonly lang: Lang;
  /** Opens the Rules panel, at rule `id` when given. */
  readonly open: (id?: string) => void;
}

export const RulebookContext = createContext<RulebookAccess | null>(null);

export const useRulebook = (): RulebookAccess | null => useContext(RulebookContext);

/** For a tooltip: the rules a text cites, in the reader's language, or '' (no rulebook, no citation). */
export const useRuleNotes = (): ((text: string) => string) => {
  const access = useRulebook();
  return (text) => (access ? ruleNotes(text, access.rulebooks, access.lang) : '');
};
