/**
 * The page's side of the isolated frame, in Node (issue 33): a worker made once the frame is known
 * (jobs posted before then wait, in order; one terminated before then is never made), and the
 * replies of the frame's bots' workers taken only in their numbered shape.
 */
import { describe, expect, it } from 'vitest';
import { deferredWorker, readNumbered } from '../../src/studio/sandbox/frameClient.ts';
import type { PageWorker } from '../../src/studio/pageWorker.ts';

/** A worker stand-in that answers each job with the job doubled, and records what happened to it. */
const doubling = (log: string[]): PageWorker<number, number> => {
  const w: PageWorker<number, number> = {
    onmessage: null,
    onerror: null,
    postMessage: (job) => {
      log.push(`job ${job}`);
      w.onmessage?.({ data: job * 2 } as MessageEvent<number>);
    },
    terminate: () => log.push('terminated'),
  };
  return w;
};

describe('a worker made when the frame is known', () => {
  it('keeps the jobs posted before then, in order, and passes replies both ways after', async () => {
    const log: string[] = [];
    let made!: (spawn: () => PageWorker<number, number>) => void;
    const worker = deferredWorker(new Promise<() => PageWorker<number, number>>((resolve) => (made = resolve)));
    const replies: number[] = [];
    worker.onmessage = (event) => replies.push(event.data);
    worker.postMessage(1);
    worker.postMessage(2);
    expect(log).toEqual([]);
    made(() => doubling(log));
    await Promise.resolve();
    worker.postMessage(3);
    expect(log).toEqual(['job 1', 'job 2', 'job 3']);
    expect(replies).toEqual([2, 4, 6]);
    worker.terminate();
    expect(log.at(-1)).toBe('terminated');
  });

  it('never makes a worker terminated before the frame was known', async () => {
    const log: string[] = [];
    let spawned = 0;
    const worker = deferredWorker(
      Promise.resolve(() => {
        spawned++;
        return doubling(log);
      }),
    );
    worker.postMessage(1);
    worker.terminate();
    await Promise.resolve();
    await Promise.resolve();
    expect(spawned).toBe(0);
    expect(log).toEqual([]);
  });
});

describe("the frame's bots' replies", () => {
  it('are taken numbered, with a record or nothing as their body', () => {
    expect(readNumbered({ seq: 3, body: { move: { move: 'roll', seat: 0 } } })).toEqual({
      seq: 3,
      body: { move: { move: 'roll', seat: 0 } },
    });
    expect(readNumbered({ seq: 4 })).toEqual({ seq: 4 });
    expect(readNumbered({ seq: '4', body: {} })).toBeNull();
    expect(readNumbered({ seq: 1.5, body: {} })).toBeNull();
    expect(readNumbered({ seq: 4, body: 'a move' })).toBeNull();
    expect(readNumbered([4, {}])).toBeNull();
  });
});
