/**
 * Layouts already made, by the ELK input they were made from: the shipped games' base graphs laid
 * out at build time (prelayout.ts, loaded lazily), the layouts of this visit in memory, and the
 * last few in localStorage for the next visit. A layout is ELK's output for exactly that input
 * (texts, measured widths and options included in the key), so drawing it is drawing what the
 * worker would return. Storage that is full, missing or holds something unreadable is ignored.
 */
import type { ElkNode } from 'elkjs/lib/elk-api.js';
import { LruCache } from '../../lang/cache.ts';

/** A 53-bit hash of the input's JSON (cyrb53), with the text's length: the layout's key. */
export const layoutKey = (input: ElkNode): string => {
  const text = JSON.stringify(input);
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return `${(4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36)}-${text.length.toString(36)}`;
};

/** What fromElk reads of ELK's output, and nothing else (ELK echoes its options and the input back). */
export const slim = (laid: ElkNode): ElkNode => {
  const node: ElkNode = { id: laid.id, x: laid.x ?? 0, y: laid.y ?? 0, width: laid.width ?? 0, height: laid.height ?? 0 };
  if (laid.children?.length) node.children = laid.children.map(slim);
  if (laid.edges?.length) {
    node.edges = laid.edges.map((e) => ({
      id: e.id,
      sources: e.sources,
      targets: e.targets,
      ...(e.sections
        ? {
            sections: e.sections.map((s) => ({
              id: s.id,
              startPoint: s.startPoint,
              endPoint: s.endPoint,
              ...(s.bendPoints ? { bendPoints: s.bendPoints } : {}),
            })),
          }
        : {}),
      ...(e.labels
        ? { labels: e.labels.map((l) => ({ text: l.text ?? '', x: l.x ?? 0, y: l.y ?? 0, width: l.width ?? 0, height: l.height ?? 0 })) }
        : {}),
    }));
  }
  return node;
};

const memory = new LruCache<string, ElkNode>(64);

const STORAGE_KEY = 'houserules:layouts:v1';
/** The stored layouts' JSON stays under this many characters; the oldest go first. */
export const STORAGE_MAX_CHARS = 400_000;
const STORED_MAX = 24;

type Stored = [key: string, laid: ElkNode][];

const readStored = (): Stored => {
  try {
    const raw = globalThis.localStorage?.getItem(STORAGE_KEY);
    if (!raw) return [];
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return parsed.filter((e): e is [string, ElkNode] => Array.isArray(e) && e.length === 2 && typeof e[0] === 'string' && isLaid(e[1]));
  } catch {
    return [];
  }
};

/** Enough of ELK's output's shape that fromElk reads it without throwing. */
const isLaid = (x: unknown): x is ElkNode => {
  if (typeof x !== 'object' || x === null) return false;
  const n = x as ElkNode;
  if (typeof n.id !== 'string' || typeof n.width !== 'number' || typeof n.height !== 'number') return false;
  if (n.children !== undefined && !(Array.isArray(n.children) && n.children.every(isLaid))) return false;
  if (
    n.edges !== undefined &&
    !(
      Array.isArray(n.edges) &&
      n.edges.every(
        (e) =>
          typeof e === 'object' &&
          e !== null &&
          typeof e.id === 'string' &&
          Array.isArray(e.targets) &&
          (e.sections === undefined || Array.isArray(e.sections)) &&
          (e.labels === undefined || Array.isArray(e.labels)),
      )
    )
  )
    return false;
  return true;
};

/** A layout made before for this key: this visit's, else a stored one. */
export const cachedLayout = (key: string): ElkNode | undefined => {
  const hit = memory.get(key);
  if (hit) return hit;
  const stored = readStored().find(([k]) => k === key)?.[1];
  if (stored) memory.set(key, stored);
  return stored;
};

/** Keeps a layout in memory and, newest first within the size cap, in localStorage. */
export const keepLayout = (key: string, laid: ElkNode, options: { store?: boolean } = {}): void => {
  const small = slim(laid);
  memory.set(key, small);
  if (options.store === false) return;
  try {
    const storage = globalThis.localStorage;
    if (!storage) return;
    const entries: Stored = [[key, small] as [string, ElkNode], ...readStored().filter(([k]) => k !== key)].slice(0, STORED_MAX);
    while (entries.length > 0) {
      const text = JSON.stringify(entries);
      if (text.length <= STORAGE_MAX_CHARS) {
        storage.setItem(STORAGE_KEY, text);
        return;
      }
      entries.pop();
    }
    storage.removeItem(STORAGE_KEY);
  } catch {
    // Full or refused storage: the layout stays in memory only.
  }
};

/** For tests: forget this visit's layouts. */
export const forgetLayouts = (): void => memory.clear();
