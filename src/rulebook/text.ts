/**
 * A rule's text is plain text with two shapes: paragraphs (separated by a blank line) and lists
 * (lines that start with "- "). Nothing else is read from it, so a text is never markup to run.
 */

export type Block = { readonly kind: 'paragraph'; readonly text: string } | { readonly kind: 'list'; readonly items: readonly string[] };

const LIST_ITEM = /^\s*- /;

export const blocksOf = (text: string): Block[] => {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let items: string[] = [];
  const flush = (): void => {
    if (paragraph.length > 0) blocks.push({ kind: 'paragraph', text: paragraph.join(' ') });
    if (items.length > 0) blocks.push({ kind: 'list', items });
    paragraph = [];
    items = [];
  };
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '') flush();
    else if (LIST_ITEM.test(raw)) {
      if (paragraph.length > 0) flush();
      items.push(line.slice(2).trim());
    } else if (items.length > 0 && /^\s{2,}/.test(raw)) items[items.length - 1] += ` ${line}`;
    else {
      if (items.length > 0) flush();
      paragraph.push(line);
    }
  }
  flush();
  return blocks;
};

/** The part of a rule id before its number that names the game (`R-` of `R-H2`). */
export const prefixOf = (id: string): string => id.slice(0, id.indexOf('-') + 1);

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A pattern for the ids a text cites, given the games' id prefixes (`R-`, `T-`). */
export const citationPattern = (prefixes: Iterable<string>): RegExp | undefined => {
  const alternatives = [...new Set(prefixes)].sort().map(escapeRegExp);
  return alternatives.length === 0
    ? undefined
    : new RegExp(`(?<![A-Za-z0-9-])(?:${alternatives.join('|')})[A-Z]*[0-9]+(?:\\.[0-9]+)*`, 'g');
};

export interface Citation {
  readonly id: string;
  readonly offset: number;
}

export const citationsIn = (text: string, pattern: RegExp | undefined): Citation[] =>
  pattern === undefined ? [] : [...text.matchAll(pattern)].map((m) => ({ id: m[0], offset: m.index }));
