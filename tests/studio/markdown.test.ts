/** The reference's Markdown reader: the docs' constructs as data, and nothing in the text ever becomes markup. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  anchorOf,
  parseInline,
  parseMarkdown,
  plainText,
  sectionsOf,
  type Block,
  type Inline,
} from '../../src/studio/reference/markdown.ts';

const LANGUAGE = readFileSync('docs/LANGUAGE.md', 'utf8');

const links = (nodes: readonly Inline[]): string[] =>
  nodes.flatMap((n) =>
    n.kind === 'link' ? [n.href ?? 'null', ...links(n.children)] : n.kind === 'strong' || n.kind === 'em' ? links(n.children) : [],
  );

const inlinesOf = (b: Block): Inline[][] =>
  b.kind === 'paragraph' || b.kind === 'heading'
    ? [[...b.inline]]
    : b.kind === 'list'
      ? b.items.map((i) => [...i])
      : b.kind === 'table'
        ? [...b.head, ...b.rows.flat()].map((c) => [...c])
        : [];

describe('the reference Markdown', () => {
  it('reads headings, fenced code (a # inside stays code), pipe tables with escaped pipes, lists and paragraphs', () => {
    const blocks = parseMarkdown(
      [
        '# Title',
        '',
        'Some *em* and **bold** `code`.',
        '',
        '```yaml',
        '# not a heading',
        'a: 1',
        '```',
        '',
        '| op | ex |',
        '|---|---|',
        '| `or`, `\\|\\|` | a |',
        '',
        '- one',
        '  more',
        '- two',
      ].join('\n'),
    );
    expect(blocks.map((b) => b.kind)).toEqual(['heading', 'paragraph', 'code', 'table', 'list']);
    expect(blocks[2]).toEqual({ kind: 'code', lang: 'yaml', text: '# not a heading\na: 1' });
    const table = blocks[3] as Extract<Block, { kind: 'table' }>;
    expect(table.rows[0]?.map(plainText)).toEqual(['or, ||', 'a']);
    expect((blocks[4] as Extract<Block, { kind: 'list' }>).items.map(plainText)).toEqual(['one more', 'two']);
    expect(parseInline('Some *em* and **bold** `code`.').map((n) => n.kind)).toEqual([
      'text',
      'em',
      'text',
      'strong',
      'text',
      'code',
      'text',
    ]);
  });

  it('keeps raw HTML as text and only in-page or http(s) link targets', () => {
    const [p] = parseMarkdown(
      '<img src=x onerror="alert(1)"> [a](javascript:alert%281%29) [b](#moves) [c](https://example.org/x) [d](SECURITY.md)',
    );
    if (p?.kind !== 'paragraph') throw new Error('no paragraph');
    expect(plainText(p.inline)).toBe('<img src=x onerror="alert(1)"> a b c d');
    expect(links(p.inline)).toEqual(['null', '#moves', 'https://example.org/x', 'null']);
  });

  it('every in-page link of docs/LANGUAGE.md names one of its headings', () => {
    const blocks = parseMarkdown(LANGUAGE);
    const ids = new Set(blocks.flatMap((b) => (b.kind === 'heading' ? [b.id] : [])));
    const targets = blocks
      .flatMap(inlinesOf)
      .flatMap(links)
      .filter((h) => h.startsWith('#'));
    expect(targets.length).toBeGreaterThan(15);
    expect(targets.filter((t) => !ids.has(t.slice(1)))).toEqual([]);
    expect(anchorOf('Scoring tables')).toBe('scoring-tables');
  });

  it('sections are searchable by their whole text, tables and code included', () => {
    const sections = sectionsOf(parseMarkdown(LANGUAGE));
    const hits = sections.filter((s) => s.text.includes('cover('));
    expect(hits.map((s) => s.heading?.id)).toContain('scoring-tables');
    expect(hits.length).toBeLessThan(sections.length / 2);
  });
});
