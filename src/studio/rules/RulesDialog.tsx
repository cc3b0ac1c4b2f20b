/**
 * The Rules panel: the game's rulebook in the interface's language with the house rules switched
 * on put in place and marked (the house-rules sheet), opened at the rule asked for. It prints on
 * its own: while it is open the page's print stylesheet shows only the sheet, on A4.
 */
import { useEffect, useMemo, useRef } from 'react';
import { createPortal } from 'react-dom';
import { fill, houseRulesSheet, type Block, type GameRulebooks, type Lang, type SheetInput, type SheetRule } from '../../rulebook/index.ts';
import { useModal } from '../app/useModal.ts';
import { useT } from '../i18n/index.ts';
import { Cited } from './Cited.tsx';
import '../styles/rulebook.css';

interface Props {
  rulebooks: GameRulebooks | undefined;
  lang: Lang;
  variants: SheetInput['variants'];
  params: SheetInput['params'];
  link: string;
  /** The rule to show first, highlighted. */
  focus: string | undefined;
  onClose: () => void;
}

/** The element id of a rule in the panel (the page's own ids stay apart). */
export const ruleAnchor = (id: string): string => `rule-${id}`;

const Blocks = ({ blocks }: { blocks: readonly Block[] }) => (
  <>
    {blocks.map((b, i) =>
      b.kind === 'paragraph' ? (
        <p key={i}>
          <Cited text={b.text} />
        </p>
      ) : (
        <ul key={i}>
          {b.items.map((item, j) => (
            <li key={j}>
              <Cited text={item} />
            </li>
          ))}
        </ul>
      ),
    )}
  </>
);

const RuleView = ({ rule, untranslated, focus }: { rule: SheetRule; untranslated: string; focus: string | undefined }) => {
  const focused = (id: string): string => (id === focus ? ' focused' : '');
  if (rule.notInPlay !== undefined) {
    return (
      <p className={`rule off${focused(rule.id)}`} id={ruleAnchor(rule.id)}>
        <span className="rule-id">{rule.id}</span> {rule.title} — <i>{rule.notInPlay}</i>
      </p>
    );
  }
  const changed = rule.parts.some((p) => p.mark && p.mark.kind !== 'house-rule');
  return (
    <section
      className={`rule${changed ? ' changed-rule' : ''}${focused(rule.id)}`}
      id={ruleAnchor(rule.id)}
      data-testid={`rule-${rule.id}`}
    >
      <h3>
        <span className="rule-id">{rule.id}</span> {rule.title}
        {rule.fallback && <span className="rule-fallback"> ({untranslated})</span>}
      </h3>
      {rule.parts.map((part, i) =>
        part.mark ? (
          <div key={i} className={`rule-mark ${part.mark.kind}`}>
            <p className="mark">{part.mark.text}</p>
            <Blocks blocks={part.blocks} />
          </div>
        ) : (
          <Blocks key={i} blocks={part.blocks} />
        ),
      )}
      {rule.items.length > 0 && (
        <ol className="rule-items">
          {rule.items.map((item) => (
            <li key={item.id} id={ruleAnchor(item.id)} className={focused(item.id).trim()}>
              <b>{item.id}</b> <Blocks blocks={item.blocks} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
};

export const RulesDialog = ({ rulebooks, lang, variants, params, link, focus, onClose }: Props) => {
  const t = useT();
  const ref = useModal();
  const body = useRef<HTMLDivElement | null>(null);
  const sheet = useMemo(
    () => (rulebooks ? houseRulesSheet(rulebooks, { lang, variants, params, link }) : undefined),
    [rulebooks, lang, variants, params, link],
  );
  useEffect(() => {
    // Printing while the panel is open prints the sheet alone (styles/rulebook.css).
    document.documentElement.classList.add('printing-rules');
    return () => document.documentElement.classList.remove('printing-rules');
  }, []);
  useEffect(() => {
    if (focus) body.current?.querySelector(`[id="${CSS.escape(ruleAnchor(focus))}"]`)?.scrollIntoView({ block: 'start' });
  }, [focus, sheet]);
  const w = sheet?.words;
  return createPortal(
    <dialog
      ref={ref}
      className="rules-dialog"
      aria-labelledby="rules-title"
      data-testid="rules-dialog"
      onClose={onClose}
      lang={sheet?.lang ?? lang}
    >
      <div className="rules-bar">
        <h2 id="rules-title">{sheet ? sheet.title : t('rulebook.title')}</h2>
        {w && <span className="rules-kicker">{w.sheet}</span>}
        <span className="topbar-spacer" />
        {sheet && (
          <button type="button" className="btn" onClick={() => window.print()} data-testid="rules-print">
            {t('rulebook.print')}
          </button>
        )}
        <button type="button" className="btn ghost" onClick={() => ref.current?.close()} data-testid="rules-close">
          {t('common.close')}
        </button>
      </div>
      <div className="rules-body" ref={body}>
        {!sheet || !w ? (
          <p className="empty-note">{t('rulebook.none')}</p>
        ) : (
          <>
            <header className="rules-head">
              <Blocks blocks={sheet.intro} />
              <p data-testid="rules-in-play">
                <b>{w.inPlay}:</b> {sheet.houseRules.length > 0 ? sheet.houseRules.join(', ') : w.noHouseRules}
              </p>
              {sheet.params.length > 0 && (
                <>
                  <p>
                    <b>{w.settings}:</b>
                  </p>
                  <ul>
                    {sheet.params.map((p) => (
                      <li key={p.title}>
                        {p.title}: <b>{p.value}</b> ({fill(w.defaultWas, { value: p.default })})
                        {p.rules.length > 0 && (
                          <>
                            {' '}
                            [<Cited text={p.rules.join(', ')} />]
                          </>
                        )}
                      </li>
                    ))}
                  </ul>
                </>
              )}
              <p className="rules-link">
                {w.studio}: <a href={sheet.link}>{sheet.link}</a>
              </p>
            </header>
            <div className="rules-sections">
              {sheet.sections.map((s) => (
                <section key={s.title} className="rules-section">
                  <h2>{s.title}</h2>
                  <Blocks blocks={s.intro} />
                  {s.rules.map((r) => (
                    <RuleView key={r.id} rule={r} untranslated={w.untranslated} focus={focus} />
                  ))}
                </section>
              ))}
            </div>
          </>
        )}
      </div>
    </dialog>,
    document.body,
  );
};
