/**
 * The messages between the studio's page and the isolated frame (frame.ts). The page asks the
 * frame to start, feed and stop workers, each named by a number the page chose; the frame passes
 * each worker's replies back. Both sides check who sent a message (the frame answers only its
 * parent, the page hears only its frame) and the page reads every reply as untrusted data.
 */
import type { BalanceJob, WorkerReply } from '../balance/protocol.ts';

export type ToFrame =
  | { readonly kind: 'spawn'; readonly worker: number }
  | { readonly kind: 'post'; readonly worker: number; readonly job: BalanceJob }
  | { readonly kind: 'terminate'; readonly worker: number };

export type FromFrame =
  | { readonly kind: 'ready' }
  | { readonly kind: 'reply'; readonly worker: number; readonly reply: WorkerReply }
  | { readonly kind: 'failed'; readonly worker: number; readonly message: string };
