/**
 * The exact-turn panel's messages to and from its Web Worker: the spec's text and the objective
 * go in (closures do not cross threads), the analysis or the reason it does not apply comes back.
 */
import type { Analysis } from '../../analyze/index.ts';
import type { CompileInput } from '../../compile/index.ts';

export interface AnalysisJob {
  readonly input: CompileInput;
  readonly objective: string;
  readonly players: number;
  readonly seed: number;
}

export type AnalysisReply = { readonly kind: 'done'; readonly analysis: Analysis } | { readonly kind: 'refused'; readonly error: string };
