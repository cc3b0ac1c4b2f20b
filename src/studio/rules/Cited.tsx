/** A text with each rule id it cites as a button: its rule's title and text on hover, the Rules panel at it on a click. */
import { memo, useMemo, type MouseEvent } from 'react';
import { ruleText, SHEET_WORDS } from '../../rulebook/index.ts';
import { citedParts } from './rulebook.ts';
import { useRulebook } from './RulebookContext.tsx';

export const RuleRef = memo(({ id }: { id: string }) => {
  const access = useRulebook();
  const rule = access?.rulebooks ? ruleText(access.rulebooks, id, access.lang) : undefined;
  if (!access || !rule) return <>{id}</>;
  const click = (e: MouseEvent): void => {
    // Inside a house rule's label, a click on the id must not also switch the house rule.
    e.preventDefault();
    e.stopPropagation();
    access.open(id);
  };
  return (
    <button
      type="button"
      className="rule-ref"
      title={`${rule.title}: ${rule.text}${rule.fallback ? ` (${SHEET_WORDS[access.lang].untranslated})` : ''}`}
      onClick={click}
      data-rule={id}
    >
      {id}
    </button>
  );
});

export const Cited = memo(({ text }: { text: string }) => {
  const access = useRulebook();
  const parts = useMemo(() => citedParts(text, access?.rulebooks), [text, access?.rulebooks]);
  return <>{parts.map((p, i) => ('rule' in p ? <RuleRef key={i} id={p.rule} /> : p.text))}</>;
});
