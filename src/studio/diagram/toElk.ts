/**
 * FlowGraph → ELK graph. Parent states become ELK compound nodes containing their children
 * (hierarchy handled by ELK in one pass), leaves are sized from their measured label, and every
 * transition carries its label (move name or automatic id, plus the guard) so ELK places labels
 * without overlaps. Coordinates come back relative to the root, ready to draw.
 */
import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api.js';
import type { FlowEdge, FlowGraph } from '../../engine/types.ts';

/** Measures text in pixels; the caller uses a canvas in the page and a fixed width in tests. */
export type Measure = (text: string, font: 'node' | 'edge') => number;

export const NODE_HEIGHT = 30;
export const LABEL_HEIGHT = 16;
const NODE_PAD_X = 14;
const MIN_NODE_WIDTH = 64;
const COMPOUND_HEADER = 26;
const GUARD_MAX = 20;
export const INITIAL_PREFIX = '__initial__:';
export const INITIAL_DOT = 10;

export const edgeLabel = (edge: FlowEdge, guards = true): string => {
  const guard = guards && edge.guard ? ` [${edge.guard.length > GUARD_MAX ? `${edge.guard.slice(0, GUARD_MAX - 1)}…` : edge.guard}]` : '';
  return `${edge.label}${guard}`;
};

/**
 * ELK reads these per container, so compound states repeat them for their own children.
 * DEPTH_FIRST walks from the initial dots, so a cycle is cut at its back edge and the flow reads
 * top-down like the YAML. (MODEL_ORDER cycle breaking and considerModelOrder both crash elkjs 0.12
 * on some nested graphs; the layout client retries with ELK's defaults if a layout still fails.)
 */
const NESTED_OPTIONS = {
  'elk.layered.cycleBreaking.strategy': 'DEPTH_FIRST',
} as const;

/** Drops our tuning options everywhere, leaving ELK's defaults: the fallback when a layout fails. */
export const withDefaults = (node: ElkNode): ElkNode => {
  const layoutOptions = Object.fromEntries(Object.entries(node.layoutOptions ?? {}).filter(([k]) => !(k in NESTED_OPTIONS)));
  return {
    ...node,
    layoutOptions,
    ...(node.children ? { children: node.children.map(withDefaults) } : {}),
  };
};

export const toElk = (graph: FlowGraph, measure: Measure, options: { guards?: boolean } = {}): ElkNode => {
  const childrenOf = new Map<string | null, ElkNode[]>();
  const parents = new Set(graph.nodes.map((n) => n.parent).filter((p): p is string => p !== null));
  const known = new Set(graph.nodes.map((n) => n.id));
  const elkNodes = new Map<string, ElkNode>();
  for (const node of graph.nodes) {
    const compound = parents.has(node.id);
    const labelWidth = measure(node.id, 'node');
    const elk: ElkNode = {
      id: node.id,
      labels: [{ text: node.id, width: labelWidth, height: LABEL_HEIGHT }],
      layoutOptions: compound
        ? {
            'elk.padding': `[top=${COMPOUND_HEADER},left=12,bottom=12,right=12]`,
            'elk.nodeSize.constraints': 'NODE_LABELS MINIMUM_SIZE',
            'elk.nodeSize.minimum': `(${Math.max(MIN_NODE_WIDTH, labelWidth + 2 * NODE_PAD_X)},${NODE_HEIGHT})`,
            'elk.nodeLabels.placement': 'INSIDE V_TOP H_LEFT',
            ...NESTED_OPTIONS,
          }
        : {},
    };
    if (!compound) {
      elk.width = Math.max(MIN_NODE_WIDTH, labelWidth + 2 * NODE_PAD_X);
      elk.height = NODE_HEIGHT;
    }
    elkNodes.set(node.id, elk);
    // A parent the graph does not list is drawn at the top level rather than lost.
    const parent = node.parent !== null && known.has(node.parent) ? node.parent : null;
    const siblings = childrenOf.get(parent) ?? [];
    siblings.push(elk);
    childrenOf.set(parent, siblings);
  }
  // A small dot with an arrow to each initial state, as statechart diagrams draw it; it also makes
  // ELK put the initial state first in its container instead of where cycle breaking lands it.
  const initialEdges: ElkExtendedEdge[] = [];
  for (const node of graph.nodes) {
    if (!node.initial) continue;
    const parent = node.parent !== null && known.has(node.parent) ? node.parent : null;
    const dot: ElkNode = { id: `${INITIAL_PREFIX}${node.id}`, width: INITIAL_DOT, height: INITIAL_DOT };
    const siblings = childrenOf.get(parent) ?? [];
    siblings.unshift(dot);
    childrenOf.set(parent, siblings);
    initialEdges.push({ id: `${INITIAL_PREFIX}${node.id}`, sources: [dot.id], targets: [node.id] });
  }
  for (const [parent, children] of childrenOf) {
    if (parent === null) continue;
    const elk = elkNodes.get(parent);
    if (elk) elk.children = children;
  }
  const edges: ElkExtendedEdge[] = graph.edges
    .filter((e) => known.has(e.source) && (e.target === null || known.has(e.target)))
    .map((edge) => {
      const text = edgeLabel(edge, options.guards ?? true);
      return {
        id: edge.id,
        sources: [edge.source],
        // A transition without a target stays in its state: draw it as a loop.
        targets: [edge.target ?? edge.source],
        labels: [{ text, width: measure(text, 'edge'), height: LABEL_HEIGHT }],
      };
    });
  return {
    id: '__root__',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'DOWN',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.json.edgeCoords': 'ROOT',
      'elk.json.shapeCoords': 'ROOT',
      'elk.edgeRouting': 'ORTHOGONAL',
      'elk.edgeLabels.placement': 'CENTER',
      'elk.layered.spacing.nodeNodeBetweenLayers': '34',
      'elk.spacing.nodeNode': '24',
      'elk.spacing.edgeLabel': '4',
      'elk.spacing.edgeNode': '14',
      'elk.layered.spacing.edgeNodeBetweenLayers': '14',
      'elk.layered.nodePlacement.strategy': 'NETWORK_SIMPLEX',
      'elk.padding': '[top=12,left=12,bottom=12,right=12]',
      // Keep the spec's order where the graph allows it: the diagram then reads like the YAML.
      ...NESTED_OPTIONS,
    },
    children: childrenOf.get(null) ?? [],
    edges: [...initialEdges, ...edges],
  };
};
