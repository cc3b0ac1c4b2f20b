/**
 * The studio's compile of the game in the language picked (issue 34): the game's locale file is
 * applied, and a translation that no longer fits the edited spec does not stop the game.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runAnalysis } from '../../src/studio/analysis/analyse.ts';

const read = (file: string) => ({ file, text: readFileSync(file, 'utf8') });
const base = read('games/ten-thousand/game.yaml');
const ru = read('games/ten-thousand/locales/ru.yaml');

describe('the studio compiles the game in the language picked', () => {
  it("applies the locale: the moves and params have the translation's names", () => {
    const out = runAnalysis({ base, variants: [], params: {}, locale: { file: ru } });
    expect(out.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(out.game?.params.target?.title).toBe('Цель');
  });

  it('a translation that names what the edited spec no longer has: the game plays in its own words, the problem is a located warning', () => {
    // The user renamed the param `target` in the editor; the Russian file still translates `target`.
    const edited = { ...base, text: base.text.replace(/^( {2})target:/m, '$1goal:').replaceAll('params.target', 'params.goal') };
    expect(edited.text).not.toBe(base.text);
    const own = runAnalysis({ base: edited, variants: [], params: {} });
    expect(own.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const out = runAnalysis({ base: edited, variants: [], params: {}, locale: { file: ru } });
    expect(out.game).toBeDefined();
    expect(out.game?.params.goal?.title).toBe(own.game?.params.goal?.title);
    const warnings = out.diagnostics.filter((d) => d.file === ru.file);
    expect(warnings.length).toBeGreaterThan(0);
    expect(warnings.every((d) => d.severity === 'warning' && d.line > 1 && /own words/.test(d.message))).toBe(true);
  });

  it('an error of the spec itself stays an error, with or without the translation', () => {
    const broken = { ...base, text: base.text.replace(/^flow:/m, 'flow_typo:') };
    const out = runAnalysis({ base: broken, variants: [], params: {}, locale: { file: ru } });
    expect(out.game).toBeUndefined();
    expect(out.diagnostics.some((d) => d.severity === 'error' && d.file === base.file)).toBe(true);
  });
});
