/**
 * The studio's side of the isolated frame (frame.ts): one hidden, sandboxed iframe of
 * sandbox.html for the page's life, opened when the Balance panel is unfolded or a bot first
 * thinks. Its workers look to the page like its own (PageWorker). When the frame does not answer
 * in time (a host that does not serve it, an offline page), there is none, and the page uses its
 * own workers (spawnerFor). Offline it cannot load at all: a service worker does not serve a
 * sandboxed frame of opaque origin, nor could the frame inherit the page's policy without losing
 * its own. So one that failed offline is tried again once the page is back online.
 */
import { isRecord } from '../../spec/own.ts';
import { FRAME_PAGE } from '../contentSecurityPolicy.ts';
import type { WorkerReply } from '../balance/protocol.ts';
import type { Numbered } from '../botWorker/protocol.ts';
import type { PageWorker } from '../pageWorker.ts';
import type { FrameRole, FromFrame, ToFrame } from './protocol.ts';

export interface IsolatedFrame {
  /** A worker of the frame in `role`; `read` takes each reply as the frame sent it and gives it back checked, or null. */
  spawn<J, R>(role: FrameRole, read: (value: unknown) => R | null): PageWorker<J, R>;
}

/** How long the frame may take to load its script and say it is ready, and how long after its page loaded. */
const READY_MS = 15_000;
const AFTER_LOAD_MS = 2_000;

/** A Balance worker's reply as the frame passed it, if it has a reply's shape: the frame is not trusted. */
export const readReply = (value: unknown): WorkerReply | null => {
  if (!isRecord(value)) return null;
  if (value.kind === 'game') return { kind: 'game' };
  if (value.kind === 'error') return { kind: 'error', error: String(value.error) };
  if (value.kind === 'done' && Array.isArray(value.records) && isRecord(value.engine)) return value as unknown as WorkerReply;
  return null;
};

/**
 * A bots' worker's reply as the frame passed it, if it is numbered and its body is a record or
 * nothing. What the body says is checked where it is used: a bot's move is played only if the
 * rules allow it, as a player's is.
 */
export const readNumbered = <R>(value: unknown): Numbered<R> | null =>
  isRecord(value) && Number.isInteger(value.seq) && (value.body === undefined || isRecord(value.body))
    ? (value as unknown as Numbered<R>)
    : null;

const connect = (frame: HTMLIFrameElement): IsolatedFrame => {
  const target = frame.contentWindow as Window;
  const tell = (message: ToFrame): void => target.postMessage(message, '*');
  const workers = new Map<number, { onReply(reply: unknown): void; onFailed(message: string): void }>();
  let next = 0;
  window.addEventListener('message', (event: MessageEvent<FromFrame>) => {
    if (event.source !== target || !isRecord(event.data)) return;
    const message = event.data;
    const worker = message.kind === 'ready' ? undefined : workers.get(message.worker);
    if (!worker) return;
    if (message.kind === 'failed') worker.onFailed(String(message.message));
    else if (message.kind === 'reply') worker.onReply(message.reply);
  });
  return {
    spawn: <J, R>(role: FrameRole, read: (value: unknown) => R | null): PageWorker<J, R> => {
      const id = next++;
      const worker: PageWorker<J, R> = {
        onmessage: null,
        onerror: null,
        postMessage: (job) => tell({ kind: 'post', worker: id, job }),
        terminate: () => {
          workers.delete(id);
          tell({ kind: 'terminate', worker: id });
        },
      };
      const fail = (message: string): void => worker.onerror?.(new ErrorEvent('error', { message }));
      workers.set(id, {
        onFailed: fail,
        onReply: (value) => {
          const reply = read(value);
          if (reply === null) fail('the isolated frame sent a reply of no known shape');
          else worker.onmessage?.(new MessageEvent('message', { data: reply }));
        },
      });
      tell({ kind: 'spawn', worker: id, role });
      return worker;
    },
  };
};

/**
 * A worker to use at once, made when `spawner` gives the way to make it: the jobs posted before
 * then wait, and one terminated before then is never made. The bots' client starts its worker
 * when it is asked, and the frame may still be opening.
 */
export const deferredWorker = <J, R>(spawner: Promise<() => PageWorker<J, R>>): PageWorker<J, R> => {
  const waiting: J[] = [];
  let real: PageWorker<J, R> | null = null;
  let terminated = false;
  const proxy: PageWorker<J, R> = {
    onmessage: null,
    onerror: null,
    postMessage: (job) => {
      if (real) real.postMessage(job);
      else waiting.push(job);
    },
    terminate: () => {
      terminated = true;
      real?.terminate();
    },
  };
  void spawner.then((spawn) => {
    if (terminated) return;
    const worker = spawn();
    worker.onmessage = (event) => proxy.onmessage?.(event);
    worker.onerror = (event) => proxy.onerror?.(event);
    real = worker;
    for (const job of waiting.splice(0)) worker.postMessage(job);
  });
  return proxy;
};

const open = (): Promise<IsolatedFrame | null> =>
  new Promise((resolve) => {
    const frame = document.createElement('iframe');
    // Scripts only: without allow-same-origin its origin is opaque, whatever the server sends.
    frame.setAttribute('sandbox', 'allow-scripts');
    frame.setAttribute('aria-hidden', 'true');
    frame.setAttribute('data-testid', 'isolated-frame');
    frame.tabIndex = -1;
    frame.style.display = 'none';
    let settled = false;
    const settle = (result: IsolatedFrame | null): void => {
      if (settled) return;
      settled = true;
      clearTimeout(giveUp);
      window.removeEventListener('message', onReady);
      resolve(result);
    };
    const fail = (): void => {
      if (settled) return;
      frame.remove();
      settle(null);
    };
    const giveUp = setTimeout(fail, READY_MS);
    const onReady = (event: MessageEvent): void => {
      if (event.source !== frame.contentWindow || !isRecord(event.data) || event.data.kind !== 'ready') return;
      settle(connect(frame));
    };
    window.addEventListener('message', onReady);
    // A page that loaded without saying it is ready (a host without the frame's files, offline) will not say it.
    frame.addEventListener('load', () => setTimeout(() => fail(), AFTER_LOAD_MS));
    frame.src = new URL(FRAME_PAGE, document.baseURI).href;
    document.body.append(frame);
  });

/** Why the page has no frame: it could not load offline, or the site does not serve it. */
export type NoFrame = 'offline' | 'unserved';

let opened: Promise<IsolatedFrame | null> | undefined;
let missing: NoFrame | undefined;

/** The page's isolated frame, opened on first use (again once back online, if it failed offline); null where it cannot be had. */
export const isolatedFrame = (): Promise<IsolatedFrame | null> => {
  if (missing === 'offline' && navigator.onLine) {
    missing = undefined;
    opened = undefined;
  }
  opened ??= open().then((frame) => {
    missing = frame ? undefined : navigator.onLine ? 'unserved' : 'offline';
    return frame;
  });
  return opened;
};

/** Why the last attempt to open the frame found none; undefined when it found one or none was made. */
export const frameMissing = (): NoFrame | undefined => missing;

/**
 * How to start a worker in `role`: in the isolated frame where there is one (the compiled tier),
 * its replies checked by `read`; else by `here`, which starts one of the page's own (the interpreter).
 */
export const spawnerFor = <J, R>(
  role: FrameRole,
  read: (value: unknown) => R | null,
  here: () => PageWorker<J, R>,
): Promise<() => PageWorker<J, R>> => isolatedFrame().then((frame) => (frame ? () => frame.spawn<J, R>(role, read) : here));
