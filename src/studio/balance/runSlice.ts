/** What one worker does with a job: compile the spec, play its games, report each one. */
import { compileGame } from '../../compile/index.ts';
import { formatDiagnostic } from '../../spec/diagnostics.ts';
import { playRange } from '../../sim/simulate.ts';
import type { BalanceJob, WorkerReply } from './protocol.ts';

export const runSlice = (job: BalanceJob, post: (reply: WorkerReply) => void): void => {
  try {
    const { game, diagnostics } = compileGame(job.input);
    if (!game) {
      post({ kind: 'error', error: diagnostics.filter((d) => d.severity === 'error').map(formatDiagnostic).join('\n') || 'the spec does not compile' });
      return;
    }
    const records = playRange(
      game,
      { seed: job.seed, players: job.players, bots: job.bots, botOptions: job.botOptions, rotate: job.rotate, maxTurns: job.maxTurns },
      job.from,
      job.to,
      () => post({ kind: 'game' }),
    );
    post({ kind: 'done', records });
  } catch (error) {
    post({ kind: 'error', error: error instanceof Error ? error.message : String(error) });
  }
};
