/**
 * What the hint's worker does with a job: the `ismcts` bot's search for the seat, from the seat's
 * own view, within the job's budget; its moves labelled as the board labels them for that seat.
 */
import { ismctsSearch } from '../../bots/index.ts';
import type { CompiledGame } from '../../compile/index.ts';
import { engineReport } from '../../lang/index.ts';
import { legalMovesWithEvents, viewOf } from '../../engine/index.ts';
import { seatName } from '../../engine/people.ts';
import { Rng, seedRng } from '../../runtime/rng.ts';
import { describeMove, visiblePieces } from '../board/describeMove.ts';
import { looksFromSpec } from '../board/pieceLook.ts';
import type { HintJob } from '../botWorker/protocol.ts';
import type { HintReply } from './protocol.ts';
import { hintRows } from './rows.ts';

export const runHint = (game: CompiledGame, job: Pick<HintJob, 'state' | 'seat' | 'seed' | 'budget'>, now: () => number): HintReply => {
  const { state, seat } = job;
  const failed = (why: string): HintReply => ({ ok: false, error: `No hint for ${seatName(game, state.context, seat)}: ${why}` });
  try {
    const moves = legalMovesWithEvents(game, state, seat);
    if (moves.length === 0) return failed('it has no legal move now');
    // With one legal move there is nothing to weigh: the hint names it at once instead of thinking.
    const budget = moves.length === 1 ? { iterations: 0 } : job.budget;
    const { stats } = ismctsSearch(game, state, seat, moves, new Rng(seedRng(job.seed)), { ...budget, now });
    const pieces = visiblePieces(viewOf(game, state, seat));
    const looks = looksFromSpec(game.spec);
    const rows = hintRows(
      stats.root,
      moves.map((m) => m.move),
      (m) => describeMove(game, state.context, m, pieces, looks),
    );
    return { ok: true, hint: { seat, iterations: stats.iterations, rows, engine: engineReport() } };
  } catch (error) {
    return failed(`the bot's search failed: ${error instanceof Error ? error.message : String(error)}`);
  }
};
