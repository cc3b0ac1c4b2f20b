/**
 * The statechart of the compiled flow: laid out by ELK in a worker (debounced, only when the graph
 * changed), drawn as SVG, readable by default (labels at full size, guards in the tooltips, the view
 * on the current state). While playing: the active states are highlighted, the path this game took
 * is drawn and what it never reached is dimmed; pressing a move of the current state plays it.
 * After a Balance run that counted coverage, the states and transitions are shaded by how often
 * the games reached them (a toggle switches back to the game's path).
 * Clicking a state or another transition reveals where it is written in the spec.
 */
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import type { FlowGraph } from '../../engine/types.ts';
import type { DocPath } from '../../spec/diagnostics.ts';
import type { DiagramLayout } from './fromElk.ts';
import type { TimedLayout } from './layoutClient.ts';
import { layoutFlow, warmUpLayout } from './layoutClient.ts';
import { fixedMeasure } from './textWidths.ts';
import { DiagramSvg } from './DiagramSvg.tsx';
import { fitView, readableView, usePanZoom } from './usePanZoom.ts';
import type { CoverageReport } from '../../sim/coverageReport.ts';
import { shadingOf } from './coverageShade.ts';
import { useT } from '../i18n/index.ts';

/** What this game has gone through so far, for drawing its path. */
export interface Trail {
  /** Every state the game has been in (as seen after each move). */
  readonly visited: readonly string[];
  /** The moves made, each with the states active when it was made. */
  readonly moves: readonly { readonly from: readonly string[]; readonly move: string }[];
}

interface Props {
  graph: FlowGraph | undefined;
  active: readonly string[];
  onReveal: (path: DocPath) => void;
  /** Set when the spec has errors and the graph shown is the last good one. */
  stale: boolean;
  trail: Trail | null;
  /** Plays a move of the current state (its arguments are asked on the board). */
  onPlay: (move: string) => void;
  /** The coverage of the last Balance run of these rules, if it counted it. */
  coverage: CoverageReport | null;
}

const DEBOUNCE_MS = 150;

const DiagramInner = ({ graph, active, onReveal, stale, trail, onPlay, coverage }: Props) => {
  const t = useT();
  const [showCoverage, setShowCoverage] = useState(true);
  const shading = useMemo(() => (coverage && showCoverage ? shadingOf(coverage) : null), [coverage, showCoverage]);
  const [layout, setLayout] = useState<DiagramLayout | null>(null);
  // Guards make labels long; a narrow pane reads better with move names alone (guards stay in
  // each label's tooltip).
  const [guards, setGuards] = useState(false);
  const [status, setStatus] = useState<{ ms?: number; source?: TimedLayout['source']; error?: string; busy: boolean; count: number }>({
    busy: false,
    count: 0,
  });
  const svgRef = useRef<SVGSVGElement | null>(null);
  const { view, setView, onPointerDown, panned, setPanned } = usePanZoom(svgRef);
  const measure = fixedMeasure;
  useEffect(warmUpLayout, []);
  // The graph object changes on every compile; lay out again only when its content changed.
  const graphKey = useMemo(() => (graph ? JSON.stringify(graph) : ''), [graph]);

  useEffect(() => {
    if (!graph) return;
    let cancelled = false;
    setStatus((s) => ({ ...s, busy: true }));
    // The first layout goes at once; later ones wait for the edits to pause.
    const timer = setTimeout(
      () => {
        layoutFlow(graph, measure, { guards }).then(
          ({ layout: laid, ms, source }) => {
            if (cancelled) return;
            setLayout(laid);
            setStatus((s) => ({ ms, source, busy: false, count: s.count + 1 }));
          },
          (err: unknown) => {
            if (!cancelled)
              setStatus((s) => ({ error: err instanceof Error ? err.message : String(err), busy: false, count: s.count + 1 }));
          },
        );
      },
      layout ? DEBOUNCE_MS : 0,
    );
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
    // graphKey stands for the graph's content, so `graph` itself is deliberately not a dependency.
  }, [graphKey, measure, guards]);

  const activeSet = useMemo(() => new Set(active), [active]);
  const focus = useMemo(() => {
    const leaf = layout?.nodes.filter((n) => activeSet.has(n.id)).pop();
    return leaf ? { x: leaf.x + leaf.width / 2, y: leaf.y + leaf.height / 2 } : null;
  }, [layout, activeSet]);

  const fitReadable = (): void => {
    const svg = svgRef.current;
    if (!svg || !layout) return;
    setView(readableView({ width: svg.clientWidth, height: svg.clientHeight }, layout, focus));
    setPanned(false);
  };
  const fitAll = (): void => {
    const svg = svgRef.current;
    if (!svg || !layout) return;
    setView(fitView({ width: svg.clientWidth, height: svg.clientHeight }, layout));
    setPanned(true);
  };

  // The pane's size: on a narrow screen the diagram is laid out while its tab is hidden (0×0), so
  // it must be fitted again when the tab is shown, as after any resize.
  const [box, setBox] = useState({ width: 0, height: 0 });
  useEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
    const observer = new ResizeObserver(() => setBox({ width: svg.clientWidth, height: svg.clientHeight }));
    observer.observe(svg);
    return () => observer.disconnect();
  }, []);

  // Each new layout, each move and each new size re-centres the readable view unless the user moved it.
  useEffect(() => {
    if (!panned) fitReadable();
  }, [layout, focus?.x, focus?.y, box.width, box.height]);

  return (
    <section className="pane diagram-pane" aria-label={t('diagram.title')}>
      <header className="pane-head">
        <span className="pane-title">{t('diagram.title')}</span>
        <span className="pane-meta" data-testid="diagram-status">
          {status.error
            ? t('diagram.layoutFailed', { error: status.error })
            : status.busy
              ? t('diagram.layingOut')
              : status.ms !== undefined
                ? `${t('diagram.counts', { states: layout?.nodes.length ?? 0, transitions: layout?.edges.filter((e) => e.kind !== 'initial').length ?? 0 })} · ${status.source === 'worker' ? t('diagram.elkMs', { ms: Math.round(status.ms) }) : t(status.source === 'build' ? 'diagram.elkBuild' : 'diagram.elkKept')}`
                : ''}
          {stale ? ` · ${t('diagram.stale')}` : ''}
        </span>
        <label className="diagram-toggle" title={t('diagram.guardsTitle')}>
          <input type="checkbox" checked={guards} onChange={(e) => setGuards(e.target.checked)} data-testid="diagram-guards" />
          {t('diagram.guards')}
        </label>
        {coverage && (
          <label className="diagram-toggle" title={t('diagram.coverageTitle')}>
            <input
              type="checkbox"
              checked={showCoverage}
              onChange={(e) => setShowCoverage(e.target.checked)}
              data-testid="diagram-coverage"
            />
            {t('diagram.coverage')}
          </label>
        )}
        <button
          type="button"
          className="btn ghost small"
          onClick={fitReadable}
          title={t('diagram.readableTitle')}
          data-testid="diagram-readable"
        >
          {t('diagram.readable')}
        </button>
        <button type="button" className="btn ghost small" onClick={fitAll} title={t('diagram.fitAllTitle')}>
          {t('diagram.fitAll')}
        </button>
      </header>
      <div
        className="diagram-body"
        data-testid="diagram"
        data-layout-ms={status.ms !== undefined ? Math.round(status.ms) : undefined}
        data-layout-count={status.count}
        data-layout-source={status.source}
      >
        {!graph && <p className="empty-note">{t('diagram.none')}</p>}
        <svg ref={svgRef} className="diagram-svg" onPointerDown={onPointerDown} role="group" aria-label={t('diagram.svgLabel')}>
          {layout && (
            <g transform={`translate(${view.x} ${view.y}) scale(${view.k})`}>
              <DiagramSvg layout={layout} active={activeSet} onReveal={onReveal} trail={trail} onPlay={onPlay} shading={shading} />
            </g>
          )}
        </svg>
      </div>
    </section>
  );
};

/** Memoised: keystrokes re-render the workbench, and the diagram only follows the compiled graph. */
export const Diagram = memo(DiagramInner);
