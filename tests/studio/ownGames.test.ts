/** The texts "New game" and "Duplicate" write: only the fields they set change, character for character. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { idOf, withFields } from '../../src/studio/catalog/ownGames.ts';

describe('own games', () => {
  it('a duplicated spec differs from the original only in the values of id and title', () => {
    const text = readFileSync('games/ten-thousand/game.yaml', 'utf8');
    const copy = withFields(text, { id: 'ten-thousand-copy', title: '10,000 (copy)' });
    const before = text.split('\n');
    const after = copy.split('\n');
    expect(after).toHaveLength(before.length);
    const changed = before.flatMap((line, i) => (line === after[i] ? [] : [[line, after[i]]]));
    expect(changed).toEqual([
      ['id: ten-thousand', 'id: "ten-thousand-copy"'],
      ['title: "10,000"', 'title: "10,000 (copy)"'],
    ]);
  });

  it('a missing field is added at the top of the mapping, after the leading comments; a title with quotes stays one string', () => {
    const copy = withFields('# comment\nvariant: x\ntitle: X\n', { game: 'a-copy', title: 'Say "hi": #1' });
    expect(copy).toBe('# comment\ngame: "a-copy"\nvariant: x\ntitle: "Say \\"hi\\": #1"\n');
    expect(parse(copy)).toEqual({ game: 'a-copy', variant: 'x', title: 'Say "hi": #1' });
  });

  it('a text that is not valid YAML is copied as it is', () => {
    expect(withFields('id: [unclosed', { id: 'x' })).toBe('id: [unclosed');
  });

  it('ids are lower-case words joined by dashes', () => {
    expect(idOf('Dice Race!')).toBe('dice-race');
    expect(idOf('  Über Größe 2 ')).toBe('uber-groe-2');
    expect(idOf('A/B - c_d')).toBe('ab-c-d');
    expect(idOf('♥♥♥')).toBe('game');
  });
});
