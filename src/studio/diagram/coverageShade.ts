/**
 * The statechart shaded by a Balance run's coverage: each state by how often it was entered, each
 * transition by how often it was taken, in four steps on a log scale (never, rarely, often, most),
 * so a state entered once in a thousand games still shows apart from one never entered.
 */
import type { CoverageReport } from '../../sim/coverageReport.ts';
import type { DocPath } from '../../spec/diagnostics.ts';

export type Heat = 0 | 1 | 2 | 3;

export interface Shading {
  readonly games: number;
  readonly states: ReadonlyMap<string, number>;
  /** Times taken, by the transition's spec path. */
  readonly edges: ReadonlyMap<string, number>;
  readonly maxState: number;
  readonly maxEdge: number;
}

export const edgeKey = (path: DocPath): string => path.join('.');

export const shadingOf = (report: CoverageReport): Shading => {
  const states = new Map(report.states.map((s) => [s.name, s.entered]));
  const edges = new Map(report.transitions.map((t) => [edgeKey(t.path), t.taken]));
  return { games: report.games, states, edges, maxState: Math.max(0, ...states.values()), maxEdge: Math.max(0, ...edges.values()) };
};

export const heatOf = (count: number, max: number): Heat => {
  if (count <= 0) return 0;
  const share = Math.log1p(count) / Math.log1p(Math.max(max, 1));
  return share < 0.5 ? 1 : share < 0.85 ? 2 : 3;
};
