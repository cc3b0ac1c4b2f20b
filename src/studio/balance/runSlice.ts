/** What one worker does with a job: compile the spec, play its games, report each one. */
import { compileGame } from '../../compile/index.ts';
import { formatDiagnostic } from '../../spec/diagnostics.ts';
import { playRange } from '../../sim/simulate.ts';
import { compileForCoverage, newCounts, playCounted } from '../../sim/coverage.ts';
import { houseRuleChanges } from '../../sim/coverageReport.ts';
import { engineReport } from '../../lang/index.ts';
import type { BalanceJob, WorkerReply } from './protocol.ts';

export const runSlice = (job: BalanceJob, post: (reply: WorkerReply) => void): void => {
  try {
    const counts = job.coverage ? newCounts() : undefined;
    const { game, diagnostics } = counts ? compileForCoverage(job.input, counts) : compileGame(job.input);
    if (!game) {
      post({
        kind: 'error',
        error:
          diagnostics
            .filter((d) => d.severity === 'error')
            .map(formatDiagnostic)
            .join('\n') || 'the spec does not compile',
      });
      return;
    }
    const options = {
      seed: job.seed,
      players: job.players,
      bots: job.bots,
      botOptions: job.botOptions,
      rotate: job.rotate,
      maxTurns: job.maxTurns,
    };
    const onGame = (): void => post({ kind: 'game' });
    if (counts) {
      const records = playCounted(game, counts, options, job.from, job.to, onGame);
      const changes = houseRuleChanges(job.input.base, job.input.variants ?? []);
      post({ kind: 'done', records, engine: engineReport(), coverage: { counts, changes } });
    } else post({ kind: 'done', records: playRange(game, options, job.from, job.to, onGame), engine: engineReport() });
  } catch (error) {
    post({ kind: 'error', error: error instanceof Error ? error.message : String(error) });
  }
};
