/**
 * A spec read section by section (src/parse/sections.ts) must be the same document as the text
 * read in one piece: the same value, diagnostics, line starts and the same place for every path,
 * for every shipped file and for random edits of them (which also reuse cached sections at new
 * places, and bring texts that must fall back to reading the whole).
 */
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { locate, locateInScalar, parseSpecText, type ParsedDoc, type ParseResult } from '../../src/parse/index.ts';
import { parseWhole, readBySections } from '../../src/parse/parse.ts';
import { sectionStarts } from '../../src/parse/sections.ts';
import type { DocPath } from '../../src/spec/diagnostics.ts';

const GAMES = join(import.meta.dirname, '../../games');

const shippedFiles = (): { file: string; text: string }[] =>
  readdirSync(GAMES).flatMap((id) => {
    const variants = join(GAMES, id, 'variants');
    const names = [join(id, 'game.yaml'), ...(existsSync(variants) ? readdirSync(variants).map((v) => join(id, 'variants', v)) : [])];
    return names.map((file) => ({ file, text: readFileSync(join(GAMES, file), 'utf8') }));
  });

/** Every path of a plain value, parents before children. */
const pathsOf = (value: unknown, path: DocPath = []): DocPath[] => {
  const children = Array.isArray(value)
    ? value.flatMap((v, i) => pathsOf(v, [...path, i]))
    : value !== null && typeof value === 'object'
      ? Object.entries(value).flatMap(([k, v]) => pathsOf(v, [...path, k]))
      : [];
  return [path, ...children];
};

/** Where the paths of the document point (the top two levels and every fifth path below), and where characters inside its strings point. */
const places = (doc: ParsedDoc): unknown[] =>
  pathsOf(doc.value)
    .filter((path, i) => path.length <= 2 || i % 5 === 0)
    .map((path) => {
      const at = (p: DocPath): unknown => p.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)[k], doc.value);
      const value = at(path);
      const inside = typeof value === 'string' ? [0, value.length].map((offset) => locateInScalar(doc, path, offset)) : [];
      return [path, locate(doc, path), locate(doc, path, 'head'), inside];
    });

const expectSame = (actual: ParseResult, expected: ParseResult): void => {
  expect(actual.diagnostics).toEqual(expected.diagnostics);
  expect(actual.doc === undefined).toBe(expected.doc === undefined);
  if (!actual.doc || !expected.doc) return;
  expect(actual.doc.value).toEqual(expected.doc.value);
  expect(actual.doc.lineCounter.lineStarts).toEqual(expected.doc.lineCounter.lineStarts);
  expect(places(actual.doc)).toEqual(places(expected.doc));
};

describe('parse by sections', () => {
  const files = shippedFiles();

  it('reads every shipped file by sections, as the same document as read whole', () => {
    for (const { file, text } of files) {
      if (text.includes('\nflow:')) expect(sectionStarts(text)?.length, file).toBeGreaterThan(1);
      expectSame(parseSpecText(text, file), parseWhole(text, file));
      // A second time, from the cache.
      expectSame(parseSpecText(text, file), parseWhole(text, file));
    }
  });

  it('ends the mapping where its last value ends: a comment after it is the document\'s (fast-check found "#" at the very end)', () => {
    for (const { file, text } of files.filter((f) => f.file.endsWith('game.yaml'))) {
      for (const edited of [`\n${text}#`, `${text}# the end`, `${text}\n# a comment\n\n`]) {
        expectSame(parseSpecText(edited, file), parseWhole(edited, file));
      }
    }
  });

  it('splits only at plain keys at column 0; other lines there belong to the section above; a document marker refuses', () => {
    expect(sectionStarts('# intro\nid: x\ntitle: y\nflow:\n  a: 1\n# note\nmoves: {}\n')).toEqual([0, 14, 23, 43]);
    expect(sectionStarts('id: x\n? [a]\n: 1\ntitle: y\n')).toEqual([0]);
    expect(sectionStarts('id: x\n"title": y\n')).toEqual([0]);
    expect(sectionStarts('flow:\n- a\n- b\nid: x\ntitle: y\n')).toEqual([0, 20]);
    expect(sectionStarts('id: x\nflo\n\nflow: y\ntitle: z\n')).toEqual([0, 19]);
    expect(sectionStarts('@id: x\ntitle:\tTab\nflow: y\n')).toEqual([]);
    expect(sectionStarts('id: x\ntitle:\tTab\nflow: y\nmoves: z\n')).toEqual([0, 25]);
    expect(sectionStarts('- a\n- b\n')).toEqual([]);
    expect(sectionStarts('id: x\n---\ntitle: y\n')).toBeUndefined();
    expect(sectionStarts('%YAML 1.2\nid: x\n')).toBeUndefined();
  });

  it("reads a section broken alone when its errors are the whole text's, and the rest from the cache", () => {
    const text = readFileSync(join(GAMES, 'regicide/game.yaml'), 'utf8');
    // A key typed at the start of the file, a bracket in the middle of a section.
    const cases = [`@${text}`, text.replace('\nmoves:\n', '\nmoves:\n  roll: [\n'), text.replace('\nflow:', '\nflo\nflow:')];
    for (const edited of cases) {
      const result = parseSpecText(edited, 'regicide/game.yaml');
      expect(result.diagnostics.length).toBeGreaterThan(0);
      expectSame(result, parseWhole(edited, 'regicide/game.yaml'));
      expect(readBySections(edited)).toHaveProperty('errors');
    }
    // yaml does not recover by the next key from these: the whole text is read.
    const unrecovered = [
      'id: a\ntitle: "open\nflow: x\n', // the string runs on
      'id: a\n"q": 1\n  x: [\ntitle: b\nflow: c\n', // a quoted key at column 0 takes what follows
      'id: a\ntitle: ]\nflow: c\nmoves: d\n', // an unexpected token ends the document
    ];
    for (const text of unrecovered) {
      expect(readBySections(text), text).toBeUndefined();
      expectSame(parseSpecText(text, 't.yaml'), parseWhole(text, 't.yaml'));
    }
    expect(parseSpecText(cases[0] as string, 'g.yaml').diagnostics[0]).toMatchObject({
      line: 1,
      column: 1,
      message: expect.stringContaining('@'),
    });
  });

  it('falls back to the whole text for what only the whole text can tell', () => {
    const cases = [
      'id: a\ntitle: b\nid: c\n', // a key written twice
      'id: &x a\ntitle: *x\n', // an alias to another section
      'id: a\ntitle: "open\nflow: x\n', // a string cut at a section's end
      'id: a\ntitle: [b,\nc]\n', // a flow list running to column 0
      'id: a\ntitle: b\n  c: d\n',
    ];
    for (const text of cases) expectSame(parseSpecText(text, 't.yaml'), parseWhole(text, 't.yaml'));
    expect(parseSpecText(cases[0] as string, 't.yaml').diagnostics.map((d) => d.message)).toEqual([
      expect.stringContaining("duplicate key 'id'"),
    ]);
  });

  const SNIPPETS = [
    '\n',
    ' ',
    '  ',
    ':',
    ': ',
    '#',
    'x',
    '-',
    '- ',
    '"',
    "'",
    '|',
    '>',
    '[',
    ']',
    '{',
    '}',
    ',',
    '&a ',
    '*a',
    '!',
    '?',
    '%',
    '\t',
    '\r\n',
    '---\n',
    '\nid: 1\n',
    '\nflow: x\n',
    '\nzz: [1,\n',
    '\n  k: v\n',
    '\ufeff',
    '\nflo',
    '\n@',
    '\n- x',
    '\n"q": 1',
    '\n? k\n',
    '@',
    '`',
  ];
  const edit = fc.record({ at: fc.double({ min: 0, max: 1, noNaN: true }), cut: fc.nat(12), insert: fc.constantFrom(...SNIPPETS) });

  it('reads edited files as the whole text does (fast-check)', () => {
    const texts = files.filter((f) => f.file.endsWith('game.yaml'));
    fc.assert(
      fc.property(fc.constantFrom(...texts), fc.array(edit, { minLength: 1, maxLength: 3 }), ({ file, text }, edits) => {
        const edited = edits.reduce((t, e) => {
          const at = Math.floor(e.at * t.length);
          return t.slice(0, at) + e.insert + t.slice(at + e.cut);
        }, text);
        expectSame(parseSpecText(edited, file), parseWhole(edited, file));
      }),
      { numRuns: Number(process.env.SECTION_RUNS ?? 150) },
    );
  });
});
