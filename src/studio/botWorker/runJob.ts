/**
 * What the bots' worker does with a job: compiles its rules (kept for the next job on the same
 * rules, with the bots built for them), then runs the hint's search or the playtest bot's move.
 */
import type { CompiledGame } from '../../compile/index.ts';
import { defaultSeatName } from '../../display/present.ts';
import { formatDiagnostic } from '../../spec/diagnostics.ts';
import { runAnalysis } from '../analysis/analyse.ts';
import { runHint } from '../hint/runHint.ts';
import { botMove } from '../play/engineBots.ts';
import type { WorkerJob, WorkerReply } from './protocol.ts';

export type JobRunner = (job: WorkerJob) => WorkerReply;

export const createJobRunner = (now: () => number): JobRunner => {
  let compiled: { key: string; game: CompiledGame } | null = null;
  const gameFor = (job: WorkerJob): CompiledGame | { error: string } => {
    const key = JSON.stringify(job.input);
    if (compiled?.key === key) return compiled.game;
    const r = runAnalysis(job.input);
    if (!r.game)
      return {
        error:
          r.diagnostics
            .filter((d) => d.severity === 'error')
            .map(formatDiagnostic)
            .join('\n') || 'the spec does not compile',
      };
    compiled = { key, game: r.game };
    return r.game;
  };
  return (job) => {
    const game = gameFor(job);
    if ('error' in game) {
      const why = `the rules do not compile in the bots' worker: ${game.error}`;
      return job.kind === 'hint'
        ? { ok: false, error: `No hint: ${why}` }
        : { error: `The ${job.bot} bot of ${defaultSeatName(job.seat)} failed: ${why}` };
    }
    return job.kind === 'hint' ? runHint(game, job, now) : botMove(game, job.state, job.seat, job.bot, job.seed, job.budget, now);
  };
};
