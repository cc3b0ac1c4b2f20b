import { describe, expect, it } from 'vitest';
import { validateSpec } from '../../src/validate/index.ts';
import { lines, minimalWith, MINIMAL, parseOk, validateText } from './helpers.ts';

const BASE = `id: demo
title: Demo
players: { min: 2, max: 4 }
flow:
  initial: a
  states:
    a: {}
`;

describe('validateSpec: valid specs', () => {
  it('accepts the new-game template with zero diagnostics', () => {
    expect(validateSpec(parseOk(MINIMAL))).toEqual([]);
  });

  it('accepts the smallest possible spec', () => {
    expect(validateText(BASE)).toEqual([]);
  });

  it('gives the same answer when called again (ajv reuses its error array)', () => {
    const bad = parseOk(`${BASE}flwo: 1\n`);
    const first = validateSpec(bad);
    expect(validateSpec(parseOk(MINIMAL))).toEqual([]);
    expect(validateSpec(bad)).toEqual(first);
  });
});

describe('validateSpec: unknown properties', () => {
  it('suggests the property meant, at the misspelt key', () => {
    const diagnostics = validateText(BASE.replace('flow:', 'flwo:'));
    // "missing required property 'flow'" would only repeat the suggestion.
    expect(lines(diagnostics)).toEqual(["4:1 unknown property 'flwo' — did you mean 'flow'?"]);
    const unknown = diagnostics[0];
    expect(unknown).toMatchObject({ path: ['flwo'], line: 4, column: 1, endLine: 4, endColumn: 5, severity: 'error', file: 'game.yaml' });
  });

  it('lists the allowed properties when nothing is close', () => {
    expect(lines(validateText(BASE.replace('{ min: 2, max: 4 }', '{ min: 2, max: 4, seats: 3 }')))).toEqual([
      "3:28 unknown property 'seats' (allowed here: min, max, default)",
    ]);
  });

  it('suggests inside nested parts, e.g. a transition', () => {
    const text = minimalWith([['          target: done', '          taget: done']]);
    expect(lines(validateText(text))).toEqual([
      `${text.split('\n').findIndex((l) => l.includes('taget')) + 1}:11 unknown property 'taget' — did you mean 'target'?`,
    ]);
  });
});

describe('validateSpec: wrong types and values', () => {
  it('says what was expected and what was found: \'min\' must be a number, found string "two"', () => {
    const diagnostics = validateText(BASE.replace('min: 2', 'min: two'));
    expect(lines(diagnostics)).toEqual(['3:17 \'min\' must be a number, found string "two"']);
    expect(diagnostics[0]).toMatchObject({ path: ['players', 'min'], endColumn: 20 });
  });

  it('asks for a whole number where a count is meant', () => {
    expect(lines(validateText(BASE.replace('max: 4', 'max: 2.5')))).toEqual(["3:25 'max' must be a whole number, found number 2.5"]);
  });

  it('names a mapping that should be a value, at its key', () => {
    expect(lines(validateText(BASE.replace('title: Demo', 'title: { en: Demo }')))).toEqual([
      "2:1 'title' must be a string, found a mapping",
    ]);
  });

  it('says an empty value is empty', () => {
    expect(lines(validateText(BASE.replace('players: { min: 2, max: 4 }', 'players:')))).toEqual([
      "3:1 'players' must be a mapping (key: value pairs), found nothing (an empty value)",
    ]);
  });

  it('suggests the enum value meant', () => {
    const text = minimalWith([['visibility: public', 'visibility: pubilc']]);
    expect(lines(validateText(text))).toEqual([
      `${text.split('\n').findIndex((l) => l.includes('pubilc')) + 1}:17 'visibility' must be one of: public, owner, hidden, top, found string "pubilc" — did you mean 'public'?`,
    ]);
  });

  it('explains the game id pattern', () => {
    expect(lines(validateText(BASE.replace('id: demo', 'id: Demo Game')))).toEqual([
      '1:5 \'id\' must be a game id (lowercase letters, digits and dashes, starting with a letter or digit, e.g. ten-thousand), found string "Demo Game"',
    ]);
  });

  it('rejects a name that is not an identifier, at the key', () => {
    const diagnostics = validateText(BASE.replace('    a: {}', '    a: {}\n    2nd state: {}'));
    expect(lines(diagnostics)).toEqual([
      "8:5 '2nd state' is not a valid name (letters, digits and _, not starting with a digit, e.g. score or hand_2)",
    ]);
    expect(diagnostics[0]?.path).toEqual(['flow', 'states', '2nd state']);
  });

  it('tells to quote a number written where an expression is expected', () => {
    const text = `${BASE}moves:\n  go:\n    by: 0\n`;
    expect(lines(validateText(text))).toEqual([
      '10:9 \'by\' must be an expression, found number 0 (put it in quotes to write it as text: "0")',
    ]);
  });

  it('checks numeric limits and list sizes', () => {
    expect(lines(validateText(BASE.replace('min: 2', 'min: 0')))).toEqual(["3:17 'min' must be at least 1, found 0"]);
    const text = `${BASE}zones:\n  pool: { holds: [] }\n`;
    expect(lines(validateText(text))).toEqual(["9:11 'holds' must have at least 1 item"]);
  });
});

describe('validateSpec: missing required properties', () => {
  it('reports each missing top-level property at the first line', () => {
    const diagnostics = validateText('id: demo\n');
    expect(lines(diagnostics)).toEqual([
      "1:1 missing required property 'title'",
      "1:1 missing required property 'players'",
      "1:1 missing required property 'flow'",
    ]);
    expect(diagnostics[0]).toMatchObject({ path: [], endLine: 1, endColumn: 9 });
  });

  it('reports a missing nested property at the key of the mapping that lacks it', () => {
    expect(lines(validateText(BASE.replace('{ min: 2, max: 4 }', '{ min: 2 }')))).toEqual(["3:1 missing required property 'max'"]);
  });
});

describe('validateSpec: effects', () => {
  const withEffects = (effects: string): string => `${BASE}moves:\n  go:\n    effects:\n${effects}`;

  it('collapses an unknown effect into one message, with a suggestion, at its key', () => {
    const diagnostics = validateText(withEffects('      - rol: zones.pool\n'));
    expect(lines(diagnostics)).toEqual([
      "11:9 an effect must be one of: set, add, let, move, shuffle, roll, deal, if, forEach, while, call, log, nextTurn, endGame; found 'rol' — did you mean 'roll'?",
    ]);
    expect(diagnostics[0]?.path).toEqual(['moves', 'go', 'effects', 0, 'rol']);
  });

  it('reports only the errors of the branch named by the key', () => {
    expect(lines(validateText(withEffects('      - roll: 3\n      - move: { from: zones.a, to: zones.b, take: middle }\n')))).toEqual([
      '11:15 \'roll\' must be an expression, found number 3 (put it in quotes to write it as text: "3")',
      '12:51 \'take\' must be one of: top, bottom, random, found string "middle"',
    ]);
  });

  it('reports a missing part of an effect', () => {
    expect(lines(validateText(withEffects('      - deal: { from: zones.deck, to: hand }\n')))).toEqual([
      "11:9 missing required property 'count'",
    ]);
  });

  it('reports two effects run together in one list item', () => {
    const diagnostics = validateText(withEffects('      - set: { x: 1 }\n        add: { y: 2 }\n'));
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]?.message).toMatch(/^an effect must have only one of: set, add, .*; found 'set' and 'add'/);
    expect(diagnostics[0]).toMatchObject({ line: 12, column: 9 });
  });

  it('recognises an effect written without its colon', () => {
    expect(lines(validateText(withEffects('      - roll zones.pool\n')))).toEqual([
      '11:9 an effect must be one of: set, add, let, move, shuffle, roll, deal, if, forEach, while, call, log, nextTurn, endGame; found string "roll zones.pool" — did you mean \'roll: zones.pool\'?',
    ]);
  });

  it('finds errors in effects nested inside if/then and forEach', () => {
    const effects = [
      '      - if: x > 1',
      '        then:',
      '          - log: hi',
      '            extra: 1',
      '          - forEach: { var: p, in: players, do: [{ shuffel: zones.deck }] }',
      '        else:',
      '          - nextTurn:',
      '          - endGame: {}',
      '',
    ].join('\n');
    expect(lines(validateText(withEffects(effects)))).toEqual([
      "14:13 unknown property 'extra' (allowed here: log, to, id)",
      "15:52 an effect must be one of: set, add, let, move, shuffle, roll, deal, if, forEach, while, call, log, nextTurn, endGame; found 'shuffel' — did you mean 'shuffle'?",
      "18:13 missing required property 'winners'",
    ]);
  });

  it('says what an effect must be when it is not a mapping at all', () => {
    expect(lines(validateText(withEffects('      - 42\n')))).toEqual([
      '11:9 an effect must be one of: set, add, let, move, shuffle, roll, deal, if, forEach, while, call, log, nextTurn, endGame; found number 42',
    ]);
  });
});

describe('validateSpec: other unions', () => {
  it('picks the param kind from its type and reports that kind only', () => {
    const text = `${BASE}params:\n  on: { type: bool, description: A switch., default: 3 }\n  n: { type: number, description: N., default: 1, choices: [a] }\n`;
    expect(lines(validateText(text))).toEqual([
      "9:54 'default' must be true or false, found number 3",
      "10:51 unknown property 'choices' (allowed here: type, description, title, rules, default, min, max, step)",
    ]);
  });

  it('suggests the param type meant, and asks for a missing one', () => {
    const text = `${BASE}params:\n  a: { type: nubmer, description: A., default: 1 }\n  b: { description: B., default: 1 }\n`;
    expect(lines(validateText(text))).toEqual([
      "9:14 'type' must be one of: number, bool, choice, found string \"nubmer\" — did you mean 'number'?",
      "10:3 missing required property 'type' (one of: number, bool, choice)",
    ]);
  });

  it('explains the forms of a move handler in a state', () => {
    const text = BASE.replace(
      '    a: {}',
      '    a:\n      on:\n        go: 3\n        stay: { taget: a }\n        many: [{ target: a, guard: [{ test: ok }] }]',
    );
    expect(lines(validateText(text))).toEqual([
      "9:9 'go' must be a target state, a transition or a list of transitions, found number 3",
      "10:17 unknown property 'taget' — did you mean 'target'?",
      "11:37 missing required property 'reason'",
    ]);
  });

  it('explains the forms of an argument', () => {
    const text = `${BASE}moves:\n  pick:\n    args:\n      who: { oneof: players }\n`;
    expect(lines(validateText(text))).toEqual([
      "11:14 an argument must be one of: oneOf, subsetOf, assign; found 'oneof' — did you mean 'oneOf'?",
    ]);
  });
});

describe('validateSpec: output', () => {
  it('sorts by position and never repeats a message at the same place', () => {
    const text = BASE.replace('min: 2', 'min: x').replace('max: 4', 'max: y').replace('id: demo', 'id: Demo');
    const diagnostics = validateText(text);
    const positions = diagnostics.map((d) => d.line * 1000 + d.column);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    const keys = diagnostics.map((d) => `${JSON.stringify(d.path)} ${d.message}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('does not throw on any JSON-like value', () => {
    for (const text of ['a: 1\n', 'id: [1, {x: [null]}]\nflow: { states: { a: { on: { b: [[], {}, 1] } } } }\n']) {
      expect(() => validateText(text)).not.toThrow();
    }
  });
});
