/**
 * Runs ELK in a Web Worker (elkjs's own worker script, bundled as a static asset) so a large flow
 * never stalls typing. A layout that takes too long is abandoned and the worker replaced, so a
 * pathological graph shows a message instead of freezing the diagram.
 */
import ELK from 'elkjs/lib/elk-api.js';
import type { ELK as ElkApi } from 'elkjs/lib/elk-api.js';
import elkWorkerUrl from 'elkjs/lib/elk-worker.min.js?url';
import type { FlowGraph } from '../../engine/types.ts';
import { LIMITS } from '../../limits.ts';
import { fromElk, type DiagramLayout } from './fromElk.ts';
import { toElk, withDefaults, type Measure } from './toElk.ts';

const TIMEOUT_MS = LIMITS.layoutMs;

let elk: ElkApi | null = null;
const instance = (): ElkApi => (elk ??= new ELK({ workerUrl: elkWorkerUrl }));

/** A parent state with two children and a loop: the kinds of node and edge every flow has. */
const WARM_UP: FlowGraph = {
  nodes: [
    { id: 'turn', parent: null, initial: true, final: false, path: [] },
    { id: 'a', parent: 'turn', initial: true, final: false, path: [] },
    { id: 'b', parent: 'turn', initial: false, final: false, path: [] },
    { id: 'end', parent: null, initial: false, final: true, path: [] },
  ],
  edges: [
    { id: 'e1', source: 'a', target: 'b', kind: 'move', label: 'go', guard: 'x > 1', path: [] },
    { id: 'e2', source: 'b', target: 'a', kind: 'always', label: 'back', path: [] },
    { id: 'e3', source: 'turn', target: 'end', kind: 'move', label: 'stop', path: [] },
  ],
};

/**
 * Starts the worker ahead of the first layout and lays out a small flow in it: loading ELK (1.6 MB
 * of script) and its first, unoptimised layout then overlap with loading the game and compiling
 * it, instead of following them (the first diagram of the largest game took 0.5 s of layout alone).
 */
export const warmUpLayout = (): void => {
  if (elk) return;
  instance()
    .layout(toElk(WARM_UP, (text) => text.length * 7))
    // A failing ELK fails the real layout too, which says so in the diagram's status.
    .catch(() => undefined);
};

export interface TimedLayout {
  layout: DiagramLayout;
  ms: number;
}

export const layoutFlow = async (graph: FlowGraph, measure: Measure, options: { guards?: boolean } = {}): Promise<TimedLayout> => {
  const started = performance.now();
  const api = instance();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      api.terminateWorker();
      if (elk === api) elk = null;
      reject(new Error(`the layout took longer than ${TIMEOUT_MS / 1000} s and was stopped`));
    }, TIMEOUT_MS);
  });
  try {
    const input = toElk(graph, measure, options);
    // elkjs has crashes on some nested graphs with tuned options: retry with its defaults.
    const laid = await Promise.race([api.layout(input).catch(() => api.layout(withDefaults(input))), timeout]);
    return { layout: fromElk(graph, laid), ms: performance.now() - started };
  } finally {
    clearTimeout(timer);
  }
};

/** A canvas-backed text measure matching the fonts the SVG uses (see diagram.css). */
export const canvasMeasure = (): Measure => {
  const ctx = document.createElement('canvas').getContext('2d');
  const fonts = { node: '600 12px system-ui, sans-serif', edge: '11px ui-monospace, monospace' } as const;
  const cache = new Map<string, number>();
  return (text, font) => {
    const key = `${font}\u0000${text}`;
    const hit = cache.get(key);
    if (hit !== undefined) return hit;
    let width = text.length * (font === 'node' ? 7.5 : 6.7);
    if (ctx) {
      ctx.font = fonts[font];
      width = ctx.measureText(text).width;
    }
    const rounded = Math.ceil(width) + 2;
    cache.set(key, rounded);
    return rounded;
  };
};
