/**
 * One check of an open spec file: a game compiled alone, or a variant compiled with the game beside
 * it, as `houserules validate <game> --variant <it>` would. Diagnostics come back by the file they
 * are in, with an entry (maybe empty) for the file checked, so publishing it clears old ones.
 */
import { compileGame, type CompiledGame } from '../compile/index.ts';
import { atFileStart, type Diagnostic } from '../spec/diagnostics.ts';
import type { Reader, Role } from './workspace.ts';

export interface Checked {
  readonly diagnostics: ReadonlyMap<string, readonly Diagnostic[]>;
  readonly game: CompiledGame | undefined;
}

const byFile = (checked: string, diagnostics: readonly Diagnostic[]): Map<string, Diagnostic[]> => {
  const out = new Map<string, Diagnostic[]>([[checked, []]]);
  for (const d of diagnostics) out.set(d.file, [...(out.get(d.file) ?? []), d]);
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

export const checkFile = (role: Role, read: Reader): Checked => {
  const file = role.kind === 'game' ? role.game : role.variant;
  const text = read(file) ?? '';
  if (role.kind === 'game') return compiled(file, () => compileGame({ base: { file, text } }));
  const gameText = read(role.game);
  if (gameText === undefined) {
    const message = `a variant is checked against the game beside its folder, and there is no ${role.game}`;
    return { diagnostics: byFile(file, [atFileStart(file, 'variant', message)]), game: undefined };
  }
  return compiled(file, () => compileGame({ base: { file: role.game, text: gameText }, variants: [{ file, text }] }));
};
