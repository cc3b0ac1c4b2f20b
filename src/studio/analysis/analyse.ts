/**
 * One run of the front of the pipeline on the studio's input, as a value: the compiler promises
 * not to throw, and if it does anyway the studio reports it as a diagnostic and stays up.
 */
import { compileGame, type CompiledGame } from '../../compile/index.ts';
import { hasErrors, type Diagnostic } from '../../spec/diagnostics.ts';
import type { AnalysisInput } from './protocol.ts';

const internalError = (file: string, err: unknown): Diagnostic => ({
  severity: 'error',
  message: `internal compiler error (please report): ${err instanceof Error ? err.message : String(err)}`,
  file,
  path: [],
  line: 1,
  column: 1,
});

export const runAnalysis = (input: AnalysisInput): { game: CompiledGame | undefined; diagnostics: Diagnostic[]; ms: number } => {
  const started = performance.now();
  try {
    const out = compileGame({ base: input.base, variants: input.variants, params: input.params, locale: input.locale });
    const diagnostics = [...out.diagnostics];
    return { game: hasErrors(diagnostics) ? undefined : out.game, diagnostics, ms: performance.now() - started };
  } catch (err) {
    return { game: undefined, diagnostics: [internalError(input.base.file, err)], ms: performance.now() - started };
  }
};
