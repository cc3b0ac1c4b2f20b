/**
 * Expressions parsed once per text. Parsing is a pure function of the text and the tree is
 * read-only, so the editor, which recompiles the whole spec on every keystroke, parses again only
 * the expressions that changed. Bounded: the least recently used texts are dropped first.
 */
import { LruCache } from './cache.ts';
import { parseExpression, type ParseResult } from './parser.ts';

const parsed = new LruCache<string, ParseResult>(4096);

export const parseExpressionOnce = (src: string): ParseResult => parsed.getOrSet(src, () => parseExpression(src));
