/**
 * One check of an open spec file: a game compiled alone, or a variant compiled with the game beside
 * it, as `houserules validate <game> --variant <it>` would. Diagnostics come back by the file they
 * are in, with an entry (maybe empty) for the file checked, so publishing it clears old ones.
 */
import { dirname, join } from 'node:path';
import { compileGame, type CompiledGame, type SourceFile } from '../compile/index.ts';
import { atFileStart, formatDiagnostic, hasErrors, type Diagnostic } from '../spec/diagnostics.ts';
import { withRequiredFiles } from '../variants/requirements.ts';
import type { Reader, Role } from './workspace.ts';

export interface Checked {
  readonly diagnostics: ReadonlyMap<string, readonly Diagnostic[]>;
  readonly game: CompiledGame | undefined;
}

const byFile = (checked: string, diagnostics: readonly Diagnostic[]): Map<string, Diagnostic[]> => {
  const out = new Map<string, Diagnostic[]>([[checked, []]]);
  for (const d of diagnostics) {
    const list = out.get(d.file);
    if (list) list.push(d);
    else out.set(d.file, [d]);
  }
  return out;
};

const compiled = (checked: string, run: () => ReturnType<typeof compileGame>): Checked => {
  try {
    const { game, diagnostics } = run();
    return { diagnostics: byFile(checked, diagnostics), game };
  } catch (error) {
    // A fault of ours, not of the spec: shown on the file rather than ending the server.
    const message = `houserules could not check this file: ${(error as Error).message}`;
    return { diagnostics: byFile(checked, [atFileStart(checked, 'internal', message)]), game: undefined };
  }
};

/**
 * The variant with those it requires, transitively, first: a variant that needs another is checked
 * as `validate --variant` would apply it. A required variant is the file named by its id beside
 * it, as the shipped games name them; one that is missing is left to the variants stage to report.
 */
export const withRequired = (variant: SourceFile, read: Reader): SourceFile[] =>
  withRequiredFiles(variant, (id) => {
    const file = join(dirname(variant.file), `${id}.yaml`);
    const text = read(file);
    return text === undefined ? undefined : { file, text };
  });

/**
 * A compile another file stopped (the game beside a variant, a variant it requires) never reached
 * this one: said on it, so that no problems there does not read as a variant that applies cleanly.
 */
export const stoppedElsewhere = (checked: Checked, file: string): Checked => {
  const own = checked.diagnostics.get(file) ?? [];
  const others = [...checked.diagnostics].filter(([f]) => f !== file).flatMap(([, ds]) => ds.filter((d) => d.severity === 'error'));
  if (checked.game || hasErrors(own) || others.length === 0) return checked;
  const first = others[0] as Diagnostic;
  const note: Diagnostic = {
    ...atFileStart(
      file,
      'variant',
      `not checked: ${others.length} error(s) in other files stop the compile first, e.g. ${formatDiagnostic(first)}`,
    ),
    severity: 'warning',
  };
  return { ...checked, diagnostics: new Map([...checked.diagnostics, [file, [...own, note]]]) };
};

export const checkFile = (role: Role, read: Reader): Checked => {
  const file = role.kind === 'game' ? role.game : role.variant;
  const text = read(file) ?? '';
  if (role.kind === 'game') return compiled(file, () => compileGame({ base: { file, text } }));
  const gameText = read(role.game);
  if (gameText === undefined) {
    const message = `a variant is checked against the game beside its folder, and there is no ${role.game}`;
    return { diagnostics: byFile(file, [atFileStart(file, 'variant', message)]), game: undefined };
  }
  return stoppedElsewhere(
    compiled(file, () => compileGame({ base: { file: role.game, text: gameText }, variants: withRequired({ file, text }, read) })),
    file,
  );
};
