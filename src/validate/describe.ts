import type { DocPath } from '../spec/diagnostics.ts';

/** JSON Schema's names for the kinds of values, with integers told apart from other numbers. */
export type JsonKind = 'null' | 'boolean' | 'integer' | 'number' | 'string' | 'array' | 'object';

export const kindOf = (value: unknown): JsonKind => {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return 'array';
  switch (typeof value) {
    case 'boolean':
      return 'boolean';
    case 'number':
      return Number.isInteger(value) ? 'integer' : 'number';
    case 'string':
      return 'string';
    default:
      return 'object';
  }
};

/** Does a schema `type` (a name or a list of names) accept this value? An absent `type` accepts all. */
export const typeAccepts = (type: unknown, value: unknown): boolean => {
  if (type === undefined) return true;
  const kind = kindOf(value);
  const names = Array.isArray(type) ? type : [type];
  return names.some((name) => name === kind || (name === 'number' && kind === 'integer'));
};

const TYPE_PHRASES: Readonly<Record<string, string>> = {
  string: 'a string',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  null: 'empty',
  array: 'a list',
  object: 'a mapping (key: value pairs)',
};

/** `a, b or c`. */
export const orList = (items: readonly string[]): string => {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} or ${items[items.length - 1] ?? ''}`;
};

/**
 * How to name the expected type: `a number`, `a string or a number`. A value that is not a number
 * at all is told "must be a number" even when a whole number is wanted; "whole" only matters once
 * it is a number.
 */
export const typePhrase = (type: unknown, value: unknown): string => {
  const names = (Array.isArray(type) ? type : [type]).filter((name): name is string => typeof name === 'string');
  const isNumber = typeof value === 'number';
  const phrases = names.map((name) => (name === 'integer' && !isNumber ? TYPE_PHRASES.number : (TYPE_PHRASES[name] ?? name)));
  return orList([...new Set(phrases)].filter((phrase): phrase is string => phrase !== undefined));
};

const quote = (text: string): string => {
  const short = text.length > 40 ? `${text.slice(0, 37)}...` : text;
  return JSON.stringify(short);
};

/** `string "two"`, `number 3`, `true`, `a list`: what was found, for "found ..." endings. */
export const describeValue = (value: unknown): string => {
  switch (kindOf(value)) {
    case 'null':
      return 'nothing (an empty value)';
    case 'boolean':
      return String(value);
    case 'integer':
    case 'number':
      return `number ${String(value)}`;
    case 'string':
      return `string ${quote(String(value))}`;
    case 'array':
      return 'a list';
    default:
      return Object.keys(value as object).length === 0 ? 'an empty mapping' : 'a mapping';
  }
};

/** `a`/`an` before a noun phrase. */
export const withArticle = (noun: string): string => (/^[aeiou]/i.test(noun) ? `an ${noun}` : `a ${noun}`);

/**
 * How a message names the value at `path`: `'min'`, `item 2 of 'holds'`, or `the spec` at the top.
 * Designers count list items from 1.
 */
export const subjectOf = (path: DocPath): string => {
  const last = path[path.length - 1];
  if (last === undefined) return 'the spec';
  if (typeof last === 'number') {
    const parent = path[path.length - 2];
    return parent === undefined || typeof parent === 'number' ? `item ${last + 1}` : `item ${last + 1} of '${parent}'`;
  }
  return `'${last}'`;
};
