/**
 * What the house rules switched on change, side by side: the rule-by-rule list the CLI's `diff`
 * prints, then the base game and the game with the variants, each as its statechart and its
 * merged spec, with the changed states, transitions and lines coloured (added, removed, changed).
 * The comparison is made in a worker; choosing a rule in the list scrolls both specs to it.
 */
import { useEffect, useMemo, useState } from 'react';
import { useModal } from '../app/useModal.ts';
import { formatDiagnostic } from '../../spec/diagnostics.ts';
import type { DiffChange, RuleDiff, RuleKind } from '../../variants/diff.ts';
import { detailLine, DIFF_MARK } from '../../variants/formatDiff.ts';
import { useT, type PlainMessageId, type Translate } from '../i18n/index.ts';
import { DiagramSvg } from '../diagram/DiagramSvg.tsx';
import { useRuleNotes } from '../rules/RulebookContext.tsx';
import type { DiagramLayout } from '../diagram/fromElk.ts';
import { layoutFlow } from '../diagram/layoutClient.ts';
import { fixedMeasure } from '../diagram/textWidths.ts';
import type { CompareSide } from './compare.ts';
import { requestComparison } from './compareClient.ts';
import type { CompareReply, CompareRequest } from './protocol.ts';
import './compare.css';

interface Props {
  request: CompareRequest;
  beforeTitle: string;
  afterTitle: string;
  /** Shows a variant's line in the editor (the dialog closes). */
  onReveal: (at: { file: string; line: number; column: number }) => void;
  onClose: () => void;
}

const MARK: Record<DiffChange, string> = { added: '+', removed: '−', changed: '~' };
const NO_STATES = new Set<string>();
const ignore = (): void => undefined;

const KINDS: Readonly<Record<RuleKind, PlainMessageId>> = {
  game: 'compare.kind.game',
  param: 'compare.kind.param',
  component: 'compare.kind.component',
  zone: 'compare.kind.zone',
  var: 'compare.kind.var',
  definition: 'compare.kind.definition',
  procedure: 'compare.kind.procedure',
  'scoring row': 'compare.kind.scoringRow',
  'scoring table': 'compare.kind.scoringTable',
  move: 'compare.kind.move',
  state: 'compare.kind.state',
  transition: 'compare.kind.transition',
  bot: 'compare.kind.bot',
};

/** A changed rule's line as the CLI's `diff` prints it, its kind in the interface's language; the spec's names kept apart. */
const RuleName = ({ rule, t }: { rule: RuleDiff; t: Translate }) => (
  <>
    {`${DIFF_MARK[rule.change]} ${t(KINDS[rule.kind])} `}
    <span className="compare-rule-id">{rule.name}</span>
    {rule.rules.length > 0 && (
      <>
        {'  ['}
        <span className="compare-rule-id">{rule.rules.join(', ')}</span>]
      </>
    )}
  </>
);

const Chart = ({ side, label }: { side: CompareSide; label: string }) => {
  const t = useT();
  const [layout, setLayout] = useState<DiagramLayout | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    layoutFlow(side.graph, fixedMeasure).then(
      (laid) => live && setLayout(laid.layout),
      (e: unknown) => live && setError(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      live = false;
    };
  }, [side.graph]);
  if (error) return <p className="empty-note">{t('compare.layoutFailed', { error })}</p>;
  if (!layout) return <p className="empty-note">{t('compare.layingOut')}</p>;
  return (
    <svg
      className="compare-chart"
      viewBox={`-4 -4 ${layout.width + 8} ${layout.height + 8}`}
      role="img"
      aria-label={t('compare.chartLabel', { label })}
      data-testid="compare-chart"
    >
      <DiagramSvg
        layout={layout}
        active={NO_STATES}
        onReveal={ignore}
        trail={null}
        onPlay={ignore}
        marks={{ states: side.states, edges: side.edges }}
      />
    </svg>
  );
};

/** The merged spec, one element per line, the lines of changed rules marked. */
const SpecText = ({ side, label }: { side: CompareSide; label: string }) => {
  const t = useT();
  const marks = useMemo(() => {
    const out = new Map<number, DiffChange>();
    for (const span of side.spans) if (span) for (let line = span.from; line <= span.to; line++) out.set(line, span.change);
    return out;
  }, [side.spans]);
  const lines = side.text.split('\n');
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region takes focus so the keyboard can scroll it (axe: scrollable-region-focusable)
    <pre className="compare-text" role="region" aria-label={t('compare.specLabel', { label })} tabIndex={0} data-testid="compare-text">
      {lines.map((text, i) => {
        const mark = marks.get(i + 1);
        return (
          <span key={i} className={`compare-line ${mark ? `diff-${mark}` : ''}`} data-line={i + 1} data-mark={mark}>
            <span className="compare-gutter" aria-hidden="true">
              {mark ? MARK[mark] : ' '}
            </span>
            {text}
            {'\n'}
          </span>
        );
      })}
    </pre>
  );
};

const Side = ({ side, title, testId }: { side: CompareSide; title: string; testId: string }) => (
  <section className="compare-side" aria-label={title} data-testid={testId}>
    <h3>{title}</h3>
    <Chart side={side} label={title} />
    <SpecText side={side} label={title} />
  </section>
);

export const CompareDialog = ({ request, beforeTitle, afterTitle, onReveal, onClose }: Props) => {
  const t = useT();
  const notes = useRuleNotes();
  const ref = useModal();
  const [reply, setReply] = useState<CompareReply | null>(null);
  useEffect(() => {
    const asked = requestComparison(request);
    let live = true;
    void asked.reply.then((r) => live && setReply(r));
    return () => {
      live = false;
      asked.cancel();
    };
  }, [request]);

  /** Scrolls each side's spec to the rule's lines. */
  const show = (index: number): void => {
    if (!reply?.ok) return;
    for (const [testId, side] of [
      ['compare-before', reply.before],
      ['compare-after', reply.after],
    ] as const) {
      const span = side.spans[index];
      const line = span && ref.current?.querySelector(`[data-testid=${testId}] [data-line="${span.from}"]`);
      if (line) line.scrollIntoView({ block: 'center' });
    }
  };

  return (
    <dialog ref={ref} className="compare-dialog" aria-labelledby="compare-title" data-testid="compare-dialog" onClose={onClose}>
      <header className="compare-head">
        <h2 id="compare-title">{t('compare.title')}</h2>
        <p>
          {t('compare.against', { after: afterTitle, before: beforeTitle })} <span className="diff-added">{t('compare.added')}</span>{' '}
          <span className="diff-removed">{t('compare.removed')}</span> <span className="diff-changed">{t('compare.changed')}</span>
        </p>
        <button type="button" className="btn ghost" onClick={() => ref.current?.close()} data-testid="compare-close">
          {t('common.close')}
        </button>
      </header>
      {reply === null && (
        <p role="status" data-testid="compare-status">
          {t('compare.comparing')}
        </p>
      )}
      {reply && !reply.ok && (
        <div role="alert" data-testid="compare-error">
          <p>{t('compare.cannot')}</p>
          <ul>{'crashed' in reply ? <li>{reply.crashed}</li> : reply.diagnostics.map((d, i) => <li key={i}>{formatDiagnostic(d)}</li>)}</ul>
        </div>
      )}
      {reply?.ok && (
        <div className="compare-body">
          <ol className="compare-rules" data-testid="compare-rules">
            {reply.rules.length === 0 && <li>{t('compare.noChanges')}</li>}
            {reply.rules.map((rule, i) => (
              <li key={i} className={`diff-${rule.change}`} data-testid="compare-rule">
                <button
                  type="button"
                  className="compare-rule-name"
                  onClick={() => show(i)}
                  title={t('compare.showBoth') + notes(rule.rules.join(' '))}
                >
                  <RuleName rule={rule} t={t} />
                </button>
                <ul>
                  {rule.details.map((d, j) => (
                    <li key={j} className={`diff-${d.change}`}>
                      <code>{detailLine(d).trim()}</code>
                      {d.source && (
                        <button
                          type="button"
                          className="btn ghost small"
                          onClick={() => d.source && onReveal(d.source)}
                          title={t('compare.editTitle')}
                        >
                          {t('compare.edit')}
                        </button>
                      )}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
          <div className="compare-sides">
            <Side side={reply.before} title={beforeTitle} testId="compare-before" />
            <Side side={reply.after} title={afterTitle} testId="compare-after" />
          </div>
        </div>
      )}
    </dialog>
  );
};
