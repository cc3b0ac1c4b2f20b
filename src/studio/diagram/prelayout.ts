/**
 * The layouts made at build time: each shipped game's base flow, compiled as the studio compiles it
 * and laid out by ELK with the studio's own input (toElk with the fixed text widths, guards shown
 * and hidden), keyed by that input's hash. The build (vite.config.ts) runs this in Node over every
 * folder of games/ and the studio imports the result lazily (`virtual:diagram-layouts`); a graph
 * it does not hold (an edited spec, variants switched on) is laid out by the worker as before.
 */
import type { ELK, ElkNode } from 'elkjs/lib/elk-api.js';
import { compileGame } from '../../compile/index.ts';
import type { FlowGraph } from '../../engine/types.ts';
import { layoutKey, slim } from './layoutCache.ts';
import { fixedMeasure } from './textWidths.ts';
import { toElk, withDefaults } from './toElk.ts';

export type Prelayouts = Record<string, ElkNode>;

/** Every ELK input the studio makes for a graph: labels with and without guards. */
export const elkInputsOf = (graph: FlowGraph): ElkNode[] => [false, true].map((guards) => toElk(graph, fixedMeasure, { guards }));

/** ELK's layout of one input, as the layout client makes it (its defaults if the tuned options crash). */
export const layOut = (elk: ELK, input: ElkNode): Promise<ElkNode> =>
  // A copy: elkjs without a worker writes its results into the graph it is given.
  elk.layout(structuredClone(input)).catch(() => elk.layout(withDefaults(structuredClone(input))));

export const prelayout = async (elk: ELK, bases: readonly { file: string; text: string }[]): Promise<Prelayouts> => {
  const out: Prelayouts = {};
  for (const base of bases) {
    const graph = compileGame({ base }).game?.graph;
    if (!graph) continue;
    for (const input of elkInputsOf(graph)) {
      const key = layoutKey(input);
      out[key] = slim(await layOut(elk, input));
    }
  }
  return out;
};
