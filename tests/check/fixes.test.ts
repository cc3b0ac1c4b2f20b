/**
 * Issue 37: a diagnostic that knows its fix carries it as edits of its own file. One fix may be
 * applied unasked; two are readings a person chooses between. Each fix here is applied and the
 * file then checked again: the problem is gone, and nothing else of the file changed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileGame } from '../../src/compile/index.ts';
import { applyEdits } from '../../src/parse/index.ts';
import type { Diagnostic } from '../../src/spec/diagnostics.ts';

const TINY = join(import.meta.dirname, '../fixtures/variants/tiny');
const base = { file: 'game.yaml', text: readFileSync(join(TINY, 'game.yaml'), 'utf8') };

const VARIANT_HEAD = 'variant: v\ngame: tiny\ntitle: A test\ndescription: A variant under test.\n';
const variant = (patch: string): { file: string; text: string } => ({ file: 'variants/v.yaml', text: `${VARIANT_HEAD}${patch}` });

const problemsOf = (game: { file: string; text: string }, variants: { file: string; text: string }[] = []): Diagnostic[] =>
  compileGame({ base: game, variants }).diagnostics.filter((d) => d.severity === 'error');

const only = (diagnostics: Diagnostic[]): Diagnostic => {
  expect(diagnostics.map((d) => `${d.code}: ${d.message}`)).toHaveLength(1);
  return diagnostics[0] as Diagnostic;
};

/** The text with the fix titled `title` of `d` applied. */
const fixed = (text: string, d: Diagnostic, title: string): string => {
  const fix = d.fixes?.find((f) => f.title === title);
  if (!fix) throw new Error(`no fix '${title}' among ${JSON.stringify(d.fixes?.map((f) => f.title))}`);
  return applyEdits(text, fix.edits) as string;
};

describe('a misspelt name in an expression', () => {
  it('carries one fix, the close name, at the name itself; applied, the game compiles and nothing else changed', () => {
    const text = base.text.replace('test: player.score < params.target', 'test: player.scroe < params.target');
    const d = only(problemsOf({ ...base, text }));
    expect(d.code).toBe('unknown-name');
    expect(d.fixes).toHaveLength(1);
    const [edit] = d.fixes?.[0]?.edits ?? [];
    expect(text.slice(edit?.start, edit?.end)).toBe('scroe');
    expect({ line: edit?.line, column: edit?.column }).toEqual({ line: d.line, column: d.column });
    expect(fixed(text, d, "Change 'scroe' to 'score'")).toBe(base.text);
  });

  it('in a double-quoted scalar, and a misspelt function, too', () => {
    const text = base.text.replace('"first(zones.pool).face"', '"frist(zones.pool).face"');
    const d = only(problemsOf({ ...base, text }));
    expect(fixed(text, d, "Change 'frist' to 'first'")).toBe(base.text);
  });

  it("in a definition's body, at the body's own character", () => {
    const regicide = readFileSync(join(import.meta.dirname, '../../games/regicide/game.yaml'), 'utf8');
    const text = regicide.replace('body: first(zones.castle)', 'body: first(zones.castel)');
    // Every expression calling the broken definition is refused too; the fix is at the body.
    const d = problemsOf({ file: 'game.yaml', text }).find((p) => p.code === 'unknown-name') as Diagnostic;
    expect(d.path).toEqual(['definitions', 'enemy', 'body']);
    expect(fixed(text, d, "Change 'castel' to 'castle'")).toBe(regicide);
  });

  it('offers nothing when no name is close, or when the name is spelt across an escape', () => {
    const far = base.text.replace('test: player.score < params.target', 'test: player.zzzzzzzz < params.target');
    expect(only(problemsOf({ ...base, text: far })).fixes).toBeUndefined();
    const escaped = base.text.replace('"first(zones.pool).face"', '"fir\\u0073tt(zones.pool).face"');
    const d = only(problemsOf({ ...base, text: escaped }));
    expect(d.message).toContain("'first'");
    expect(d.fixes).toBeUndefined();
  });
});

describe("a variant's key that names nothing", () => {
  it('with a close name: two readings, the close name and a new key, neither preferred', () => {
    const v = variant('patch:\n  params:\n    targte:\n      default: 20\n');
    const d = only(problemsOf(base, [v]));
    expect(d.file).toBe('variants/v.yaml');
    expect(d.fixes?.map((f) => f.title)).toEqual(["Change 'targte' to 'target'", "Declare 'targte' new: '+targte'"]);
    const renamed = fixed(v.text, d, "Change 'targte' to 'target'");
    expect(renamed).toBe(v.text.replace('targte', 'target'));
    expect(problemsOf(base, [{ ...v, text: renamed }])).toEqual([]);
  });

  it('with no close name: one fix, a new key, which a tool may apply; applied, the variant applies', () => {
    const v = variant(
      'patch:\n  vars:\n    game:\n      # the die a player must roll next\n      mustRoll:\n        type: number\n        initial: 0\n        description: A new variable.\n',
    );
    const d = only(problemsOf(base, [v]));
    expect(d.fixes).toHaveLength(1);
    const text = fixed(v.text, d, "Declare 'mustRoll' new: '+mustRoll'");
    expect(text).toContain('      # the die a player must roll next\n      +mustRoll:\n');
    expect(problemsOf(base, [{ ...v, text }])).toEqual([]);
  });

  it('keeps the quotes of a quoted key', () => {
    const v = variant('patch:\n  params:\n    "bonsu":\n      default: 2\n');
    const d = only(problemsOf(base, [v]));
    expect(fixed(v.text, d, "Change 'bonsu' to 'bonus'")).toContain('    "bonus":\n');
  });
});

describe("a variant's list item that names no item", () => {
  const effects = (item: string): { file: string; text: string } => variant(`patch:\n  moves:\n    roll:\n      effects:\n${item}`);

  it('a new item by id: one fix, $append: true, written as the first key at its indentation', () => {
    const v = effects('        - id: shout\n          log: "rolled"\n');
    const d = only(problemsOf(base, [v]));
    expect(d.fixes?.map((f) => f.title)).toEqual(["Add 'shout' as a new item at the end ($append: true)"]);
    const text = fixed(v.text, d, "Add 'shout' as a new item at the end ($append: true)");
    expect(text).toContain('        - $append: true\n          id: shout\n          log: "rolled"\n');
    expect(problemsOf(base, [{ ...v, text }])).toEqual([]);
    const game = compileGame({ base, variants: [{ ...v, text }] }).game;
    expect(game?.spec.moves?.roll?.effects?.at(-1)).toMatchObject({ id: 'shout' });
  });

  it('in a flow mapping too', () => {
    const v = effects('        - { id: shout, log: "rolled" }\n');
    const d = only(problemsOf(base, [v]));
    const text = fixed(v.text, d, "Add 'shout' as a new item at the end ($append: true)");
    expect(text).toContain('- { $append: true, id: shout, log: "rolled" }');
    expect(problemsOf(base, [{ ...v, text }])).toEqual([]);
  });

  it('a misspelt id: two readings, the close id and a new item', () => {
    const v = effects('        - id: nots\n          log: "noted"\n');
    const d = only(problemsOf(base, [v]));
    expect(d.fixes?.map((f) => f.title)).toEqual(["Change 'nots' to 'note'", "Add 'nots' as a new item at the end ($append: true)"]);
  });

  it('a removal of an item that is not there: only the close id', () => {
    const v = effects('        - id: nots\n          $remove: true\n');
    const d = only(problemsOf(base, [v]));
    expect(d.fixes?.map((f) => f.title)).toEqual(["Change 'nots' to 'note'"]);
    expect(problemsOf(base, [{ ...v, text: fixed(v.text, d, "Change 'nots' to 'note'") }])).toEqual([]);
  });
});

describe('applyEdits', () => {
  const at = (start: number, end: number, text: string) => ({
    start,
    end,
    replaces: 'abcdef'.slice(start, end),
    line: 1,
    column: start + 1,
    endLine: 1,
    endColumn: end + 1,
    text,
  });

  it('makes edits from the last to the first, so none moves another', () => {
    expect(applyEdits('abcdef', [at(0, 1, 'XX'), at(4, 6, 'Y')])).toBe('XXbcdY');
  });

  it('refuses edits that overlap or replace the same place twice', () => {
    expect(applyEdits('abcdef', [at(0, 3, 'X'), at(2, 4, 'Y')])).toBeUndefined();
    expect(applyEdits('abcdef', [at(1, 2, 'X'), at(1, 2, 'Y')])).toBeUndefined();
  });
});
