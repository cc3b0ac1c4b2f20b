/**
 * Every fix a tool may apply unasked, applied to a game and its variants: the problems with
 * exactly one fix (see `Fix`), in the files asked for, round after round while a round changes
 * something (a fix may uncover the next problem: a new key's value checked only once it is
 * declared). Problems with two or more fixes are left alone and handed back. Pure: texts in,
 * texts out; the command line reads and writes the files.
 */
import { compileGame, type SourceFile } from '../compile/index.ts';
import { parseVariant } from '../variants/index.ts';
import { withRequiredFiles } from '../variants/requirements.ts';
import { applyEdits } from '../parse/index.ts';
import type { Diagnostic, Fix, TextEdit } from '../spec/diagnostics.ts';

/** One fix made, at its problem's place in the text as it was before the fix's round. */
export interface FixMade {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly code: Diagnostic['code'];
  readonly title: string;
}

export interface FixedFiles {
  /** Each file asked for, with its text after the fixes (the same text when nothing changed). */
  readonly texts: ReadonlyMap<string, string>;
  readonly made: readonly FixMade[];
  /** Problems with several fixes, which a person chooses between, in the files asked for. */
  readonly ambiguous: readonly Diagnostic[];
}

/** Rounds before giving up on fixes that keep making new problems with fixes: each round changes something. */
export const MAX_ROUNDS = 20;

/**
 * The problems of every file: the game's alone, and each variant's applied to the game with the
 * variants it requires before it (a variant may change what one it requires adds).
 */
const problemsOf = (base: SourceFile, variants: readonly SourceFile[]): Diagnostic[] => {
  const byId = new Map(
    variants.flatMap((v) => {
      const id = parseVariant(v).variant?.spec.variant;
      return id === undefined ? [] : [[id, v] as const];
    }),
  );
  const own = compileGame({ base }).diagnostics;
  const ofVariants = variants.flatMap((file) =>
    compileGame({ base, variants: withRequiredFiles(file, (id) => byId.get(id)) }).diagnostics.filter((d) => d.file === file.file),
  );
  return [...own.filter((d) => d.file === base.file), ...ofVariants];
};

const overlaps = (a: readonly TextEdit[], b: readonly TextEdit[]): boolean =>
  a.some((x) => b.some((y) => x.start < y.end && y.start < x.end) || b.some((y) => x.start === y.start && x.end === y.end));

/**
 * The lone fixes of one file's problems that touch no other (the rest wait for the next round),
 * of those that `fits` (an editor's: its text may have moved on since the problems were found).
 */
export const loneFixes = (
  problems: readonly Diagnostic[],
  fits: (fix: Fix) => boolean = () => true,
): { problem: Diagnostic; fix: Fix }[] => {
  const chosen: { problem: Diagnostic; fix: Fix }[] = [];
  for (const problem of problems) {
    const [fix, other] = problem.fixes ?? [];
    if (!fix || other || !fits(fix)) continue;
    if (chosen.some((c) => overlaps(c.fix.edits, fix.edits))) continue;
    chosen.push({ problem, fix });
  }
  return chosen;
};

/** Applies the sure fixes to the files named in `targets` (file names as in `base` and `variants`). */
export const fixAll = (base: SourceFile, variants: readonly SourceFile[], targets: ReadonlySet<string>): FixedFiles => {
  const texts = new Map([base, ...variants].map((f) => [f.file, f.text]));
  const made: FixMade[] = [];
  const current = (f: SourceFile): SourceFile => ({ file: f.file, text: texts.get(f.file) ?? f.text });
  let problems = problemsOf(current(base), variants.map(current));
  for (let round = 0; round < MAX_ROUNDS; round++) {
    let changed = false;
    for (const file of targets) {
      const chosen = loneFixes(problems.filter((d) => d.file === file));
      const text = texts.get(file);
      if (chosen.length === 0 || text === undefined) continue;
      const next = applyEdits(
        text,
        chosen.flatMap((c) => c.fix.edits),
      );
      if (next === undefined || next === text) continue;
      texts.set(file, next);
      changed = true;
      for (const { problem, fix } of chosen) {
        made.push({ file, line: problem.line, column: problem.column, code: problem.code, title: fix.title });
      }
    }
    if (!changed) break;
    problems = problemsOf(current(base), variants.map(current));
  }
  return {
    texts: new Map([...targets].flatMap((file) => (texts.has(file) ? [[file, texts.get(file) as string] as const] : []))),
    made,
    ambiguous: problems.filter((d) => targets.has(d.file) && (d.fixes?.length ?? 0) > 1),
  };
};
