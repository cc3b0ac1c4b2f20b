/**
 * Values fixed for a game's play (lang/fixed.ts): a param read by code compiled with them is the
 * constant it is, in the expression and in the definitions it calls; a name of the expression's
 * own that hides `params` is read as it is; code compiled without them (a game's setup) reads the
 * environment; and the folded code does the same work, step for step.
 */
import { describe, expect, it } from 'vitest';
import {
  BOOL,
  Meter,
  NUMBER,
  STRING,
  compileExpr,
  createLibrary,
  fixedValues,
  libraryUnder,
  listOf,
  recordOf,
  type DefinitionSource,
  type Engine,
  type Env,
  type Library,
  type Scope,
} from '../../src/lang/index.ts';
import { selectEngine } from '../../src/lang/emit/select.ts';

const PARAMS = recordOf({ combos: BOOL, limit: NUMBER, mode: STRING });
const SCOPE: Scope = { params: PARAMS, cards: listOf(NUMBER) };
const DEFINITIONS: DefinitionSource[] = [
  { name: 'allowed', params: [{ name: 'n', type: 'number' }], body: 'n <= params.limit' },
  {
    name: 'playable',
    params: [{ name: 'cs', type: 'list<number>' }],
    body: 'all(cs, c => allowed(c)) and (params.combos or len(cs) == 1)',
  },
  // Recursive, so never inlined: its twin is called, and reaches itself as the definition does.
  {
    name: 'depth',
    params: [{ name: 'n', type: 'number' }],
    returns: 'number',
    body: "if n <= 0 then params.limit else depth(n - 1) + (if params.mode == 'wide' then 2 else 1)",
  },
  { name: 'plain', params: [{ name: 'n', type: 'number' }], body: 'n * 2' },
];

const FIXED = { combos: false, limit: 5, mode: 'wide' };

const libraries = (): { unfixed: Library; fixed: Library } => {
  const { library, errors } = createLibrary([], DEFINITIONS, SCOPE);
  if (errors.length > 0) throw new Error(errors[0]?.error.message);
  return { unfixed: library, fixed: { ...library, fixed: fixedValues(new Map([['params', FIXED]])) } };
};

const run = (source: string, library: Library, env: Env, scope: Scope = SCOPE): { value: unknown; steps: number } => {
  const compiled = compileExpr(source, scope, library);
  if (!compiled.ok) throw new Error(compiled.errors[0]?.message);
  const meter = new Meter();
  return { value: compiled.run(env, meter), steps: meter.steps };
};

const EXPRESSIONS = [
  'params.combos and len(cards) >= 2',
  'len(cards) >= 2 and not params.combos',
  'params.combos or all(cards, c => c <= params.limit)',
  "if params.mode == 'wide' then sum(cards) else 0",
  'params.limit > 3 and params.mode != "narrow"',
  'playable(cards)',
  'depth(3) + count(cards, c => allowed(c))',
  'map(cards, c => plain(c) + params.limit)',
];

describe('params fixed for a game', () => {
  for (const engine of ['interpreter', 'compiled'] as const satisfies readonly Engine[]) {
    describe(engine, () => {
      it('are the constants they are in an expression and in the definitions it calls, not what the environment says', () => {
        selectEngine(engine);
        try {
          const { fixed, unfixed } = libraries();
          const other = { params: { combos: true, limit: 1, mode: 'narrow' }, cards: [1, 2, 3] };
          expect(run('params.combos and len(cards) >= 2', fixed, other).value).toBe(false);
          expect(run('params.combos and len(cards) >= 2', unfixed, other).value).toBe(true);
          expect(run('playable([4])', fixed, other).value).toBe(true);
          expect(run('playable([4])', unfixed, other).value).toBe(false);
          expect(run('depth(2)', fixed, other).value).toBe(9);
          expect(run('depth(2)', unfixed, other).value).toBe(3);
        } finally {
          selectEngine('compiled');
        }
      });

      it('give the same values with the same work, step for step, where the environment agrees', () => {
        selectEngine(engine);
        try {
          const { fixed, unfixed } = libraries();
          for (const cards of [[], [1], [2, 6], [1, 2, 3, 4, 5]]) {
            const env = { params: FIXED, cards };
            for (const source of EXPRESSIONS) expect(run(source, fixed, env), `${source} on ${cards}`).toEqual(run(source, unfixed, env));
          }
        } finally {
          selectEngine('compiled');
        }
      });

      it('leave a name of the expression’s own that hides params to be read as it is', () => {
        selectEngine(engine);
        try {
          const { fixed } = libraries();
          const locals = { params: PARAMS };
          const env = { params: { combos: true, limit: 9, mode: 'narrow' }, cards: [1, 2] };
          const { value } = run('params.combos and params.limit == 9', libraryUnder(fixed, locals), env, { ...SCOPE, ...locals });
          expect(value).toBe(true);
        } finally {
          selectEngine('compiled');
        }
      });
    });
  }

  it('leave a definition as written: code compiled without them reads the environment', () => {
    const { fixed, unfixed } = libraries();
    run('playable(cards) and depth(1) > 0', fixed, { params: FIXED, cards: [1] });
    for (const name of ['allowed', 'playable', 'depth']) {
      const written = unfixed.definitions.get(name);
      const twin = fixed.fixed?.twins.get(written as never);
      expect(twin, name).toBeDefined();
      expect(twin?.body).not.toBe(written?.body);
    }
    // A definition that reads no param is its own twin.
    expect(fixed.fixed?.twins.has(unfixed.definitions.get('plain') as never)).toBe(false);
    expect(run('playable([4])', unfixed, { params: { combos: true, limit: 1, mode: 'narrow' }, cards: [] }).value).toBe(false);
  });
});
