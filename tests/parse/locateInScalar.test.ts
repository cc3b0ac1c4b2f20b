import fc from 'fast-check';
import { isScalar, parseDocument, stringify, type Scalar } from 'yaml';
import { describe, expect, it } from 'vitest';
import { locateInScalar, locateRangeInScalar, scalarOffsetMap } from '../../src/parse/index.ts';
import { parsed, where } from './helpers.ts';

/** Where character `offset` of the value at `path` is reported, next to where the test expects it. */
const check = (text: string, path: (string | number)[], valueNeedle: string, sourceNeedle: string, nth = 0): void => {
  const doc = parsed(text);
  const value = String((doc.value as Record<string, unknown>)[String(path[0])]);
  const offset = value.indexOf(valueNeedle);
  expect(offset, `'${valueNeedle}' in the value ${JSON.stringify(value)}`).toBeGreaterThanOrEqual(0);
  expect(locateInScalar(doc, path, offset)).toEqual(where(text, sourceNeedle, nth));
};

describe('locateInScalar: each scalar style', () => {
  it('plain, one line', () => {
    check('guard: score >= 10\n', ['guard'], '>=', '>=');
  });

  it('plain, folded over several lines', () => {
    const text = 'guard: score >= 10\n  and ticks < 3\n\n  or done\n';
    const doc = parsed(text);
    expect(doc.value).toEqual({ guard: 'score >= 10 and ticks < 3\nor done' });
    check(text, ['guard'], 'ticks', 'ticks');
    check(text, ['guard'], 'done', 'done');
  });

  it("single-quoted, with '' for a quote", () => {
    const text = "log: 'it''s {name}''s turn'\n";
    check(text, ['log'], '{name}', '{name}');
    check(text, ['log'], 'turn', 'turn');
  });

  it('single-quoted over two lines', () => {
    check("log: 'first line\n  second {x}'\n", ['log'], '{x}', '{x}');
  });

  it('double-quoted, after the opening quote', () => {
    check('log: "Player {active + 1} wins"\n', ['log'], 'active', 'active');
  });

  it('double-quoted with escapes before the offset', () => {
    const text = 'log: "a\\tb \\"q\\" {x} \\u00e9t\\u00e9 {y}"\n';
    expect(parsed(text).value).toEqual({ log: 'a\tb "q" {x} été {y}' });
    check(text, ['log'], '{x}', '{x}');
    check(text, ['log'], '{y}', '{y}');
    // The escape itself: the tab is reported at its backslash.
    check(text, ['log'], '\t', '\\t');
    // An astral character is two UTF-16 units; both point at its escape.
    const astral = 'log: "\\U0001F3B2 {z}"\n';
    check(astral, ['log'], '{z}', '{z}');
  });

  it('double-quoted with an escaped line break and folded lines', () => {
    const text = 'log: "one \\\n    two\n  three {x}"\n';
    expect(parsed(text).value).toEqual({ log: 'one two three {x}' });
    check(text, ['log'], 'two', 'two');
    check(text, ['log'], '{x}', '{x}');
  });

  it('literal block (|), mapping each line through its indentation', () => {
    const text = 'body: |\n  let x = 1\n  x + y\n';
    check(text, ['body'], 'let', 'let');
    check(text, ['body'], 'y', 'y\n');
  });

  it('literal block with strip chomping and a comment on the header', () => {
    check('body: |- # the formula\n    a +\n    b\nnext: 1\n', ['body'], 'b', 'b\n');
  });

  it('literal block with an indentation indicator and more-indented first line', () => {
    const text = 'outer:\n  body: |2\n      indented\n    base {x}\n';
    const doc = parsed(text);
    expect((doc.value as { outer: { body: string } }).outer.body).toBe('  indented\nbase {x}\n');
    expect(locateInScalar(doc, ['outer', 'body'], 0)).toEqual({ line: 3, column: 5 });
    expect(locateInScalar(doc, ['outer', 'body'], '  indented\nbase '.length)).toEqual(where(text, '{x}'));
  });

  it('folded block (>), where single line breaks became spaces', () => {
    const text = 'guard: >\n  score >= 10\n  and ticks < 3\n\n  or done\n';
    expect(parsed(text).value).toEqual({ guard: 'score >= 10 and ticks < 3\nor done\n' });
    check(text, ['guard'], 'ticks', 'ticks');
    check(text, ['guard'], 'done', 'done');
  });

  it('folded block with more-indented lines, which keep their breaks', () => {
    const text = 'note: >-\n  a\n    b {x}\n  c {y}\n';
    expect(parsed(text).value).toEqual({ note: 'a\n  b {x}\nc {y}' });
    check(text, ['note'], '{x}', '{x}');
    check(text, ['note'], '{y}', '{y}');
  });

  it('scalars inside lists and flow mappings', () => {
    const text = 'effects: [{ roll: "zones.pool" }, { log: plain text }]\n';
    const doc = parsed(text);
    expect(locateInScalar(doc, ['effects', 0, 'roll'], 6)).toEqual(where(text, 'pool'));
    expect(locateInScalar(doc, ['effects', 1, 'log'], 6)).toEqual(where(text, 'text'));
  });

  it('numbers and booleans count within their token', () => {
    const doc = parsed('count: 12345\n');
    expect(locateInScalar(doc, ['count'], 3)).toEqual({ line: 1, column: 11 });
  });

  it('CRLF line endings', () => {
    const text = 'guard: >\r\n  a and\r\n  b\r\n';
    const doc = parsed(text);
    expect(locateInScalar(doc, ['guard'], 'a and '.length)).toEqual({ line: 3, column: 3 });
  });
});

describe('locateInScalar: edges', () => {
  const text = 'expr: "abc"\nlist: [1, 2]\n';
  const doc = parsed(text);

  it('clamps offsets past either end of the value', () => {
    expect(locateInScalar(doc, ['expr'], -5)).toEqual({ line: 1, column: 8 });
    expect(locateInScalar(doc, ['expr'], 99)).toEqual({ line: 1, column: 11 });
  });

  it('falls back to locate for a path that is not a scalar', () => {
    expect(locateInScalar(doc, ['list'], 3)).toEqual({ line: 2, column: 7 });
    expect(locateInScalar(doc, ['missing'], 3)).toEqual({ line: 1, column: 1 });
  });

  it('spans a range of characters, ending after the last one', () => {
    expect(locateRangeInScalar(doc, ['expr'], { start: 1, end: 3 })).toEqual({ line: 1, column: 9, endLine: 1, endColumn: 11 });
    const folded = parsed('g: >\n  one\n  two\n');
    expect(locateRangeInScalar(folded, ['g'], { start: 0, end: 7 })).toEqual({ line: 2, column: 3, endLine: 3, endColumn: 6 });
  });
});

/**
 * The offset map re-enacts YAML's folding rules; these properties check it against the yaml
 * library on generated strings written in every style yaml can produce.
 */
describe('scalarOffsetMap agrees with yaml on generated scalars', () => {
  const STYLES = ['PLAIN', 'QUOTE_SINGLE', 'QUOTE_DOUBLE', 'BLOCK_LITERAL', 'BLOCK_FOLDED'] as const;
  const alphabet = fc.constantFrom(...Array.from('ab z:#\'"\\\t\n{}-é😀'));
  const content = fc.array(alphabet, { maxLength: 60 }).map((chars) => chars.join(''));

  /** The scalar under `depth` levels of `n:` and then `k:`. */
  const scalarOf = (text: string, depth: number): Scalar => {
    let current: unknown = parseDocument(text).contents;
    for (let i = 0; i <= depth; i += 1) current = (current as { items: { value: unknown }[] }).items[0]?.value;
    if (!isScalar(current)) throw new Error(`not a scalar in ${JSON.stringify(text)}`);
    return current;
  };

  for (const style of STYLES) {
    it(`maps every character (${style})`, () => {
      fc.assert(
        fc.property(content, fc.integer({ min: 8, max: 40 }), fc.integer({ min: 0, max: 3 }), (value, width, depth) => {
          // Nested under `n:` keys so that block scalars sit at deeper indentations too.
          let data: unknown = { k: value };
          for (let i = 0; i < depth; i += 1) data = { n: data };
          const text = stringify(data, { defaultStringType: style, defaultKeyType: 'PLAIN', lineWidth: width, minContentWidth: 0 });
          const node = scalarOf(text, depth);
          // yaml's writer cannot put every string in every style; only round trips are evidence.
          fc.pre(node.value === value);
          const map = scalarOffsetMap(text, node);
          expect(map, `${style} ${JSON.stringify(text)}`).toBeDefined();
          if (!map) return;
          expect(map).toHaveLength(value.length + 1);
          for (let i = 0; i < value.length; i += 1) {
            const source = text[map[i] ?? -1] ?? '';
            const char = value[i] ?? '';
            // A visible character comes from itself, or from an escape or a doubled quote.
            if (!/\s/.test(char))
              expect([char, '\\', "'"].includes(source) || /[\uD800-\uDFFF]/.test(char), `${i} in ${JSON.stringify(text)}`).toBe(true);
          }
        }),
        { numRuns: 300 },
      );
    });
  }
});

/** yaml's writer rarely folds; these sources are written by hand, the way people write them. */
describe('scalarOffsetMap agrees with yaml on hand-written multi-line scalars', () => {
  const word = fc.constantFrom('a', 'bb', 'x + 1', '{y}', "it's", 'q"q', 'a\\tb', '# no', 'é', '😀');
  const line = fc.tuple(fc.integer({ min: 0, max: 3 }), fc.array(word, { minLength: 0, maxLength: 3 }), fc.constantFrom('', ' ', '  '));
  const body = fc.array(line, { minLength: 1, maxLength: 6 });
  const HEADERS = ['>', '>-', '>+', '|', '|-', '|+', 'plain', "'", '"'] as const;

  it('maps every character', () => {
    fc.assert(
      fc.property(fc.constantFrom(...HEADERS), body, (header, lines) => {
        const rendered = lines.map(([extra, words, trail]) =>
          words.length === 0 ? '' : `${' '.repeat(2 + extra)}${words.join(' ')}${trail}`,
        );
        let text: string;
        if (header === 'plain') text = `k: z ${rendered.join('\n').trimStart()}\n`;
        else if (header === "'" || header === '"') {
          const inner = rendered.join('\n').replace(header === "'" ? /'/g : /"/g, header === "'" ? "''" : '\\"');
          text = `k: ${header}${inner}${header}\n`;
        } else text = `k: ${header}\n${rendered.join('\n')}\n`;
        const doc = parseDocument(text);
        fc.pre(doc.errors.length === 0);
        const node = (doc.contents as { items?: { value?: unknown }[] } | null)?.items?.[0]?.value;
        fc.pre(isScalar(node) && typeof node.value === 'string');
        if (!isScalar(node) || typeof node.value !== 'string') return;
        const value = node.value;
        const map = scalarOffsetMap(text, node);
        expect(map, JSON.stringify(text)).toBeDefined();
        for (let i = 0; i < value.length; i += 1) {
          const char = value[i] ?? '';
          const source = text[map?.[i] ?? -1] ?? '';
          if (!/\s/.test(char))
            expect([char, '\\', "'"].includes(source) || /[\uD800-\uDFFF]/.test(char), `${i} in ${JSON.stringify(text)}`).toBe(true);
        }
      }),
      { numRuns: 1000 },
    );
  });
});
