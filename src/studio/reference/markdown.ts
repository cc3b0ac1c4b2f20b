/**
 * The part of Markdown the docs use (headings, paragraphs, fenced code, pipe tables, bullet lists;
 * inline code, bold, emphasis and links), read into plain data that React renders as elements.
 * No HTML is ever produced from the text, so nothing in it can run or inject markup; a link
 * keeps only an in-page anchor or an http(s) address.
 */

export type Inline =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'code'; readonly text: string }
  | { readonly kind: 'strong'; readonly children: readonly Inline[] }
  | { readonly kind: 'em'; readonly children: readonly Inline[] }
  /** `href` is '#anchor' or an http(s) address; any other target is null (shown as plain text). */
  | { readonly kind: 'link'; readonly href: string | null; readonly children: readonly Inline[] };

export type Block =
  | { readonly kind: 'heading'; readonly level: number; readonly id: string; readonly text: string; readonly inline: readonly Inline[] }
  | { readonly kind: 'paragraph'; readonly inline: readonly Inline[] }
  | { readonly kind: 'code'; readonly lang: string; readonly text: string }
  | { readonly kind: 'table'; readonly head: readonly (readonly Inline[])[]; readonly rows: readonly (readonly (readonly Inline[])[])[] }
  | { readonly kind: 'list'; readonly items: readonly (readonly Inline[])[] };

/** An anchor as GitHub makes one from a heading: lower case, punctuation dropped, spaces as dashes. */
export const anchorOf = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .trim()
    .replace(/\s/g, '-');

const safeHref = (target: string): string | null => (/^#[\w-]*$/.test(target) || /^https?:\/\/[^\s]+$/.test(target) ? target : null);

/** Inline markup of one paragraph, heading or cell. */
export const parseInline = (text: string): Inline[] => {
  const out: Inline[] = [];
  let plain = '';
  const flush = (): void => {
    if (plain) out.push({ kind: 'text', text: plain });
    plain = '';
  };
  let i = 0;
  while (i < text.length) {
    const rest = text.slice(i);
    const code = /^(`+)([\s\S]*?[^`])\1(?!`)/.exec(rest);
    const strong = /^\*\*(?=\S)([\s\S]*?\S)\*\*/.exec(rest);
    const em = /^\*(?=[^\s*])([\s\S]*?[^\s*])\*(?!\*)/.exec(rest);
    const link = /^\[([^\]]+)\]\(([^)\s]+)\)/.exec(rest);
    const escaped = /^\\([\\`*_[\]()#|!-])/.exec(rest);
    if (escaped) plain += escaped[1];
    else if (code) {
      flush();
      const body = code[2] as string;
      out.push({ kind: 'code', text: /^ .* $/.test(body) ? body.slice(1, -1) : body });
    } else if (strong) {
      flush();
      out.push({ kind: 'strong', children: parseInline(strong[1] as string) });
    } else if (em) {
      flush();
      out.push({ kind: 'em', children: parseInline(em[1] as string) });
    } else if (link) {
      flush();
      out.push({ kind: 'link', href: safeHref(link[2] as string), children: parseInline(link[1] as string) });
    } else {
      plain += text[i];
      i += 1;
      continue;
    }
    i += (escaped ?? code ?? strong ?? em ?? link)?.[0].length ?? 1;
  }
  flush();
  return out;
};

/** The cells of a table row: split at pipes that are not escaped (`\|` is a pipe inside a cell). */
const cellsOf = (line: string): Inline[][] =>
  line
    .trim()
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '')
    .split(/(?<!\\)\|/)
    .map((cell) => parseInline(cell.trim().replace(/\\\|/g, '|')));

const FENCE = /^\s*```\s*([\w-]*)\s*$/;
const HEADING = /^(#{1,6})\s+(.+?)\s*#*\s*$/;
const TABLE_RULE = /^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$/;
const BULLET = /^[-*]\s+(.*)$/;

/** The blocks of a Markdown text. */
export const parseMarkdown = (source: string): Block[] => {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  let i = 0;
  const at = (n: number): string => lines[n] ?? '';
  while (i < lines.length) {
    const line = at(i);
    const fence = FENCE.exec(line);
    const heading = HEADING.exec(line);
    if (!line.trim()) {
      i += 1;
    } else if (fence) {
      const body: string[] = [];
      i += 1;
      while (i < lines.length && !/^\s*```\s*$/.test(at(i))) body.push(at(i++));
      i += 1;
      blocks.push({ kind: 'code', lang: fence[1] ?? '', text: body.join('\n') });
    } else if (heading) {
      const text = heading[2] as string;
      blocks.push({
        kind: 'heading',
        level: (heading[1] as string).length,
        id: anchorOf(plainText(parseInline(text))),
        text,
        inline: parseInline(text),
      });
      i += 1;
    } else if (line.trim().startsWith('|') && TABLE_RULE.test(at(i + 1))) {
      const head = cellsOf(line);
      const rows: Inline[][][] = [];
      i += 2;
      while (i < lines.length && at(i).trim().startsWith('|')) rows.push(cellsOf(at(i++)));
      blocks.push({ kind: 'table', head, rows });
    } else if (BULLET.test(line)) {
      const items: string[] = [];
      while (i < lines.length && (BULLET.test(at(i)) || (/^\s+\S/.test(at(i)) && items.length > 0))) {
        const bullet = BULLET.exec(at(i));
        if (bullet) items.push(bullet[1] as string);
        else items[items.length - 1] += ` ${at(i).trim()}`;
        i += 1;
      }
      blocks.push({ kind: 'list', items: items.map(parseInline) });
    } else {
      const body: string[] = [];
      while (
        i < lines.length &&
        at(i).trim() &&
        !FENCE.test(at(i)) &&
        !HEADING.test(at(i)) &&
        !BULLET.test(at(i)) &&
        !(at(i).trim().startsWith('|') && TABLE_RULE.test(at(i + 1)))
      ) {
        body.push(at(i++).trim());
      }
      blocks.push({ kind: 'paragraph', inline: parseInline(body.join(' ')) });
    }
  }
  return blocks;
};

/** The text of inline markup without the markup. */
export const plainText = (inline: readonly Inline[]): string =>
  inline.map((n) => (n.kind === 'text' || n.kind === 'code' ? n.text : plainText(n.children))).join('');

/** The searchable text of a block. */
export const blockText = (block: Block): string => {
  switch (block.kind) {
    case 'heading':
    case 'paragraph':
      return plainText(block.inline);
    case 'code':
      return block.text;
    case 'table':
      return [block.head, ...block.rows].map((row) => row.map(plainText).join(' ')).join('\n');
    case 'list':
      return block.items.map(plainText).join('\n');
  }
};

export interface Section {
  readonly heading: Extract<Block, { kind: 'heading' }> | null;
  readonly blocks: readonly Block[];
  /** Lower-cased text of the heading and blocks, for search. */
  readonly text: string;
}

/** The blocks grouped under their headings (down to `depth`), each with its searchable text. */
export const sectionsOf = (blocks: readonly Block[], depth = 3): Section[] => {
  const sections: { heading: Section['heading']; blocks: Block[] }[] = [{ heading: null, blocks: [] }];
  for (const block of blocks) {
    if (block.kind === 'heading' && block.level <= depth) sections.push({ heading: block, blocks: [] });
    else (sections[sections.length - 1] as { blocks: Block[] }).blocks.push(block);
  }
  return sections
    .filter((s) => s.heading !== null || s.blocks.length > 0)
    .map((s) => ({ ...s, text: [s.heading ? blockText(s.heading) : '', ...s.blocks.map(blockText)].join('\n').toLowerCase() }));
};
