/**
 * Keeps the spec analysed as it is edited, without making the page wait: the compile worker
 * reports the diagnostics and the flow graph (stale replies dropped), and only when the text
 * compiles and typing has paused does the page build its own playable copy of the game (a compiled
 * game holds closures, which cannot cross from a worker). The last game that compiled stays in
 * play while the text has errors, also across a reload when the caller passes the last good input
 * it saved. A first input the caller vouches for (it compiled in the page before, or it is the
 * shipped game) is built in the page at once, alongside the worker, so the board comes first.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { CompiledGame } from '../../compile/index.ts';
import type { FlowGraph } from '../../engine/types.ts';
import { LIMITS } from '../../limits.ts';
import type { Diagnostic } from '../../spec/diagnostics.ts';
import { runAnalysis } from './analyse.ts';
import { createCompileClient, type CompileClient, type CompileWorker } from './compileClient.ts';
import type { AnalysisInput } from './protocol.ts';

export type { AnalysisInput } from './protocol.ts';

export interface Analysis {
  /** Whether the current text compiles (the worker's verdict). */
  ok: boolean;
  /** The game from the current text, once the page has built it. */
  game: CompiledGame | undefined;
  /** The latest game that compiled, shown while the text has errors. */
  lastGood: CompiledGame | undefined;
  /** The input `lastGood` was built from: a worker that needs the same game compiles this. */
  lastGoodInput: AnalysisInput | undefined;
  /** The flow of the latest text that compiled in the worker (or in the page, if sooner). */
  graph: FlowGraph | undefined;
  diagnostics: readonly Diagnostic[];
  /** The worker's compile time of the latest run, in ms. */
  ms: number;
  /** Bumped on every reply. */
  version: number;
}

/** The page builds its playable game once no edit came for this long. */
export const SETTLE_MS = 250;
/** A spec whose compile took longer than this in the worker is not compiled again in the page. */
export const PAGE_COMPILE_LIMIT_MS = LIMITS.pageCompileMs;

const spawn = (): CompileWorker =>
  new Worker(new URL('./compile.worker.ts', import.meta.url), { type: 'module' }) as unknown as CompileWorker;

export const useAnalysis = (
  input: AnalysisInput | null,
  /** The last input that compiled, saved by an earlier visit: played while the text is broken. */
  fallback: AnalysisInput | null = null,
  /** Told each input that compiled in the page, to save it as the last good one. */
  onGood: (input: AnalysisInput) => void = () => undefined,
  /** A first input known to compile in the page within its limits: built there without waiting for the worker. */
  trusted: AnalysisInput | null = null,
  /**
   * Told each reply's diagnostics the moment it arrives, before the page re-renders: the editor's
   * markers set from here are drawn in the same frame as the rest of the reply (Monaco draws a
   * marker a task after it is set, which a render in between would push to the next frame).
   */
  onDiagnostics: (diagnostics: readonly Diagnostic[]) => void = () => undefined,
): Analysis => {
  const [analysis, setAnalysis] = useState<Analysis>({
    ok: false,
    game: undefined,
    lastGood: undefined,
    lastGoodInput: undefined,
    graph: undefined,
    diagnostics: [],
    ms: 0,
    version: 0,
  });
  // Once per new input, not per render: the workbench renders several times a keystroke.
  const key = useMemo(() => (input ? JSON.stringify(input) : ''), [input]);
  const inputRef = useRef(input);
  inputRef.current = input;
  const keyRef = useRef(key);
  keyRef.current = key;
  const lastEdit = useRef(0);
  const build = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const buildFirst = useRef<(what: AnalysisInput) => void>(() => undefined);
  const fallbackRef = useRef(fallback);
  const goodRef = useRef(onGood);
  goodRef.current = onGood;
  const diagnosticsRef = useRef(onDiagnostics);
  diagnosticsRef.current = onDiagnostics;
  const client = useRef<CompileClient | null>(null);
  // The input the page's game was built from: the worker's verdict on the same text builds nothing new.
  const builtKey = useRef('');
  const trustedKey = useRef(trusted ? JSON.stringify(trusted) : '');

  useEffect(() => {
    // Builds the playable game in the page once edits have settled; a newer edit reschedules it.
    const buildWhenSettled = (what: AnalysisInput, isCurrent: boolean): void => {
      clearTimeout(build.current);
      const wait = Math.max(0, lastEdit.current + SETTLE_MS - performance.now());
      build.current = setTimeout(() => buildNow(what, isCurrent), wait);
    };
    const buildNow = (what: AnalysisInput, isCurrent: boolean): void => {
      const whatKey = JSON.stringify(what);
      if (isCurrent && whatKey !== keyRef.current) return;
      if (whatKey === builtKey.current) return;
      const r = runAnalysis(what);
      if (!r.game) return;
      const game = r.game;
      if (isCurrent) {
        builtKey.current = whatKey;
        goodRef.current(what);
      }
      setAnalysis((prev) => ({
        ...prev,
        game: isCurrent ? game : prev.game,
        lastGood: game,
        lastGoodInput: what,
        graph: prev.graph ?? game.graph,
      }));
    };
    buildFirst.current = (what) => {
      if (trustedKey.current && JSON.stringify(what) === trustedKey.current) buildNow(what, true);
      trustedKey.current = '';
    };
    const c = createCompileClient(spawn, (reply, replied) => {
      const usable = reply.ok && reply.ms <= PAGE_COMPILE_LIMIT_MS;
      const diagnostics: Diagnostic[] =
        reply.ok && !usable
          ? [
              ...reply.diagnostics,
              {
                severity: 'warning',
                code: 'slow-compile',
                message: `this spec took ${Math.round(reply.ms)} ms to compile, too long to play in the page; the board keeps the last version`,
                file: replied.base.file,
                path: [],
                line: 1,
                column: 1,
              },
            ]
          : reply.diagnostics;
      diagnosticsRef.current(diagnostics);
      setAnalysis((prev) => ({
        ...prev,
        ok: reply.ok,
        game: reply.ok ? prev.game : undefined,
        graph: reply.graph ?? prev.graph,
        diagnostics,
        ms: reply.ms,
        version: prev.version + 1,
      }));
      // The current game is gone with a broken text: the same text mended must be built again.
      if (!reply.ok) builtKey.current = '';
      if (usable) buildWhenSettled(replied, true);
      else if (fallbackRef.current) {
        // The text is broken on arrival: play the last version that compiled before.
        const saved = fallbackRef.current;
        fallbackRef.current = null;
        buildWhenSettled(saved, false);
      }
      if (reply.ok) fallbackRef.current = null;
    });
    client.current = c;
    return () => {
      clearTimeout(build.current);
      c.dispose();
      client.current = null;
    };
  }, []);

  useEffect(() => {
    const current = inputRef.current;
    if (!current) return;
    lastEdit.current = performance.now();
    // No debounce: the worker compiles only the newest of the requests queued while it was busy.
    client.current?.request(current);
    // After the request, so the worker starts on it while the page builds its own copy.
    buildFirst.current(current);
    // `key` is the input's content; the object itself changes identity on every render.
  }, [key]);
  return analysis;
};
