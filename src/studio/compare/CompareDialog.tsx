/**
 * What the house rules switched on change, side by side: the rule-by-rule list the CLI's `diff`
 * prints, then the base game and the game with the variants, each as its statechart and its
 * merged spec, with the changed states, transitions and lines coloured (added, removed, changed).
 * The comparison is made in a worker; choosing a rule in the list scrolls both specs to it.
 */
import { useEffect, useMemo, useState } from 'react';
import { useModal } from '../app/useModal.ts';
import { formatDiagnostic } from '../../spec/diagnostics.ts';
import type { DiffChange } from '../../variants/diff.ts';
import { detailLine, ruleLine } from '../../variants/formatDiff.ts';
import { DiagramSvg } from '../diagram/DiagramSvg.tsx';
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

const Chart = ({ side, label }: { side: CompareSide; label: string }) => {
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
  if (error) return <p className="empty-note">The statechart could not be laid out: {error}</p>;
  if (!layout) return <p className="empty-note">Laying out the statechart…</p>;
  return (
    <svg className="compare-chart" viewBox={`-4 -4 ${layout.width + 8} ${layout.height + 8}`} role="img" aria-label={`Statechart of ${label}`} data-testid="compare-chart">
      <DiagramSvg layout={layout} active={NO_STATES} onReveal={ignore} trail={null} onPlay={ignore} marks={{ states: side.states, edges: side.edges }} />
    </svg>
  );
};

/** The merged spec, one element per line, the lines of changed rules marked. */
const SpecText = ({ side, label }: { side: CompareSide; label: string }) => {
  const marks = useMemo(() => {
    const out = new Map<number, DiffChange>();
    for (const span of side.spans) if (span) for (let line = span.from; line <= span.to; line++) out.set(line, span.change);
    return out;
  }, [side.spans]);
  const lines = side.text.split('\n');
  return (
    <pre className="compare-text" aria-label={`Merged spec of ${label}`} tabIndex={0} data-testid="compare-text">
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
    for (const [testId, side] of [['compare-before', reply.before], ['compare-after', reply.after]] as const) {
      const span = side.spans[index];
      const line = span && ref.current?.querySelector(`[data-testid=${testId}] [data-line="${span.from}"]`);
      if (line) line.scrollIntoView({ block: 'center' });
    }
  };

  return (
    <dialog ref={ref} className="compare-dialog" aria-labelledby="compare-title" data-testid="compare-dialog" onClose={onClose}>
      <header className="compare-head">
        <h2 id="compare-title">What the house rules change</h2>
        <p>
          {afterTitle} against {beforeTitle}. <span className="diff-added">+ added</span> <span className="diff-removed">− removed</span>{' '}
          <span className="diff-changed">~ changed</span>
        </p>
        <button type="button" className="btn ghost" onClick={() => ref.current?.close()} data-testid="compare-close">
          Close
        </button>
      </header>
      {reply === null && (
        <p role="status" data-testid="compare-status">
          Comparing…
        </p>
      )}
      {reply && !reply.ok && (
        <div role="alert" data-testid="compare-error">
          <p>The two games cannot be compared:</p>
          <ul>{'crashed' in reply ? <li>{reply.crashed}</li> : reply.diagnostics.map((d, i) => <li key={i}>{formatDiagnostic(d)}</li>)}</ul>
        </div>
      )}
      {reply?.ok && (
        <div className="compare-body">
          <ol className="compare-rules" data-testid="compare-rules">
            {reply.rules.length === 0 && <li>no rule changes</li>}
            {reply.rules.map((rule, i) => (
              <li key={i} className={`diff-${rule.change}`} data-testid="compare-rule">
                <button type="button" className="compare-rule-name" onClick={() => show(i)} title="Show it in both specs">
                  {ruleLine(rule)}
                </button>
                <ul>
                  {rule.details.map((d, j) => (
                    <li key={j} className={`diff-${d.change}`}>
                      <code>{detailLine(d).trim()}</code>
                      {d.source && (
                        <button type="button" className="btn ghost small" onClick={() => d.source && onReveal(d.source)} title="Show this line of the variant in the editor">
                          edit
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
