/**
 * The messages between the studio's page and the isolated frame (frame.ts). The page asks the
 * frame to start, feed and stop workers, each named by a number the page chose and started in a
 * role (the Balance panel's games, or the bots' searches); the frame passes each worker's replies
 * back. Both sides check who sent a message (the frame answers only its parent, the page hears
 * only its frame) and the page reads every reply as untrusted data.
 */

/** What a worker of the frame does: play the Balance panel's slices, or answer the bots' jobs. */
export type FrameRole = 'balance' | 'bots';

export const FRAME_ROLES: readonly FrameRole[] = ['balance', 'bots'];

export type ToFrame =
  | { readonly kind: 'spawn'; readonly worker: number; readonly role: FrameRole }
  | { readonly kind: 'post'; readonly worker: number; readonly job: unknown }
  | { readonly kind: 'terminate'; readonly worker: number };

export type FromFrame =
  | { readonly kind: 'ready' }
  | { readonly kind: 'reply'; readonly worker: number; readonly reply: unknown }
  | { readonly kind: 'failed'; readonly worker: number; readonly message: string };
