/**
 * The playtest's bots, asked in a bots' worker: each move a promise of the bot's answer, so the
 * page's thread never waits while a bot searches. Answers come from rules compiled from the text
 * the board's game was built from; a failure of the worker itself is told in the player's words.
 */
import { useCallback, useEffect, useRef } from 'react';
import type { GameState } from '../../engine/types.ts';
import type { AnalysisInput } from '../analysis/protocol.ts';
import type { BotAnswer, MoveJob, SearchBudget } from '../botWorker/protocol.ts';
import { spawnBotWorker } from '../botWorker/spawn.ts';
import { createJobClient, type JobClient } from '../botWorker/workerClient.ts';
import { peopleOf, type GameInfo } from './gameInfo.ts';

/**
 * A search bot thinks this long a move: a time, not a number of iterations, so a slow spec still
 * moves at the pace people follow (the CLI's `--iterations` is the reproducible way).
 */
export const PLAYTEST_BUDGET: SearchBudget = { timeMs: 400 };

/** Asks bot `bot` for its move for `seat`; `seed` makes its choice repeatable. A newer question makes an older one's answer never come. */
export type BotMover<G> = (game: G, state: GameState, seat: number, bot: string, seed: string) => Promise<BotAnswer>;

export const useBotMoves = <G extends GameInfo>(
  /** The text the board's game was compiled from. */
  source: AnalysisInput | undefined,
): BotMover<G> => {
  const client = useRef<JobClient<MoveJob, BotAnswer> | null>(null);
  const sourceRef = useRef(source);
  sourceRef.current = source;
  useEffect(() => () => client.current?.dispose(), []);
  return useCallback(
    (game, state, seat, bot, seed) =>
      new Promise<BotAnswer>((resolve) => {
        const failed = (why: string): BotAnswer => ({
          error: `The ${bot} bot of ${peopleOf(game, state.context).seat(seat)} failed: ${why}`,
        });
        const input = sourceRef.current;
        if (!input) {
          resolve(failed('the text of the rules on the board is not known yet'));
          return;
        }
        client.current ??= createJobClient<MoveJob, BotAnswer>(spawnBotWorker);
        client.current.request({ kind: 'move', input, state, seat, bot, seed, budget: PLAYTEST_BUDGET }, (outcome) =>
          resolve('failed' in outcome ? failed(outcome.failed) : outcome.reply),
        );
      }),
    [],
  );
};
