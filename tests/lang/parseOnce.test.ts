import { describe, expect, it } from 'vitest';
import { parseExpression } from '../../src/lang/parser.ts';
import { parseExpressionOnce } from '../../src/lang/parseOnce.ts';

describe('parseExpressionOnce', () => {
  it('gives the tree parseExpression gives, and the same one for the same text', () => {
    for (const src of ['a + b * 2 > c and x in [1, 2, 3]', 'let s = sum(map(hand, (c) => c.rank)) in s % 10', 'a +', '"open']) {
      const once = parseExpressionOnce(src);
      expect(once).toEqual(parseExpression(src));
      expect(parseExpressionOnce(src)).toBe(once);
    }
  });

  it('keeps a bounded number of texts, dropping the least recently used', () => {
    const first = parseExpressionOnce('first + 1');
    const kept = parseExpressionOnce('kept + 1');
    for (let i = 0; i < 5000; i++) {
      parseExpressionOnce(`n${i} + 1`);
      if (i % 1000 === 0) parseExpressionOnce('kept + 1');
    }
    expect(parseExpressionOnce('kept + 1')).toBe(kept);
    const again = parseExpressionOnce('first + 1');
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });
});
