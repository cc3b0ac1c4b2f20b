/**
 * ELK's laid-out graph → a flat drawing model. With root-relative coordinates (set in toElk) no
 * offsets need adding; nodes are listed parents first so children are painted over them.
 */
import type { ElkNode } from 'elkjs/lib/elk-api.js';
import type { DocPath } from '../../spec/diagnostics.ts';
import type { FlowGraph } from '../../engine/types.ts';
import { INITIAL_PREFIX } from './toElk.ts';

export interface Point {
  x: number;
  y: number;
}

export interface DrawnNode {
  id: string;
  x: number;
  y: number;
  width: number;
  height: number;
  compound: boolean;
  initial: boolean;
  final: boolean;
  description?: string;
  path: DocPath;
  depth: number;
}

export interface DrawnEdge {
  id: string;
  source: string;
  target: string | null;
  kind: 'move' | 'always' | 'initial';
  /** The move's name (or the automatic transition's id). */
  name: string;
  points: Point[];
  label: { text: string; full: string; x: number; y: number; width: number; height: number } | null;
  path: DocPath;
}

export interface DiagramLayout {
  width: number;
  height: number;
  nodes: DrawnNode[];
  edges: DrawnEdge[];
  /** Initial-state markers (the dot each initial arrow starts from). */
  dots: Point[];
}

export const fromElk = (graph: FlowGraph, laid: ElkNode): DiagramLayout => {
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  const nodes: DrawnNode[] = [];
  const dots: Point[] = [];
  const walk = (elk: ElkNode, depth: number): void => {
    for (const child of elk.children ?? []) {
      const flow = byId.get(child.id);
      if (child.id.startsWith(INITIAL_PREFIX))
        dots.push({ x: (child.x ?? 0) + (child.width ?? 0) / 2, y: (child.y ?? 0) + (child.height ?? 0) / 2 });
      else if (flow) {
        nodes.push({
          id: child.id,
          x: child.x ?? 0,
          y: child.y ?? 0,
          width: child.width ?? 0,
          height: child.height ?? 0,
          compound: (child.children?.length ?? 0) > 0,
          initial: flow.initial,
          final: flow.final,
          ...(flow.description ? { description: flow.description } : {}),
          path: flow.path,
          depth,
        });
      }
      walk(child, depth + 1);
    }
  };
  walk(laid, 0);
  const flowEdges = new Map(graph.edges.map((e) => [e.id, e]));
  const edges: DrawnEdge[] = [];
  for (const elkEdge of laid.edges ?? []) {
    const points: Point[] = [];
    for (const section of elkEdge.sections ?? []) {
      points.push(section.startPoint, ...(section.bendPoints ?? []), section.endPoint);
    }
    const target = elkEdge.targets[0] ?? null;
    if (elkEdge.id.startsWith(INITIAL_PREFIX)) {
      edges.push({
        id: elkEdge.id,
        source: '',
        target,
        kind: 'initial',
        name: '',
        points,
        label: null,
        path: byId.get(target ?? '')?.path ?? [],
      });
      continue;
    }
    const flow = flowEdges.get(elkEdge.id);
    if (!flow) continue;
    const label = elkEdge.labels?.[0];
    edges.push({
      id: flow.id,
      source: flow.source,
      target: flow.target,
      kind: flow.kind,
      name: flow.label,
      points,
      label: label
        ? {
            text: label.text ?? '',
            full: `${flow.label}${flow.guard ? ` [${flow.guard}]` : ''}`,
            x: label.x ?? 0,
            y: label.y ?? 0,
            width: label.width ?? 0,
            height: label.height ?? 0,
          }
        : null,
      path: flow.path,
    });
  }
  return { width: laid.width ?? 0, height: laid.height ?? 0, nodes, edges, dots };
};
