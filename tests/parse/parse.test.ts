import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSpecText } from '../../src/parse/index.ts';
import type { Diagnostic } from '../../src/spec/diagnostics.ts';

/** The parts of a diagnostic a test pins down exactly. */
const brief = (d: Diagnostic): { severity: string; line: number; column: number; message: string } => ({
  severity: d.severity,
  line: d.line,
  column: d.column,
  message: d.message,
});

const only = (text: string): Diagnostic => {
  const result = parseSpecText(text, 'game.yaml');
  expect(result.doc).toBeUndefined();
  expect(result.diagnostics).toHaveLength(1);
  const [first] = result.diagnostics;
  if (!first) throw new Error('no diagnostic');
  expect(first.file).toBe('game.yaml');
  return first;
};

describe('parseSpecText: valid documents', () => {
  it('parses the new-game template with no diagnostics and keeps what later stages need', () => {
    const text = readFileSync(join(import.meta.dirname, '../../templates/new-game.yaml'), 'utf8');
    const { doc, diagnostics } = parseSpecText(text, 'new-game.yaml');
    expect(diagnostics).toEqual([]);
    expect(doc?.file).toBe('new-game.yaml');
    expect(doc?.text).toBe(text);
    expect(doc?.value).toMatchObject({ id: 'new-game', players: { min: 2, max: 4 } });
    expect(doc?.document.contents).not.toBeNull();
    expect(doc?.lineCounter.linePos(0)).toEqual({ line: 1, col: 1 });
  });

  it('reads YAML 1.2 core scalars: yes/no stay strings, numbers and booleans are typed', () => {
    const { doc } = parseSpecText('a: yes\nb: 0x10\nc: true\nd: ~\ne: "1"\n', 'f.yaml');
    expect(doc?.value).toEqual({ a: 'yes', b: 16, c: true, d: null, e: '1' });
  });

  it('follows anchors and aliases', () => {
    const { doc, diagnostics } = parseSpecText('a: &faces [1, 2]\nb: *faces\n', 'f.yaml');
    expect(diagnostics).toEqual([]);
    expect(doc?.value).toEqual({ a: [1, 2], b: [1, 2] });
  });

  it('keeps warnings without dropping the document', () => {
    const { doc, diagnostics } = parseSpecText('%FOO bar\n---\na: 1\n', 'f.yaml');
    expect(doc?.value).toEqual({ a: 1 });
    expect(diagnostics.map(brief)).toEqual([{ severity: 'warning', line: 1, column: 1, message: 'Unknown directive %FOO' }]);
  });
});

describe('parseSpecText: broken YAML', () => {
  it('reports an unclosed double quote at the opening quote, not at the end of the file', () => {
    const d = only('id: x\ntitle: "Ten thousand\nplayers: 2\n');
    expect(brief(d)).toEqual({ severity: 'error', line: 2, column: 8, message: 'unclosed string: the " here has no closing "' });
    expect(d.path).toEqual(['title']);
  });

  it("reports a deleted '}' at the '{' left open, not where the next block starts", () => {
    const d = only('id: x\nplayers: { min: 2, max: 8\n\ntitle: T\n');
    expect(brief(d)).toMatchObject({ line: 2, column: 10, message: "unclosed '{': this mapping has no closing '}'" });
  });

  it('reports an unclosed single quote the same way', () => {
    const d = only("id: x\ntitle: 'Ten\nplayers: 2\n");
    expect(brief(d)).toMatchObject({ line: 2, column: 8, message: "unclosed string: the ' here has no closing '" });
  });

  it('reports a line indented deeper than its siblings on that line', () => {
    const d = only('id: x\nplayers:\n  min: 2\n   max: 4\n');
    expect(brief(d)).toEqual({
      severity: 'error',
      line: 4,
      column: 4,
      message:
        'bad indentation: this line is indented more than the line above, which already has a value (keys of one mapping must line up)',
    });
  });

  it('reports a line indented less than its siblings', () => {
    const d = only('id: x\nplayers:\n  min: 2\n max: 4\n');
    expect(brief(d)).toEqual({ severity: 'error', line: 4, column: 1, message: 'All mapping items must start at the same column' });
  });

  it('reports a tab used as indentation', () => {
    const d = only('id: x\nplayers:\n\tmin: 2\n');
    expect(brief(d)).toEqual({
      severity: 'error',
      line: 3,
      column: 1,
      message: 'tabs are not allowed as indentation in YAML: indent with spaces',
    });
  });

  it("explains a ': ' inside an unquoted value", () => {
    const d = only('title: Zilch: the game\n');
    expect(brief(d)).toMatchObject({ line: 1, column: 8 });
    expect(d.message).toContain('put the value in quotes');
  });

  it('reports a duplicate key as an error at the second one, naming the first', () => {
    const d = only('id: x\nplayers:\n  min: 2\n  max: 3\n  min: 4\n');
    expect(brief(d)).toEqual({
      severity: 'error',
      line: 5,
      column: 3,
      message: "duplicate key 'min' (first defined at line 3): a key may appear only once in a mapping",
    });
    expect(d.path).toEqual(['players', 'min']);
    expect([d.endLine, d.endColumn]).toEqual([5, 6]);
    expect(d.code).toBe('duplicate-name');
  });

  it('reports one error per line, not every follow-on complaint of the parser', () => {
    const { diagnostics } = parseSpecText('- a\nb: 1\n', 'f.yaml');
    expect(diagnostics.filter((d) => d.line === 2)).toHaveLength(1);
  });

  it('rejects several documents in one file', () => {
    const d = only('a: 1\n---\nb: 2\n');
    expect(brief(d)).toMatchObject({ line: 2, column: 1 });
    expect(d.message).toContain("remove this '---'");
  });

  it('reports an alias to an anchor that does not exist, at the alias', () => {
    const d = only('a: 1\nb: *nope\n');
    expect(brief(d)).toEqual({ severity: 'error', line: 2, column: 4, message: "unknown anchor '*nope': define it earlier with &nope" });
  });

  it('rejects keys that are lists or mappings', () => {
    const d = only('? [a, b]\n: 1\n');
    expect(brief(d)).toMatchObject({ line: 1, column: 3, message: 'a key must be a plain name, not a list or a mapping' });
  });
});

describe('parseSpecText: the top level must be a mapping', () => {
  it('rejects a list', () => {
    const d = only('- 1\n- 2\n');
    expect(brief(d)).toEqual({
      severity: 'error',
      line: 1,
      column: 1,
      message: 'the top level of a spec must be a mapping of keys to values (key: value lines), found a list',
    });
  });

  it('rejects a single value, where it starts', () => {
    const d = only('# a comment\njust some text\n');
    expect(brief(d)).toMatchObject({ line: 2, column: 1 });
    expect(d.message).toContain('found a single value');
  });

  it('rejects an empty file and a file of comments', () => {
    for (const text of ['', '# nothing yet\n']) {
      const d = only(text);
      expect(brief(d)).toMatchObject({ line: 1, column: 1 });
      expect(d.message).toContain('the file is empty');
    }
  });
});

describe('parseSpecText never throws', () => {
  it('returns diagnostics for hostile or odd input', () => {
    const inputs = [
      '\u0000\u0001',
      '{'.repeat(500),
      '['.repeat(500) + ']'.repeat(500),
      'a: &a [*a]\n',
      // A "billion laughs" document: the alias limit stops it.
      [
        'a: &a [x, x, x, x, x, x, x, x, x, x]',
        ...Array.from({ length: 8 }, (_, i) => {
          const name = String.fromCharCode(98 + i);
          const prev = String.fromCharCode(97 + i);
          return `${name}: &${name} [${Array(10).fill(`*${prev}`).join(', ')}]`;
        }),
      ].join('\n'),
      'key: "\\uZZZZ"\n',
      ': no key\n',
    ];
    for (const text of inputs) {
      const result = parseSpecText(text, 'f.yaml');
      expect(result.doc !== undefined || result.diagnostics.some((d) => d.severity === 'error')).toBe(true);
    }
  });
});
