/**
 * A worker as the page drives it: the browser's Worker, one of the isolated frame's
 * (sandbox/frameClient.ts), or a stand-in in tests. Jobs of type J go in, replies of type R come out.
 */
export interface PageWorker<J, R> {
  postMessage(job: J): void;
  terminate(): void;
  onmessage: ((event: MessageEvent<R>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
}
