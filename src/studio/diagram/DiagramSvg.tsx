/**
 * Draws a laid-out statechart: compound states as frames, leaves as pills, labelled transitions.
 * With a game's trail, the states and transitions it went through are drawn as its path and the
 * others dimmed; a move of the current state is a button that plays it. With a Balance run's
 * coverage shown instead, each state and transition is shaded by how often the games reached it.
 */
import type { DocPath } from '../../spec/diagnostics.ts';
import type { Trail } from './Diagram.tsx';
import type { DiagramLayout, DrawnEdge, Point } from './fromElk.ts';
import { edgeKey, heatOf, type Shading } from './coverageShade.ts';
import { pressable } from '../app/pressable.ts';
import { t, useT } from '../i18n/index.ts';
import { useRuleNotes } from '../rules/RulebookContext.tsx';

/** A word per state name and per edge id, drawn as the class `mark-WORD` (the comparison's added, removed, changed). */
export interface DiagramMarks {
  readonly states: Readonly<Record<string, string>>;
  readonly edges: Readonly<Record<string, string>>;
}

interface Props {
  layout: DiagramLayout;
  active: ReadonlySet<string>;
  onReveal: (path: DocPath) => void;
  trail: Trail | null;
  onPlay: (move: string) => void;
  marks?: DiagramMarks;
  /** Coverage to shade by; it takes the place of the trail. */
  shading?: Shading | null;
}

const markOf = (marks: Readonly<Record<string, string>> | undefined, id: string): string => {
  const mark = marks && Object.hasOwn(marks, id) ? marks[id] : undefined;
  return mark ? `mark-${mark}` : '';
};

interface Reached {
  states: ReadonlySet<string>;
  edges: ReadonlySet<string>;
}

/**
 * The states and transitions a trail went through. Moves are known exactly (the move and the
 * states it was made from); an automatic transition counts as taken when the game was in both of
 * its ends, since the engine settles them between moves without recording each step.
 */
export const reachedBy = (layout: DiagramLayout, trail: Trail): Reached => {
  const states = new Set(trail.visited);
  const edges = new Set<string>();
  for (const e of layout.edges) {
    if (e.kind === 'move' && trail.moves.some((m) => m.move === e.name && m.from.includes(e.source))) edges.add(e.id);
    if (e.kind === 'always' && states.has(e.source) && (e.target === null || states.has(e.target))) edges.add(e.id);
  }
  for (const e of layout.edges) if (edges.has(e.id) && e.target) states.add(e.target);
  return { states, edges };
};

const trailClass = (reached: Reached | null, id: string, kind: 'states' | 'edges'): string =>
  reached === null ? '' : reached[kind].has(id) ? 'reached' : 'unreached';

const pathOf = (points: readonly Point[]): string =>
  points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x.toFixed(1)} ${p.y.toFixed(1)}`).join(' ');

const stateCoverage = (shading: Shading | null, id: string): { className: string; note: string } => {
  if (!shading) return { className: '', note: '' };
  const n = shading.states.get(id) ?? 0;
  return { className: `cov cov-${heatOf(n, shading.maxState)}`, note: ` — ${t('diagram.entered', { n, games: shading.games })}` };
};

const edgeCoverage = (shading: Shading | null, edge: DrawnEdge): { className: string; note: string } => {
  if (!shading || edge.kind === 'initial') return { className: '', note: '' };
  const n = shading.edges.get(edgeKey(edge.path)) ?? 0;
  return { className: `cov cov-${heatOf(n, shading.maxEdge)}`, note: ` — ${t('diagram.taken', { n, games: shading.games })}` };
};

const edgeClass = (
  edge: DrawnEdge,
  active: ReadonlySet<string>,
  reached: Reached | null,
  marks: DiagramMarks | undefined,
  shading: Shading | null,
): string =>
  [
    'edge',
    `edge-${edge.kind}`,
    active.has(edge.source) ? 'edge-live' : '',
    edge.kind === 'initial' ? '' : trailClass(reached, edge.id, 'edges'),
    markOf(marks?.edges, edge.id),
    edgeCoverage(shading, edge).className,
  ].join(' ');

export const DiagramSvg = ({ layout, active, onReveal, trail, onPlay, marks, shading = null }: Props) => {
  // Subscribes to the language: the labels and tooltips below speak it.
  useT();
  // A state's or a move's description that cites a rule shows the rule in its tooltip.
  const notes = useRuleNotes();
  const reached = trail && !shading ? reachedBy(layout, trail) : null;
  const playable = (e: DrawnEdge): boolean => e.kind === 'move' && active.has(e.source);
  return (
    <>
      <defs>
        <marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
          <path d="M0 0 L10 5 L0 10 z" className="arrow-head" />
        </marker>
        <marker id="arrow-live" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
          <path d="M0 0 L10 5 L0 10 z" className="arrow-head live" />
        </marker>
      </defs>
      {layout.nodes
        .filter((n) => n.compound)
        .map((n) => (
          <g
            key={n.id}
            className={`state compound depth-${Math.min(n.depth, 3)} ${active.has(n.id) ? 'active' : ''} ${trailClass(reached, n.id, 'states')} ${markOf(marks?.states, n.id)} ${stateCoverage(shading, n.id).className}`}
            data-clickable
            data-state={n.id}
            {...pressable(t('diagram.stateReveal', { state: n.id }), () => onReveal(n.path))}
          >
            <title>{(n.description ? `${n.id}: ${n.description}${notes(n.description)}` : n.id) + stateCoverage(shading, n.id).note}</title>
            <rect x={n.x} y={n.y} width={n.width} height={n.height} rx={8} />
            <text x={n.x + 10} y={n.y + 17} className="state-label">
              {n.id}
            </text>
          </g>
        ))}
      {layout.edges.map((e) => (
        <path
          key={e.id}
          d={pathOf(e.points)}
          className={edgeClass(e, active, reached, marks, shading)}
          markerEnd={active.has(e.source) ? 'url(#arrow-live)' : 'url(#arrow)'}
        />
      ))}
      {layout.dots.map((d, i) => (
        <circle key={i} cx={d.x} cy={d.y} r={4} className="initial-dot" />
      ))}
      {layout.nodes
        .filter((n) => !n.compound)
        .map((n) => (
          <g
            key={n.id}
            className={`state leaf ${n.final ? 'final' : ''} ${active.has(n.id) ? 'active' : ''} ${trailClass(reached, n.id, 'states')} ${markOf(marks?.states, n.id)} ${stateCoverage(shading, n.id).className}`}
            data-clickable
            data-state={n.id}
            {...pressable(t('diagram.stateReveal', { state: n.id }), () => onReveal(n.path))}
          >
            <title>{(n.description ? `${n.id}: ${n.description}${notes(n.description)}` : n.id) + stateCoverage(shading, n.id).note}</title>
            <rect x={n.x} y={n.y} width={n.width} height={n.height} rx={n.height / 2} />
            {n.final && (
              <rect x={n.x + 3} y={n.y + 3} width={n.width - 6} height={n.height - 6} rx={(n.height - 6) / 2} className="final-ring" />
            )}
            <text x={n.x + n.width / 2} y={n.y + n.height / 2 + 4} textAnchor="middle" className="state-label">
              {n.id}
            </text>
          </g>
        ))}
      {layout.edges.map(
        (e) =>
          e.label && (
            <g
              key={`label-${e.id}`}
              className={`edge-label edge-label-${e.kind} ${active.has(e.source) ? 'live' : ''} ${playable(e) ? 'playable' : ''} ${trailClass(reached, e.id, 'edges')} ${markOf(marks?.edges, e.id)} ${edgeCoverage(shading, e).className}`}
              data-clickable
              data-edge={e.id}
              data-play={playable(e) ? e.name : undefined}
              {...pressable(`${e.label.full}: ${t(playable(e) ? 'diagram.playIt' : 'diagram.showIt')}`, () =>
                playable(e) ? onPlay(e.name) : onReveal(e.path),
              )}
            >
              <title>{`${t(e.kind === 'always' ? 'diagram.automatic' : 'diagram.move')}: ${e.label.full}${notes(e.label.full)}${playable(e) ? ` — ${t('diagram.pressToPlay')}` : reached && !reached.edges.has(e.id) ? ` — ${t('diagram.notTaken')}` : ''}${edgeCoverage(shading, e).note}`}</title>
              <rect x={e.label.x - 3} y={e.label.y} width={e.label.width + 6} height={e.label.height} rx={3} />
              <text x={e.label.x} y={e.label.y + e.label.height - 4}>
                {e.label.text}
              </text>
            </g>
          ),
      )}
    </>
  );
};
