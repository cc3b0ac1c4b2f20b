/**
 * The isolated frame's script (sandbox.html, an opaque origin under FRAME_POLICY): starts the
 * compiled tier's workers for the studio's page, each in its role (compiled.worker.ts), and passes
 * messages between them. The workers' code comes with this script (`virtual:frame-worker`, put
 * there by buildFrame.ts) and is started from a blob: URL, since an opaque origin may not start a
 * worker from the site's files.
 */
import workerSource from 'virtual:frame-worker';
import { FRAME_ROLES, type FrameRole, type FromFrame, type ToFrame } from './protocol.ts';

const workerUrl = URL.createObjectURL(new Blob([workerSource], { type: 'text/javascript' }));
const workers = new Map<number, Worker>();

const tell = (message: FromFrame): void => window.parent.postMessage(message, '*');

const start = (id: number, role: FrameRole): void => {
  // The worker reads its role from its name.
  const worker = new Worker(workerUrl, { name: role });
  worker.onmessage = (event) => tell({ kind: 'reply', worker: id, reply: event.data });
  worker.onerror = (event) => tell({ kind: 'failed', worker: id, message: event.message || 'a worker failed' });
  workers.set(id, worker);
};

window.addEventListener('message', (event: MessageEvent<ToFrame>) => {
  if (event.source !== window.parent) return;
  const message = event.data;
  if (message.kind === 'spawn' && FRAME_ROLES.includes(message.role)) start(message.worker, message.role);
  else if (message.kind === 'post') workers.get(message.worker)?.postMessage(message.job);
  else if (message.kind === 'terminate') {
    workers.get(message.worker)?.terminate();
    workers.delete(message.worker);
  }
});

tell({ kind: 'ready' });
