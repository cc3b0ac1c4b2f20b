/**
 * The server's engine workers: `size` game workers that hold rooms, and one check worker that
 * compiles the rules of new rooms. Every call has a deadline; a worker that misses one is stopped
 * and replaced, its other calls answered `server-busy`, and `onLost` names it so that its rooms are
 * loaded again from the store on their next event.
 */
import { Worker } from 'node:worker_threads';
import type { EngineAnswer, EngineReply, EngineRequest, EngineWorkerData } from './engineProtocol.ts';
import { engineReport } from '../lang/index.ts';

const WORKER_FILE = new URL('../../bin/engine-worker.js', import.meta.url);
/** A worker's heap: rules that build more than this stop with an error instead of taking the machine. */
const HEAP_MB = 1024;

interface Pending {
  readonly resolve: (reply: EngineReply) => void;
  readonly timer: NodeJS.Timeout;
}

interface Slot {
  worker: Worker;
  readonly pending: Map<number, Pending>;
}

export interface EnginePool {
  readonly size: number;
  /** Calls game worker `index` (0 ≤ index < size). */
  call(index: number, request: EngineRequest, deadlineMs: number): Promise<EngineReply>;
  /** Checks a new room's rules in the check worker. */
  check(request: Extract<EngineRequest, { op: 'check' }>, deadlineMs: number): Promise<EngineReply>;
  close(): Promise<void>;
}

/** The workers run the rules on the engine this thread chose (`houserules serve --engine`). */
export const createEnginePool = (size: number, onLost: (index: number) => void): EnginePool => {
  const { engine } = engineReport();
  let nextId = 1;
  let closing = false;
  const spawn = (slot: Slot | null, index: number): Slot => {
    const worker = new Worker(WORKER_FILE, {
      resourceLimits: { maxOldGenerationSizeMb: HEAP_MB },
      workerData: { engine } satisfies EngineWorkerData,
    });
    const own: Slot = slot ?? { worker, pending: new Map() };
    own.worker = worker;
    worker.on('message', (answer: EngineAnswer) => {
      const pending = own.pending.get(answer.id);
      if (!pending) return;
      clearTimeout(pending.timer);
      own.pending.delete(answer.id);
      pending.resolve(answer.reply);
    });
    // A worker that dies (out of memory, a crash) fails its calls; the next call finds a new one.
    worker.on('error', () => undefined);
    worker.on('exit', () => {
      if (own.worker !== worker || closing) return;
      fail(own, 'server-error', 'the engine stopped unexpectedly');
      replace(own, index);
    });
    return own;
  };
  const fail = (slot: Slot, code: 'server-busy' | 'server-error', message: string): void => {
    for (const [id, pending] of slot.pending) {
      clearTimeout(pending.timer);
      slot.pending.delete(id);
      pending.resolve({ ok: false, code, message });
    }
  };
  const replace = (slot: Slot, index: number): void => {
    const old = slot.worker;
    spawn(slot, index);
    void old.terminate();
    if (index >= 0) onLost(index);
  };
  const send = (slot: Slot, index: number, request: EngineRequest, deadlineMs: number): Promise<EngineReply> =>
    new Promise((resolve) => {
      const id = nextId++;
      const timer = setTimeout(() => {
        slot.pending.delete(id);
        resolve({
          ok: false,
          code: 'rules-timeout',
          message: `the rules took more than ${deadlineMs} ms for one ${request.op === 'check' ? 'compile' : request.op === 'bot' ? 'bot move' : 'step'}; the engine was restarted`,
        });
        fail(slot, 'server-busy', 'the engine was restarted while this waited; try again');
        replace(slot, index);
      }, deadlineMs);
      slot.pending.set(id, { resolve, timer });
      slot.worker.postMessage({ id, request });
    });

  const slots = Array.from({ length: size }, (_, i) => spawn(null, i));
  const checker = spawn(null, -1);
  return {
    size,
    call: (index, request, deadlineMs) => send(slots[index] as Slot, index, request, deadlineMs),
    check: (request, deadlineMs) => send(checker, -1, request, deadlineMs),
    close: async () => {
      closing = true;
      for (const slot of [...slots, checker]) fail(slot, 'server-busy', 'the server is stopping');
      await Promise.all([...slots, checker].map((s) => s.worker.terminate()));
    },
  };
};
