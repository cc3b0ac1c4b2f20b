import { describe, expect, it } from 'vitest';
import {
  BOOL,
  NEVER,
  NUMBER,
  STRING,
  formatType,
  isAssignable,
  listOf,
  parseType,
  recordOf,
  typeEquals,
  type Type,
} from '../../src/lang/index.ts';
import { parseSignature } from '../../src/lang/typeSyntax.ts';
import { joinTypes } from '../../src/lang/types.ts';
import { editDistance, suggest } from '../../src/lang/suggest.ts';

const parsed = (text: string): Type => {
  const result = parseType(text);
  if (!result.ok) throw new Error(result.error);
  return result.type;
};

describe('parseType', () => {
  it.each([
    ['number', NUMBER],
    ['bool', BOOL],
    ['string', STRING],
    ['list<number>', listOf(NUMBER)],
    ['list<list<string>>', listOf(listOf(STRING))],
    ['{a: number, b: list<string>}', recordOf({ a: NUMBER, b: listOf(STRING) })],
    [' { } ', recordOf({})],
    ['list<{id: string, n: number,}>', listOf(recordOf({ id: STRING, n: NUMBER }))],
  ])('%s', (text, type) => {
    expect(typeEquals(parsed(text), type)).toBe(true);
  });

  it.each([
    ['nubmer', "unknown type 'nubmer' — did you mean 'number'?"],
    ['boolean', "unknown type 'boolean' — did you mean 'bool'?"],
    ['list', "expected '<' after 'list', as in list<number>"],
    ['list<number', "expected '>' to close 'list<'"],
    ['{a number}', "expected ':' after the field name 'a'"],
    ['{a: number, a: bool}', "field 'a' appears twice"],
    ['{a: number b: bool}', "expected ',' or '}' in the record type"],
    ['number number', "unexpected 'number' after the type"],
    ['T', "unknown type 'T'"],
    ['(number) => bool', "expected a type, found '('"],
    ['', 'expected a type, found the end of the expression'],
  ])('refuses %s', (text, error) => {
    expect(parseType(text)).toEqual({ ok: false, error });
  });

  it('round-trips with formatType', () => {
    for (const text of ['number', 'list<bool>', '{a: number, b: list<{c: string}>}', '{}']) {
      expect(formatType(parsed(text))).toBe(text);
    }
  });

  it('reads builtin signatures with type variables and function types', () => {
    expect(formatType(parseSignature('(list<T>, A, (A, T) => A) => A'))).toBe('(list<T>, A, (A, T) => A) => A');
    expect(() => parseSignature('number')).toThrow(/not a function type/);
  });
});

describe('assignability and joins', () => {
  const ab = recordOf({ a: NUMBER, b: STRING });
  const a = recordOf({ a: NUMBER });

  it('lets records with more fields stand for fewer', () => {
    expect(isAssignable(ab, a)).toBe(true);
    expect(isAssignable(a, ab)).toBe(false);
    expect(isAssignable(listOf(ab), listOf(a))).toBe(true);
    expect(isAssignable(recordOf({ a: STRING }), a)).toBe(false);
  });

  it('lets nothing stand for anything', () => {
    expect(isAssignable(NEVER, NUMBER)).toBe(true);
    expect(isAssignable(listOf(NEVER), listOf(ab))).toBe(true);
    expect(isAssignable(NUMBER, NEVER)).toBe(false);
  });

  it('joins to the most specific common type', () => {
    expect(joinTypes(ab, a)).toEqual(a);
    expect(joinTypes(listOf(NEVER), listOf(NUMBER))).toEqual(listOf(NUMBER));
    expect(joinTypes(recordOf({ a: NUMBER, b: STRING }), recordOf({ b: STRING, c: BOOL }))).toEqual(recordOf({ b: STRING }));
    expect(joinTypes(NUMBER, STRING)).toBeUndefined();
    expect(joinTypes(recordOf({ a: NUMBER }), recordOf({ a: STRING }))).toBeUndefined();
  });
});

describe('did-you-mean', () => {
  it('measures edits, a swap of neighbours counting once', () => {
    expect(editDistance('score', 'score')).toBe(0);
    expect(editDistance('scroe', 'score')).toBe(1);
    expect(editDistance('scor', 'score')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
  });

  it('suggests only plausible typos', () => {
    expect(suggest('scroe', ['score', 'scores', 'limit'])).toBe('score');
    expect(suggest('LIMIT', ['score', 'limit'])).toBe('limit');
    expect(suggest('xyz', ['score', 'limit'])).toBeUndefined();
    expect(suggest('ab', ['abc', 'xb'])).toBe('abc');
    expect(suggest('a', ['a'])).toBeUndefined();
  });
});
