/// <reference lib="webworker" />
/**
 * The hint's Web Worker: compiles the spec (kept for the next hint on the same rules) and runs the
 * search off the page's thread, so the board stays usable while the bot thinks.
 */
import type { CompiledGame } from '../../compile/index.ts';
import { formatDiagnostic } from '../../spec/diagnostics.ts';
import { runAnalysis } from '../analysis/analyse.ts';
import type { HintJob, HintReply } from './protocol.ts';
import { runHint } from './runHint.ts';

const scope = self as unknown as DedicatedWorkerGlobalScope;
let compiled: { key: string; game: CompiledGame } | null = null;

const gameFor = (job: HintJob): CompiledGame | { error: string } => {
  const key = JSON.stringify(job.input);
  if (compiled?.key === key) return compiled.game;
  const r = runAnalysis(job.input);
  if (!r.game) return { error: r.diagnostics.filter((d) => d.severity === 'error').map(formatDiagnostic).join('\n') || 'the spec does not compile' };
  compiled = { key, game: r.game };
  return r.game;
};

scope.onmessage = (event: MessageEvent<HintJob>) => {
  const game = gameFor(event.data);
  const reply: HintReply = 'error' in game ? { ok: false, error: `No hint: the rules do not compile in the hint's worker: ${game.error}` } : runHint(game, event.data, () => performance.now());
  scope.postMessage(reply);
};
