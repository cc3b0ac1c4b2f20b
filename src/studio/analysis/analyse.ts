/**
 * One run of the front of the pipeline on the studio's input, as a value: the compiler promises
 * not to throw, and if it does anyway the studio reports it as a diagnostic and stays up.
 * A translation that no longer fits the edited spec (a renamed move it still names) does not stop
 * the game: it is played in the spec's own words, and the translation's problems are warnings.
 */
import { compileGame, type CompiledGame } from '../../compile/index.ts';
import { hasErrors, type Diagnostic } from '../../spec/diagnostics.ts';
import type { AnalysisInput } from './protocol.ts';

const internalError = (file: string, err: unknown): Diagnostic => ({
  severity: 'error',
  code: 'internal',
  message: `internal compiler error (please report): ${err instanceof Error ? err.message : String(err)}`,
  file,
  path: [],
  line: 1,
  column: 1,
});

type Analysis = { game: CompiledGame | undefined; diagnostics: Diagnostic[] };

const compiled = (input: AnalysisInput): Analysis => {
  try {
    const out = compileGame({ base: input.base, variants: input.variants, params: input.params, locale: input.locale });
    const diagnostics = [...out.diagnostics];
    return { game: hasErrors(diagnostics) ? undefined : out.game, diagnostics };
  } catch (err) {
    return { game: undefined, diagnostics: [internalError(input.base.file, err)] };
  }
};

const untranslated = (input: AnalysisInput, translated: Analysis, localeFile: string): Analysis => {
  const own = compiled({ base: input.base, variants: input.variants, params: input.params });
  const warnings = translated.diagnostics
    .filter((d) => d.file === localeFile)
    .map((d): Diagnostic => ({ ...d, severity: 'warning', message: `${d.message} (so the game is shown in its spec's own words)` }));
  return { game: own.game, diagnostics: [...own.diagnostics, ...warnings] };
};

export const runAnalysis = (input: AnalysisInput): Analysis & { ms: number } => {
  const started = performance.now();
  const out = compiled(input);
  const localeFile = input.locale?.file.file;
  const onlyTheTranslation =
    localeFile !== undefined && hasErrors(out.diagnostics) && out.diagnostics.every((d) => d.severity !== 'error' || d.file === localeFile);
  return { ...(onlyTheTranslation ? untranslated(input, out, localeFile) : out), ms: performance.now() - started };
};
