/**
 * Recompiles the spec shortly after each edit (debounced) and keeps the last game that compiled,
 * so the board and diagram stay usable while the text has errors. Compilation runs in the page
 * thread because a compiled game holds closures, which cannot cross to a worker.
 */
import { useEffect, useRef, useState } from 'react';
import { compileGame, type CompiledGame } from '../../compile/index.ts';
import type { Json } from '../../engine/types.ts';
import { hasErrors, type Diagnostic } from '../../spec/diagnostics.ts';

export interface AnalysisInput {
  base: { file: string; text: string };
  variants: { file: string; text: string }[];
  params: Record<string, Json>;
}

export interface Analysis {
  /** The game from this very text, when it compiled. */
  game: CompiledGame | undefined;
  /** The latest game that compiled, shown while the text has errors. */
  lastGood: CompiledGame | undefined;
  diagnostics: readonly Diagnostic[];
  /** Compile time of the latest run, in ms. */
  ms: number;
  /** Bumped on every run. */
  version: number;
}

export const DEBOUNCE_MS = 30;

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
    const out = compileGame({ base: input.base, variants: input.variants, params: input.params });
    const diagnostics = [...out.diagnostics];
    return { game: hasErrors(diagnostics) ? undefined : out.game, diagnostics, ms: performance.now() - started };
  } catch (err) {
    // The compiler promises not to throw; if it does, the studio must stay up and say so.
    return { game: undefined, diagnostics: [internalError(input.base.file, err)], ms: performance.now() - started };
  }
};

export const useAnalysis = (input: AnalysisInput | null): Analysis => {
  const [analysis, setAnalysis] = useState<Analysis>({ game: undefined, lastGood: undefined, diagnostics: [], ms: 0, version: 0 });
  const key = input ? JSON.stringify(input) : '';
  const inputRef = useRef(input);
  inputRef.current = input;
  useEffect(() => {
    const current = inputRef.current;
    if (!current) return;
    const timer = setTimeout(() => {
      const r = runAnalysis(current);
      setAnalysis((prev) => ({
        game: r.game,
        lastGood: r.game ?? prev.lastGood,
        diagnostics: r.diagnostics,
        ms: r.ms,
        version: prev.version + 1,
      }));
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // `key` is the input's content; the object itself changes identity on every render.
  }, [key]);
  return analysis;
};
