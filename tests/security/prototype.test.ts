/**
 * Issue 16: names that are Object.prototype's. A spec may not use them for anything it names
 * (the schema reserves them, with a clear message at the name); inside expressions, where
 * locals and record fields live in slots and own properties, they work like any other name; at
 * the command line they are "unknown", never an internal error.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Meter, compileExpr, createLibrary } from '../../src/lang/index.ts';
import { runCli } from '../helpers/cli.ts';
import { LANGUAGE_WORDS, RESERVED_NAMES } from '../../src/spec/own.ts';
import gameSchema from '../../schema/game.schema.json';
import { compileText, messages, specText } from './helpers.ts';

const NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'isPrototypeOf', '__defineGetter__'];

/** Every place a spec names something, as the parts of a probe spec that put `n` there. */
const PLACES: Readonly<Record<string, (n: string) => Record<string, string>>> = {
  param: (n) => ({ params: `params:\n  ${n}: { type: number, default: 1, description: p }` }),
  zone: (n) => ({ zones: `zones:\n  pool: { holds: [d6] }\n  ${n}: { holds: [d6] }` }),
  move: (n) => ({ moves: `moves:\n  go: { effects: [] }\n  ${n}: { effects: [] }` }),
  'flow state': (n) => ({ flow: `flow:\n  initial: s\n  states:\n    s: { on: { go: ${n} } }\n    ${n}: { final: true }` }),
  'transition move': (n) => ({ flow: `flow:\n  initial: s\n  states:\n    s: { on: { ${n}: s, go: s } }` }),
  'game variable': (n) => ({ vars: `vars:\n  game:\n    n: { type: number, initial: 0 }\n    ${n}: { type: number, initial: 0 }` }),
  'player variable': (n) => ({
    vars: `vars:\n  game:\n    n: { type: number, initial: 0 }\n  player:\n    ${n}: { type: number, initial: 0 }`,
  }),
  definition: (n) => ({ definitions: `definitions:\n  ${n}: { body: '1' }` }),
  'definition parameter': (n) => ({ definitions: `definitions:\n  f: { params: { ${n}: number }, body: '1' }` }),
  procedure: (n) => ({ definitions: `procedures:\n  ${n}: { effects: [] }` }),
  'procedure parameter': (n) => ({ definitions: `procedures:\n  p: { params: { ${n}: number }, effects: [] }` }),
  'scoring table': (n) => ({ definitions: `scoring:\n  ${n}: { combos: { one: { faces: [1], points: 100 } } }` }),
  'scoring combination': (n) => ({ definitions: `scoring:\n  roll: { combos: { ${n}: { faces: [1], points: 100 } } }` }),
  'move argument': (n) => ({ moves: `moves:\n  go: { args: { ${n}: { oneOf: '[1, 2]' } }, effects: [] }` }),
  'let name': (n) => ({ moves: `moves:\n  go: { effects: [ { let: { ${n}: 1 } } ] }` }),
  'effect id': (n) => ({ moves: `moves:\n  go: { effects: [ { id: ${n}, add: { game.n: 1 } } ] }` }),
  'forEach variable': (n) => ({ moves: `moves:\n  go: { effects: [ { forEach: { var: ${n}, in: '[1]', do: [] } } ] }` }),
  die: (n) => ({
    components: `components:\n  dice:\n    ${n}: { faces: [1, 2], count: 1, start: pool }`,
    zones: `zones:\n  pool: { holds: [${n}] }`,
  }),
  'card set': (n) => ({
    components: `components:\n  cards:\n    ${n}: { attributes: { v: number }, list: [{ v: 1 }], start: pool }`,
    zones: `zones:\n  pool: { holds: [${n}] }`,
  }),
  'card attribute': (n) => ({
    components: `components:\n  cards:\n    deck: { attributes: { ${n}: number }, list: [], start: pool }`,
    zones: 'zones:\n  pool: { holds: [deck] }',
  }),
  'piece prop': (n) => ({
    components: `components:\n  dice:\n    d6: { faces: [1, 2], count: 1, start: pool, props: { ${n}: { type: bool, initial: 'false' } } }`,
  }),
  bot: (n) => ({ definitions: `bots:\n  ${n}: { description: b, prefer: [ { move: go } ] }` }),
  team: (n) => ({ head: `id: probe\ntitle: Probe\nplayers: { min: 2, max: 2 }\nteams: { ids: [a, ${n}] }` }),
};

describe('Object.prototype names in specs (issue 16)', () => {
  it('the schema reserves exactly the names every JavaScript object has and the words of the rules language', () => {
    const reserved = (gameSchema.definitions.identifier as { not: { enum: string[] } }).not.enum;
    expect([...reserved].sort()).toEqual([...RESERVED_NAMES, ...LANGUAGE_WORDS].sort());
  });

  it("every naming place refuses every word of the rules language, which no expression could name (fuzzing found 'then' as a variable and 'in' as a piece prop escaping as internal errors)", () => {
    fc.assert(
      fc.property(fc.constantFrom(...Object.keys(PLACES)), fc.constantFrom(...LANGUAGE_WORDS), (place, word) => {
        // Quoted, so that YAML reads true and false as names, not booleans.
        const out = compileText(specText((PLACES[place] as (n: string) => Record<string, string>)(`'${word}'`)));
        expect(out.game).toBeUndefined();
        expect(
          messages(out).some((m) =>
            m.endsWith(`'${word}' is a word of the rules language (and or not in if then else let true false): choose another name`),
          ),
        ).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  it('every naming place refuses every reserved name, at the name, with a clear message and no exception', () => {
    fc.assert(
      fc.property(fc.constantFrom(...Object.keys(PLACES)), fc.constantFrom(...NAMES), (place, name) => {
        const text = specText((PLACES[place] as (n: string) => Record<string, string>)(name));
        const out = compileText(text);
        expect(out.game).toBeUndefined();
        const lines = text.split('\n').flatMap((l, i) => (l.includes(name) ? [i + 1] : []));
        const reserved = messages(out).filter((m) =>
          m.endsWith(`'${name}' is a reserved name (every JavaScript object has a '${name}'): choose another name`),
        );
        expect(reserved.length).toBeGreaterThan(0);
        for (const m of reserved) expect(lines).toContain(Number(/^probe\.yaml:(\d+):/.exec(m)?.[1]));
      }),
      { numRuns: 200 },
    );
  });

  it('params given from outside (the studio, a link) named like a prototype field are "no param", located, never an internal error', () => {
    const text = specText({ params: 'params:\n  dice: { type: number, default: 1, description: d }' });
    for (const name of NAMES) {
      // JSON.parse makes an own '__proto__' key, as a link or saved settings would.
      const out = compileText(text, JSON.parse(`{"${name}": 5}`) as Record<string, number>);
      expect(out.game).toBeUndefined();
      expect(messages(out)).toEqual([`probe.yaml:5:3: error: there is no param '${name}' to set (params: dice)`]);
    }
  });

  it('the same places accept an ordinary name (the probe itself is sound)', () => {
    for (const [place, make] of Object.entries(PLACES)) {
      const out = compileText(specText(make('plain')));
      expect(
        messages(out).filter((m) => m.includes('reserved')),
        place,
      ).toEqual([]);
    }
  });
});

describe('Object.prototype names inside expressions work like any name', () => {
  const { library } = createLibrary([], [], {});
  const value = (src: string): unknown => {
    const compiled = compileExpr(src, {}, library);
    if (!compiled.ok) throw new Error(compiled.errors.map((e) => e.message).join('; '));
    return compiled.run({}, new Meter());
  };

  it('as let names, lambda parameters and record fields', () => {
    fc.assert(
      fc.property(fc.constantFrom(...NAMES), fc.integer({ min: -1000, max: 1000 }), (name, n) => {
        expect(value(`let ${name} = ${n} in ${name} + 1`)).toBe(n + 1);
        expect(value(`map([${n}], ${name} => ${name} * 2)`)).toEqual([n * 2]);
        expect(value(`{${name}: ${n}}.${name}`)).toBe(n);
        expect(value(`{a: 1}`)).toEqual({ a: 1 });
      }),
      { numRuns: 100 },
    );
  });

  it('a record without the field is a type error, never a value from Object.prototype', () => {
    for (const name of NAMES) {
      const compiled = compileExpr(`{a: 1}.${name}`, {}, library);
      expect(compiled.ok).toBe(false);
    }
  });
});

describe('Object.prototype names at the command line', () => {
  const run = runCli;

  const game = join(mkdtempSync(join(tmpdir(), 'houserules-proto-')), 'probe.yaml');
  writeFileSync(game, specText({ definitions: 'bots:\n  careful: { description: c, prefer: [ { move: go } ] }' }));

  it('as --param, --bot, --variant and --vars names: refused by name, exit 1, no internal error', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...NAMES), async (name) => {
        const attempts = [
          ['simulate', game, '--games', '1', '--param', JSON.stringify({ [name]: 5 })],
          ['simulate', game, '--games', '1', '--bot', name],
          ['simulate', game, '--games', '1', '--bot', `greedy:${name}`],
          ['simulate', game, '--games', '1', '--variant', name],
          ['eval', game, '--expr', '1', '--vars', JSON.stringify({ [name]: 1 })],
        ];
        for (const argv of attempts) {
          const { code, err } = await run(argv);
          expect(code, argv.join(' ')).toBe(1);
          expect(err).toContain(name);
          expect(err).not.toContain('internal error');
        }
      }),
      { numRuns: NAMES.length },
    );
  });
});
