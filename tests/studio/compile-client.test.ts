/**
 * The compile worker's client, in Node with a stand-in worker: only the newest request's reply is
 * used (stale ones dropped), and a compile past the time limit is stopped and reported.
 */
import { describe, expect, it } from 'vitest';
import { createCompileClient, type CompileWorker, type Timers } from '../../src/studio/analysis/compileClient.ts';
import type { AnalysisInput, CompileReply, CompileRequest } from '../../src/studio/analysis/protocol.ts';

const input = (text: string): AnalysisInput => ({ base: { file: 'g.yaml', text }, variants: [], params: {} });

/** A worker that answers when told to, so a test decides the order of replies. */
const manualWorker = () => {
  const requests: CompileRequest[] = [];
  let terminated = 0;
  const w: CompileWorker = {
    onmessage: null,
    onerror: null,
    postMessage: (r) => requests.push(r),
    terminate: () => {
      terminated += 1;
    },
  };
  const answer = (r: CompileRequest): void =>
    w.onmessage?.({ data: { seq: r.seq, ok: true, ms: 1, diagnostics: [] } } as unknown as MessageEvent<CompileReply>);
  return { w, requests, answer, terminated: () => terminated };
};

describe('the compile client', () => {
  it('drops the reply to a request overtaken by a newer one', () => {
    const m = manualWorker();
    const seen: string[] = [];
    const c = createCompileClient(
      () => m.w,
      (_reply, replied) => seen.push(replied.base.text),
    );
    c.request(input('a'));
    c.request(input('b'));
    const [first, second] = m.requests;
    if (!first || !second) throw new Error('two requests expected');
    m.answer(second);
    m.answer(first);
    expect(seen).toEqual(['b']);
    c.dispose();
  });

  it('stops a compile past the limit, reports it at the file, and starts a new worker for the next', () => {
    const spawned: ReturnType<typeof manualWorker>[] = [];
    const replies: CompileReply[] = [];
    let fire: () => void = () => undefined;
    const timers: Timers = {
      set: (f) => {
        fire = f;
        return 1 as unknown as ReturnType<typeof setTimeout>;
      },
      clear: () => undefined,
    };
    const c = createCompileClient(
      () => {
        const m = manualWorker();
        spawned.push(m);
        return m.w;
      },
      (reply) => replies.push(reply),
      5000,
      timers,
    );
    c.request(input('slow'));
    fire();
    expect(spawned[0]?.terminated()).toBe(1);
    expect(replies).toHaveLength(1);
    expect(replies[0]).toMatchObject({
      ok: false,
      diagnostics: [{ file: 'g.yaml', line: 1, message: expect.stringMatching(/more than 5 s/) }],
    });
    c.request(input('next'));
    expect(spawned).toHaveLength(2);
    c.dispose();
  });
});
