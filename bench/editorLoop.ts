/**
 * The editor loop: parse, validate, check and compile of a spec as the studio's compile worker
 * runs them after a keystroke. Each keystroke writes a new comment line at the end of one
 * top-level section, a different section every time, so the parse re-reads that section and
 * finds the others in its cache (src/parse/sections.ts) at their shifted places, as when a
 * designer types; every later stage runs on the whole spec. `cold` is a text never seen before in
 * every section (a file just opened). Times are this process's CPU time: on a shared machine the
 * wall clock also counts other processes' turns.
 */
import { compileGame } from '../src/compile/index.ts';
import { median, quantile, round, sortedNumbers } from '../src/sim/stats.ts';
import { sectionStarts } from '../src/parse/sections.ts';

export interface LoopFigure {
  readonly median: number;
  readonly p95: number;
}

export interface EditorLoopFigure extends LoopFigure {
  readonly spec: string;
  readonly cold: LoopFigure;
}

const cpuMs = (work: () => void): number => {
  const t0 = process.cpuUsage();
  work();
  const used = process.cpuUsage(t0);
  return (used.user + used.system) / 1000;
};

const figure = (xs: readonly number[]): LoopFigure => ({
  median: round(median(xs), 2),
  p95: round(quantile(sortedNumbers(xs), 0.95), 2),
});

/** `text` with a comment line typed at the end of section `k` (a comment, so the spec still compiles). */
const typedInto = (text: string, starts: readonly number[], k: number, mark: string): string => {
  const at = starts[k + 1] ?? text.length;
  const line = text[at - 1] === '\n' ? `# ${mark}\n` : `\n# ${mark}`;
  return text.slice(0, at) + line + text.slice(at);
};

/** Every section changed at once, from the last to the first so that the earlier places still hold. */
const allNew = (text: string, starts: readonly number[], mark: string): string =>
  starts.reduceRight((t, _at, k) => typedInto(t, starts, k, `${mark} ${k}`), text);

export const measureEditorLoop = (spec: { file: string; text: string }, samples: number): EditorLoopFigure => {
  const starts = sectionStarts(spec.text) ?? [0];
  const compile = (text: string): void => {
    const { game, diagnostics } = compileGame({ base: { file: spec.file, text } });
    if (!game) throw new Error(`${spec.file} does not compile after an edit: ${diagnostics.map((d) => d.message).join('; ')}`);
  };
  compile(spec.text);
  const keystrokes: number[] = [];
  const cold: number[] = [];
  for (let i = 0; i < samples; i++) {
    const typed = typedInto(spec.text, starts, i % starts.length, `keystroke ${i}`);
    keystrokes.push(cpuMs(() => compile(typed)));
    const opened = allNew(spec.text, starts, `opened ${i}`);
    cold.push(cpuMs(() => compile(opened)));
  }
  return { ...figure(keystrokes), spec: spec.file, cold: figure(cold) };
};
