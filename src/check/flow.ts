/**
 * Static checks of the flow: state names unique and not reserved, initial states and targets that
 * exist, moves that exist, states no path reaches, moves no state offers, and automatic
 * transitions that can go round in a circle without a move in between.
 */
import { didYouMean } from '../lang/index.ts';
import type { DocPath, Problem } from '../spec/diagnostics.ts';
import type { FlowSpec, GameSpec, StateSpec, TransitionSpec } from '../spec/types.ts';
import { acknowledgeHint, type CheckedWarning } from './warnings.ts';

/** An error, or a warning the author may acknowledge where it arises. */
export type FlowProblem = (Problem & { readonly severity: 'error' }) | CheckedWarning;

export interface StateInfo {
  name: string;
  parent: string | null;
  spec: StateSpec;
  path: DocPath;
}

export interface TransitionInfo {
  source: string;
  target: string | null;
  kind: 'move' | 'always';
  label: string;
  guarded: boolean;
  spec: TransitionSpec;
  path: DocPath;
}

export const RESERVED_PREFIX = '__';

/** Every state of the flow by name, parents before children. */
export const collectStates = (flow: FlowSpec): { states: StateInfo[]; problems: FlowProblem[] } => {
  const states: StateInfo[] = [];
  const problems: FlowProblem[] = [];
  const seen = new Map<string, DocPath>();
  const walk = (children: Record<string, StateSpec>, parent: string | null, path: DocPath): void => {
    for (const [name, spec] of Object.entries(children)) {
      const at = [...path, name];
      if (name.startsWith(RESERVED_PREFIX)) {
        problems.push({
          path: at,
          severity: 'error',
          code: 'reserved-name',
          message: `state names starting with '${RESERVED_PREFIX}' are reserved for the engine`,
        });
      }
      const earlier = seen.get(name);
      if (earlier) {
        problems.push({
          path: at,
          severity: 'error',
          code: 'duplicate-name',
          message: `state '${name}' is declared twice (also at ${earlier.join('.')}): state names must be unique in a flow so targets can name them`,
        });
      }
      seen.set(name, at);
      states.push({ name, parent, spec, path: at });
      if (spec.states) walk(spec.states, name, [...at, 'states']);
    }
  };
  walk(flow.states, null, ['flow', 'states']);
  return { states, problems };
};

export const transitionsOf = (state: StateInfo): TransitionInfo[] => {
  const out: TransitionInfo[] = [];
  (state.spec.always ?? []).forEach((t, i) => {
    out.push({
      source: state.name,
      target: t.target ?? null,
      kind: 'always',
      label: t.id ?? `always ${i + 1}`,
      guarded: t.guard !== undefined,
      spec: t,
      path: [...state.path, 'always', i],
    });
  });
  for (const [move, value] of Object.entries(state.spec.on ?? {})) {
    const list = typeof value === 'string' ? [{ target: value }] : Array.isArray(value) ? value : [value];
    list.forEach((t, i) => {
      const path =
        typeof value === 'string'
          ? [...state.path, 'on', move]
          : Array.isArray(value)
            ? [...state.path, 'on', move, i]
            : [...state.path, 'on', move];
      out.push({ source: state.name, target: t.target ?? null, kind: 'move', label: move, guarded: t.guard !== undefined, spec: t, path });
    });
  }
  return out;
};

const initialOf = (state: StateInfo, byName: Map<string, StateInfo>, problems: FlowProblem[]): string | undefined => {
  const children = Object.keys(state.spec.states ?? {});
  if (children.length === 0) return undefined;
  const initial = state.spec.initial;
  if (initial === undefined) {
    problems.push({
      path: state.path,
      severity: 'error',
      code: 'missing-initial',
      message: `state '${state.name}' has child states but no 'initial' to say which comes first`,
    });
    return children[0];
  }
  if (!children.includes(initial) || !byName.has(initial)) {
    problems.push({
      path: [...state.path, 'initial'],
      severity: 'error',
      code: 'missing-initial',
      message: `initial state '${initial}' is not a child of '${state.name}' (children: ${children.join(', ')})`,
    });
    return children[0];
  }
  return initial;
};

export const checkFlow = (spec: GameSpec): { states: StateInfo[]; transitions: TransitionInfo[]; problems: FlowProblem[] } => {
  const { states, problems } = collectStates(spec.flow);
  const byName = new Map(states.map((s) => [s.name, s]));
  const topLevel = Object.keys(spec.flow.states);
  if (!topLevel.includes(spec.flow.initial)) {
    problems.push({
      path: ['flow', 'initial'],
      severity: 'error',
      code: 'missing-initial',
      message: `initial state '${spec.flow.initial}' is not a top-level state of the flow (top-level states: ${topLevel.join(', ')})`,
    });
  }
  const initials = new Map<string, string>();
  for (const state of states) {
    const initial = initialOf(state, byName, problems);
    if (initial) initials.set(state.name, initial);
  }
  const transitions = states.flatMap(transitionsOf);
  const moves = spec.moves ?? {};
  const offered = new Set<string>();
  for (const t of transitions) {
    if (t.target !== null && !byName.has(t.target)) {
      problems.push({
        path: t.path,
        severity: 'error',
        code: 'unknown-target',
        message: `target '${t.target}' is not a state of the flow${didYouMean(t.target, [...byName.keys()])}`,
      });
    }
    if (t.kind === 'move') {
      offered.add(t.label);
      if (!(t.label in moves)) {
        problems.push({
          path: t.path,
          severity: 'error',
          code: 'unknown-move',
          message: `'${t.label}' is not a move (moves: ${Object.keys(moves).join(', ') || 'none'})${didYouMean(t.label, Object.keys(moves))}`,
        });
      }
    }
    if (t.kind === 'always' && t.target === null && !t.guarded) {
      problems.push({
        path: t.path,
        severity: 'error',
        code: 'automatic-loop',
        message: `automatic transition '${t.label}' has neither a target nor a guard: it would fire forever`,
      });
    }
  }
  for (const name of Object.keys(moves)) {
    if (!offered.has(name)) {
      const path = ['moves', name];
      problems.push({
        path,
        severity: 'warning',
        kind: 'unoffered',
        by: [path],
        message: `move '${name}' is offered by no state of the flow (${acknowledgeHint('unoffered')})`,
      });
    }
  }
  if (problems.some((p) => p.severity === 'error')) return { states, transitions, problems };

  // States entered: the leaf that entering a state leads to, and every ancestor on the way.
  const entered = (name: string): string[] => {
    const out = [name];
    let current = initials.get(name);
    while (current) {
      out.push(current);
      current = initials.get(current);
    }
    return out;
  };
  const ancestors = (name: string): string[] => {
    const out: string[] = [];
    let current: string | null | undefined = name;
    while (current) {
      out.push(current);
      current = byName.get(current)?.parent;
    }
    return out;
  };
  const reached = new Set<string>();
  const queue = entered(spec.flow.initial);
  while (queue.length > 0) {
    const name = queue.pop() as string;
    if (reached.has(name)) continue;
    reached.add(name);
    for (const a of ancestors(name)) if (!reached.has(a)) queue.push(a);
    for (const t of transitions) {
      if (t.source === name && t.target) for (const e of entered(t.target)) if (!reached.has(e)) queue.push(e);
    }
    for (const child of Object.keys(byName.get(name)?.spec.states ?? {})) {
      if (reached.has(name) && initials.get(name) === child && !reached.has(child)) queue.push(child);
    }
  }
  for (const state of states) {
    if (!reached.has(state.name)) {
      const message = `state '${state.name}' cannot be reached from the initial state (${acknowledgeHint('unreachable')})`;
      problems.push({ path: state.path, severity: 'warning', kind: 'unreachable', by: [state.path], message });
    }
  }
  problems.push(...automaticCycles(states, transitions, entered, ancestors, (name) => byName.get(name)?.path ?? []));
  return { states, transitions, problems };
};

/**
 * A cycle of automatic transitions runs without any move; unguarded it never stops (an error), and
 * guarded it may not (a warning: the engine stops it after a bounded number of steps).
 */
const automaticCycles = (
  states: StateInfo[],
  transitions: TransitionInfo[],
  entered: (name: string) => string[],
  ancestors: (name: string) => string[],
  pathOf: (state: string) => DocPath,
): FlowProblem[] => {
  const leaves = states.filter((s) => Object.keys(s.spec.states ?? {}).length === 0).map((s) => s.name);
  const edges = new Map<string, { to: string; t: TransitionInfo }[]>();
  for (const leaf of leaves) {
    const out: { to: string; t: TransitionInfo }[] = [];
    for (const a of ancestors(leaf)) {
      for (const t of transitions) {
        if (t.kind !== 'always' || t.source !== a || !t.target) continue;
        const path = entered(t.target);
        out.push({ to: path[path.length - 1] as string, t });
      }
    }
    edges.set(leaf, out);
  }
  const problems: FlowProblem[] = [];
  const reported = new Set<string>();
  const done = new Set<string>();
  const visit = (node: string, trail: { node: string; via?: TransitionInfo }[]): void => {
    for (const { to, t } of edges.get(node) ?? []) {
      const at = trail.findIndex((step) => step.node === to);
      if (at >= 0) {
        const cycle = [...trail.slice(at + 1).map((step) => step.via as TransitionInfo), t];
        const key = cycle
          .map((c) => `${c.source}:${c.label}`)
          .sort()
          .join('|');
        if (reported.has(key)) continue;
        reported.add(key);
        const names = [...trail.slice(at).map((step) => step.node), to].join(' → ');
        if (cycle.every((c) => !c.guarded))
          problems.push({
            path: t.path,
            severity: 'error',
            code: 'automatic-loop',
            message: `automatic transitions loop without end: ${names}`,
          });
        else {
          const message = `automatic transitions can loop: ${names} (make sure a guard stops it; ${acknowledgeHint('loop')} or its state)`;
          problems.push({ path: t.path, severity: 'warning', kind: 'loop', by: cycle.flatMap((c) => [c.path, pathOf(c.source)]), message });
        }
      } else if (!done.has(to)) {
        visit(to, [...trail, { node: to, via: t }]);
      }
    }
    done.add(node);
  };
  for (const leaf of leaves) visit(leaf, [{ node: leaf }]);
  return problems;
};
