/**
 * The flow as a graph of states and transitions, for the studio's diagram and the `graph`
 * command (JSON, Graphviz dot or Mermaid).
 */
import type { DocPath } from '../spec/diagnostics.ts';
import type { StateInfo, TransitionInfo } from '../check/flow.ts';
import type { GameSpec, Guard } from '../spec/types.ts';

/** The compiled flow as a graph, for diagrams and the `graph` command. */
export interface FlowGraph {
  readonly nodes: readonly FlowNode[];
  readonly edges: readonly FlowEdge[];
}

export interface FlowNode {
  /** Unique state name (state names are unique in a flow). */
  readonly id: string;
  readonly parent: string | null;
  readonly initial: boolean;
  readonly final: boolean;
  readonly description?: string;
  /** Where the state is written in the spec. */
  readonly path: DocPath;
}

export interface FlowEdge {
  readonly id: string;
  readonly source: string;
  readonly target: string | null;
  readonly kind: 'move' | 'always';
  /** The move name, or the automatic transition's id. */
  readonly label: string;
  readonly guard?: string;
  readonly path: DocPath;
}

const guardText = (guard: Guard | undefined): string | undefined =>
  guard === undefined ? undefined : typeof guard === 'string' ? guard : guard.map((c) => c.test).join(' and ');

export const flowGraph = (spec: GameSpec, states: readonly StateInfo[], transitions: readonly TransitionInfo[]): FlowGraph => {
  const nodes: FlowNode[] = states.map((s) => ({
    id: s.name,
    parent: s.parent,
    initial: s.parent === null ? spec.flow.initial === s.name : states.find((p) => p.name === s.parent)?.spec.initial === s.name,
    final: s.spec.final === true,
    ...(s.spec.description ? { description: s.spec.description } : {}),
    path: s.path,
  }));
  const edges: FlowEdge[] = transitions.map((t, i) => {
    const guard = guardText(t.spec.guard);
    return {
      id: `e${i}`,
      source: t.source,
      target: t.target,
      kind: t.kind,
      label: t.label,
      ...(guard ? { guard } : {}),
      path: t.path,
    };
  });
  return { nodes, edges };
};

const quote = (s: string): string => JSON.stringify(s);

export const graphToDot = (graph: FlowGraph, title: string): string => {
  const lines = [`digraph ${quote(title)} {`, '  rankdir=LR;', '  node [shape=box, style=rounded];', '  compound=true;'];
  const children = (parent: string | null): FlowNode[] => graph.nodes.filter((n) => n.parent === parent);
  const emit = (parent: string | null, indent: string): void => {
    for (const node of children(parent)) {
      if (children(node.id).length > 0) {
        lines.push(`${indent}subgraph ${quote(`cluster_${node.id}`)} {`, `${indent}  label=${quote(node.id)};`);
        emit(node.id, `${indent}  `);
        lines.push(`${indent}}`);
      } else {
        lines.push(`${indent}${quote(node.id)}${node.final ? ' [peripheries=2]' : ''};`);
      }
    }
  };
  emit(null, '  ');
  const leafOf = (id: string): string => {
    const first = children(id).find((c) => c.initial) ?? children(id)[0];
    return first ? leafOf(first.id) : id;
  };
  for (const e of graph.edges) {
    const label = e.kind === 'always' ? `[${e.label}]${e.guard ? ` ${e.guard}` : ''}` : `${e.label}${e.guard ? ` [${e.guard}]` : ''}`;
    const target = e.target === null ? e.source : e.target;
    lines.push(
      `  ${quote(leafOf(e.source))} -> ${quote(leafOf(target))} [label=${quote(label)}${e.kind === 'always' ? ', style=dashed' : ''}];`,
    );
  }
  lines.push('}');
  return lines.join('\n');
};

export const graphToMermaid = (graph: FlowGraph, initial: string): string => {
  const lines = ['stateDiagram-v2'];
  const children = (parent: string | null): FlowNode[] => graph.nodes.filter((n) => n.parent === parent);
  const safe = (s: string): string => s.replace(/[^A-Za-z0-9_]/g, '_');
  const emit = (parent: string | null, indent: string): void => {
    const initialChild = parent === null ? initial : children(parent).find((c) => c.initial)?.id;
    if (initialChild) lines.push(`${indent}[*] --> ${safe(initialChild)}`);
    for (const node of children(parent)) {
      if (children(node.id).length > 0) {
        lines.push(`${indent}state ${safe(node.id)} {`);
        emit(node.id, `${indent}  `);
        lines.push(`${indent}}`);
      }
      if (node.final) lines.push(`${indent}${safe(node.id)} --> [*]`);
    }
  };
  emit(null, '  ');
  for (const e of graph.edges) {
    const label = (e.kind === 'always' ? `always ${e.label}` : e.label) + (e.guard ? ` [${e.guard}]` : '');
    // A label ends at the end of its line: a newline in a guard would start a Mermaid line of its own.
    lines.push(`  ${safe(e.source)} --> ${safe(e.target ?? e.source)} : ${label.replace(/[:;]/g, ' ').replace(/\s+/g, ' ')}`);
  }
  return lines.join('\n');
};
