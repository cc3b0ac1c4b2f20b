/** What the exact-turn worker does with a job: compile the spec, analyse the turn. */
import { analyze } from '../../analyze/index.ts';
import { compileGame } from '../../compile/index.ts';
import { formatDiagnostic } from '../../spec/diagnostics.ts';
import type { AnalysisJob, AnalysisReply } from './protocol.ts';

export const runAnalysis = (job: AnalysisJob): AnalysisReply => {
  const { game, diagnostics } = compileGame(job.input);
  if (!game)
    return {
      kind: 'refused',
      error:
        diagnostics
          .filter((d) => d.severity === 'error')
          .map(formatDiagnostic)
          .join('\n') || 'the spec does not compile',
    };
  try {
    const result = analyze(game, { objective: job.objective, players: job.players, seed: job.seed });
    return result.ok ? { kind: 'done', analysis: result.analysis } : { kind: 'refused', error: result.error };
  } catch (error) {
    return { kind: 'refused', error: error instanceof Error ? error.message : String(error) };
  }
};
