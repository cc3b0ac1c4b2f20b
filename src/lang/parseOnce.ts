/**
 * Expressions parsed once per text. Parsing is a pure function of the text and the tree is
 * read-only, so the editor, which recompiles the whole spec on every keystroke, parses again only
 * the expressions that changed. Bounded: the least recently used texts are dropped first.
 */
import { parseExpression, type ParseResult } from './parser.ts';

const KEPT = 4096;
const parsed = new Map<string, ParseResult>();

export const parseExpressionOnce = (src: string): ParseResult => {
  const hit = parsed.get(src);
  if (hit) {
    parsed.delete(src);
    parsed.set(src, hit);
    return hit;
  }
  const result = parseExpression(src);
  parsed.set(src, result);
  if (parsed.size > KEPT) parsed.delete(parsed.keys().next().value as string);
  return result;
};
