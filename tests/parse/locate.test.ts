import { describe, expect, it } from 'vitest';
import { diagnosticAt, diagnosticAtPart, locate, nodeAt, pathAtOffset } from '../../src/parse/index.ts';
import { parsed } from './helpers.ts';

const TEXT = `id: demo
players:
  min: 2
  max: 4
flow:
  initial: start
  states:
    start:
      entry:
        - roll: zones.pool
        - log: "hi"
empty:
shared: &faces [1, 2, 3]
again: *faces
`;

describe('locate', () => {
  const doc = parsed(TEXT);

  it('finds a scalar value, with its end', () => {
    expect(locate(doc, ['players', 'min'])).toEqual({ line: 3, column: 8, endLine: 3, endColumn: 9 });
    expect(locate(doc, ['flow', 'states', 'start', 'entry', 1, 'log'])).toEqual({ line: 11, column: 16, endLine: 11, endColumn: 20 });
  });

  it('spans a collection from its first to its last character', () => {
    expect(locate(doc, ['players'])).toEqual({ line: 3, column: 3, endLine: 4, endColumn: 9 });
    expect(locate(doc, ['flow', 'states', 'start', 'entry', 0])).toEqual({ line: 10, column: 11, endLine: 10, endColumn: 27 });
  });

  it("points at the key when the value is missing ('empty:')", () => {
    expect(locate(doc, ['empty'])).toEqual({ line: 12, column: 1, endLine: 12, endColumn: 6 });
  });

  it("points at the nearest existing ancestor's key when the path does not exist", () => {
    expect(locate(doc, ['players', 'default'])).toEqual({ line: 2, column: 1, endLine: 2, endColumn: 8 });
    expect(locate(doc, ['flow', 'states', 'start', 'entry', 7, 'roll'])).toEqual({ line: 9, column: 7, endLine: 9, endColumn: 12 });
    expect(locate(doc, ['nothing', 'here'])).toEqual({ line: 1, column: 1, endLine: 1, endColumn: 9 });
  });

  it("gives the key, or a list item's first line, as the head", () => {
    expect(locate(doc, ['players'], 'head')).toEqual({ line: 2, column: 1, endLine: 2, endColumn: 8 });
    expect(locate(doc, ['flow', 'states', 'start', 'entry', 1], 'head')).toEqual({ line: 11, column: 11, endLine: 11, endColumn: 20 });
    expect(locate(doc, [], 'head')).toEqual({ line: 1, column: 1, endLine: 1, endColumn: 9 });
  });

  it('goes through aliases to the anchored node', () => {
    expect(locate(doc, ['again'])).toEqual({ line: 14, column: 8, endLine: 14, endColumn: 14 });
    expect(locate(doc, ['again', 1])).toEqual({ line: 13, column: 20, endLine: 13, endColumn: 21 });
    expect(nodeAt(doc, ['again', 2])?.toJSON()).toBe(3);
  });

  it('accepts list indexes given as numeric strings, as JSON pointers have them', () => {
    expect(locate(doc, ['flow', 'states', 'start', 'entry', '1', 'log'])).toEqual(
      locate(doc, ['flow', 'states', 'start', 'entry', 1, 'log']),
    );
  });
});

describe('pathAtOffset', () => {
  const doc = parsed(TEXT);
  it('names the innermost key or value at an offset', () => {
    expect(pathAtOffset(doc.document, TEXT.indexOf('zones.pool') + 2)).toEqual(['flow', 'states', 'start', 'entry', 0, 'roll']);
    expect(pathAtOffset(doc.document, TEXT.indexOf('max'))).toEqual(['players', 'max']);
    expect(pathAtOffset(doc.document, 0)).toEqual(['id']);
  });
});

describe('diagnosticAt', () => {
  const doc = parsed(TEXT);
  it('builds an error at the node, with file, path and span', () => {
    expect(diagnosticAt(doc, 'bad-value', ['players', 'max'], 'too many')).toEqual({
      severity: 'error',
      code: 'bad-value',
      message: 'too many',
      file: 'test.yaml',
      path: ['players', 'max'],
      line: 4,
      column: 8,
      endLine: 4,
      endColumn: 9,
    });
  });

  it('points inside a string scalar when given an offset or a range', () => {
    const at = diagnosticAt(doc, 'unknown-name', ['flow', 'states', 'start', 'entry', 0, 'roll'], 'unknown zone', 'warning', 6);
    expect(at).toMatchObject({ severity: 'warning', line: 10, column: 23, endLine: 10, endColumn: 24 });
    const span = diagnosticAt(doc, 'expression-syntax', ['flow', 'states', 'start', 'entry', 0, 'roll'], 'x', 'error', {
      start: 6,
      end: 10,
    });
    expect(span).toMatchObject({ line: 10, column: 23, endLine: 10, endColumn: 27 });
  });

  it('can point at the key instead of the value', () => {
    expect(diagnosticAtPart(doc, 'missing-property', ['players'], 'missing max', 'head')).toMatchObject({
      line: 2,
      column: 1,
      endColumn: 8,
    });
  });
});
