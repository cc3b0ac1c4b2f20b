/**
 * A hint for one position: asked for, worked on in a bots' worker of its own, shown. The answer belongs
 * to the position and seat it was asked in: when either changes, the work is stopped and the
 * answer is gone, so a new position never shows an old hint.
 */
import { useEffect, useRef, useState } from 'react';
import type { GameState } from '../../engine/types.ts';
import type { AnalysisInput } from '../analysis/protocol.ts';
import type { HintJob } from '../botWorker/protocol.ts';
import { spawnBotWorker } from '../botWorker/spawn.ts';
import { createJobClient, type JobClient } from '../botWorker/workerClient.ts';
import { frameMissing, type NoFrame } from '../sandbox/frameClient.ts';
import type { Hint, HintReply } from './protocol.ts';

/** How long the bot thinks for a hint: long enough for hundreds of playouts in most specs. */
export const HINT_MS = 1000;

export type HintStatus =
  | { readonly kind: 'idle' }
  | { readonly kind: 'thinking' }
  /** `noFrame`: why the bot thought in the page's own worker, when it did. */
  | { readonly kind: 'done'; readonly hint: Hint; readonly noFrame: NoFrame | undefined }
  | { readonly kind: 'failed'; readonly error: string };

export interface HintControl {
  status: HintStatus;
  ask: () => void;
  /** Stops the thinking, or puts the hint away. */
  dismiss: () => void;
}

const IDLE: HintStatus = { kind: 'idle' };

export const useHint = (
  /** The text the game on the board was compiled from. */
  source: AnalysisInput | undefined,
  state: GameState | null,
  seat: number | null,
  /** The game seed and move number, as the playtest's bots are seeded. */
  seed: string,
): HintControl => {
  const [held, setHeld] = useState<{ state: GameState; seat: number; status: HintStatus } | null>(null);
  const client = useRef<JobClient<HintJob, HintReply> | null>(null);
  useEffect(() => () => client.current?.dispose(), []);
  useEffect(() => {
    client.current?.cancel();
    setHeld(null);
  }, [state, seat, source]);

  const status = held && held.state === state && held.seat === seat ? held.status : IDLE;
  return {
    status,
    ask: () => {
      if (!source || !state || seat === null) return;
      client.current ??= createJobClient<HintJob, HintReply>(spawnBotWorker);
      setHeld({ state, seat, status: { kind: 'thinking' } });
      client.current.request({ kind: 'hint', input: source, state, seat, seed, budget: { timeMs: HINT_MS } }, (outcome) => {
        const reply: HintReply = 'failed' in outcome ? { ok: false, error: `No hint: ${outcome.failed}` } : outcome.reply;
        setHeld((h) =>
          h && h.state === state && h.seat === seat
            ? {
                ...h,
                status: reply.ok ? { kind: 'done', hint: reply.hint, noFrame: frameMissing() } : { kind: 'failed', error: reply.error },
              }
            : h,
        );
      });
    },
    dismiss: () => {
      client.current?.cancel();
      setHeld(null);
    },
  };
};
