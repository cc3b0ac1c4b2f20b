/**
 * The studio's side of the isolated frame (frame.ts): one hidden, sandboxed iframe of
 * sandbox.html for the page's life, opened when the Balance panel first runs. Its workers look to
 * the panel's pool like any other (WorkerLike). When the frame does not answer in time (a host
 * that does not serve it, an offline page), there is none, and the panel uses its own workers.
 */
import { FRAME_PAGE } from '../contentSecurityPolicy.ts';
import type { WorkerLike } from '../balance/pool.ts';
import type { WorkerReply } from '../balance/protocol.ts';
import type { FromFrame, ToFrame } from './protocol.ts';

export interface IsolatedFrame {
  spawn(): WorkerLike;
}

/** How long the frame may take to load its script and say it is ready, and how long after its page loaded. */
const READY_MS = 15_000;
const AFTER_LOAD_MS = 2_000;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** A worker's reply as the frame passed it, if it has a reply's shape: the frame is not trusted. */
export const readReply = (value: unknown): WorkerReply | null => {
  if (!isRecord(value)) return null;
  if (value.kind === 'game') return { kind: 'game' };
  if (value.kind === 'error') return { kind: 'error', error: String(value.error) };
  if (value.kind === 'done' && Array.isArray(value.records) && isRecord(value.engine)) return value as unknown as WorkerReply;
  return null;
};

const connect = (frame: HTMLIFrameElement): IsolatedFrame => {
  const target = frame.contentWindow as Window;
  const tell = (message: ToFrame): void => target.postMessage(message, '*');
  const workers = new Map<number, WorkerLike>();
  let next = 0;
  window.addEventListener('message', (event: MessageEvent<FromFrame>) => {
    if (event.source !== target || !isRecord(event.data)) return;
    const message = event.data;
    const worker = message.kind === 'ready' ? undefined : workers.get(message.worker);
    if (!worker) return;
    if (message.kind === 'failed') worker.onerror?.(new ErrorEvent('error', { message: String(message.message) }));
    else if (message.kind === 'reply') {
      const reply = readReply(message.reply);
      if (reply) worker.onmessage?.(new MessageEvent('message', { data: reply }));
      else worker.onerror?.(new ErrorEvent('error', { message: 'the isolated frame sent a reply of no known shape' }));
    }
  });
  return {
    spawn: () => {
      const id = next++;
      const worker: WorkerLike = {
        onmessage: null,
        onerror: null,
        postMessage: (job) => tell({ kind: 'post', worker: id, job }),
        terminate: () => {
          workers.delete(id);
          tell({ kind: 'terminate', worker: id });
        },
      };
      workers.set(id, worker);
      tell({ kind: 'spawn', worker: id });
      return worker;
    },
  };
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

let opened: Promise<IsolatedFrame | null> | undefined;

/** The page's isolated frame, opened on first use; null where it cannot be had. */
export const isolatedFrame = (): Promise<IsolatedFrame | null> => {
  opened ??= open();
  return opened;
};
