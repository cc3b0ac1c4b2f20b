/**
 * Runs ELK in a Web Worker (elkjs's own worker script, bundled as a static asset) so a large flow
 * never stalls typing. A layout that takes too long is abandoned and the worker replaced, so a
 * pathological graph shows a message instead of freezing the diagram. A layout made before for the
 * same ELK input is drawn at once instead (layoutCache.ts): the build's layouts of the shipped
 * games (prelayout.ts), this visit's, and those kept in localStorage from earlier visits.
 */
import ELK from 'elkjs/lib/elk-api.js';
import type { ELK as ElkApi } from 'elkjs/lib/elk-api.js';
import elkWorkerUrl from 'elkjs/lib/elk-worker.min.js?url';
import type { FlowGraph } from '../../engine/types.ts';
import { LIMITS } from '../../limits.ts';
import { fromElk, type DiagramLayout } from './fromElk.ts';
import { toElk, withDefaults, type Measure } from './toElk.ts';
import { cachedLayout, keepLayout, layoutKey } from './layoutCache.ts';
import type { Prelayouts } from './prelayout.ts';

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

let built: Promise<Prelayouts> | null = null;
/** The build's layouts, fetched once (a separate chunk); none if it fails to load. */
const prelayouts = (): Promise<Prelayouts> =>
  (built ??= import('virtual:diagram-layouts').then(
    (m) => m.default,
    (): Prelayouts => ({}),
  ));

/** Starts the worker and lays out a small flow in it: loading ELK (1.6 MB of script) and its first, unoptimised layout. */
const warmUpWorker = (): void => {
  if (elk) return;
  instance()
    .layout(toElk(WARM_UP, (text) => text.length * 7))
    // A failing ELK fails the real layout too, which says so in the diagram's status.
    .catch(() => undefined);
};

/**
 * Fetches the build's layouts ahead of the first layout, so they arrive while the game loads and
 * compiles. The worker is started only once a layout needs it, or a while after the first diagram
 * was drawn from a kept layout (ready for the first edit): loading ELK then does not compete with
 * the first load.
 */
export const warmUpLayout = (): void => {
  void prelayouts();
};

const WORKER_AFTER_MS = 1500;
let workerSoon: ReturnType<typeof setTimeout> | undefined;
const warmUpWorkerSoon = (): void => {
  if (elk || workerSoon !== undefined) return;
  workerSoon = setTimeout(warmUpWorker, WORKER_AFTER_MS);
};

export interface TimedLayout {
  layout: DiagramLayout;
  ms: number;
  /** Where the layout came from: ELK in the worker now, the build, or one kept from before. */
  source: 'worker' | 'build' | 'kept';
}

export const layoutFlow = async (graph: FlowGraph, measure: Measure, options: { guards?: boolean } = {}): Promise<TimedLayout> => {
  const started = performance.now();
  const input = toElk(graph, measure, options);
  const key = layoutKey(input);
  const kept = cachedLayout(key);
  if (kept) {
    warmUpWorkerSoon();
    return { layout: fromElk(graph, kept), ms: performance.now() - started, source: 'kept' };
  }
  const fromBuild = (await prelayouts())[key];
  if (fromBuild) {
    keepLayout(key, fromBuild, { store: false });
    warmUpWorkerSoon();
    return { layout: fromElk(graph, fromBuild), ms: performance.now() - started, source: 'build' };
  }
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
    // elkjs has crashes on some nested graphs with tuned options: retry with its defaults.
    const laid = await Promise.race([api.layout(input).catch(() => api.layout(withDefaults(input))), timeout]);
    keepLayout(key, laid);
    return { layout: fromElk(graph, laid), ms: performance.now() - started, source: 'worker' };
  } finally {
    clearTimeout(timer);
  }
};
