/**
 * Effect kinds are one table (src/compile/effects/kinds.ts), a file per kind. The table is typed
 * over the effect keys of spec/types.ts; these tests hold it to the schema, both ways, and hold
 * variant merging's view of effects (read from the schema) to the same kinds.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EFFECT_KINDS, effectKey } from '../../src/compile/effects/kinds.ts';
import { EFFECT_LIST_KEYS, SCHEMA_EFFECT_KEYS } from '../../src/validate/effectSchema.ts';
import { gameSchema } from '../../src/validate/index.ts';
import { itemKeys } from '../../src/variants/merge.ts';

type Node = Record<string, unknown>;

const definitions = gameSchema.definitions as Record<string, Node>;
/** Each branch of the schema's `effect`, by the key it requires first. */
const schemaBranchKeys = (): string[] => (definitions.effect?.oneOf as Node[]).map((b) => (b.required as string[])[0] ?? '');

const FOLDER = resolve(import.meta.dirname, '../../src/compile/effects');

describe('effect kinds', () => {
  it("the table has a kind for every effect of the schema and for nothing else, in the schema's order", () => {
    expect(Object.keys(EFFECT_KINDS)).toEqual(schemaBranchKeys());
    expect(SCHEMA_EFFECT_KEYS).toEqual(schemaBranchKeys());
  });

  it('each kind is its own file, named by its key, whose kind is the one in the table', async () => {
    for (const [key, kind] of Object.entries(EFFECT_KINDS)) {
      const file = resolve(FOLDER, `${key}.ts`);
      expect(existsSync(file), file).toBe(true);
      const module = (await import(file)) as Record<string, unknown>;
      expect(module[`${key}Kind`], key).toBe(kind);
    }
  });

  it('an effect is of the kind whose key it has; one with no known key is of none', () => {
    expect(effectKey({ if: 'true', then: [], else: [] })).toBe('if');
    expect(effectKey({ id: 'x', while: 'false', do: [], max: 3 })).toBe('while');
    expect(effectKey({ nextTurn: null })).toBe('nextTurn');
    expect(effectKey({ shuffel: 'zones.deck' })).toBeUndefined();
    expect(effectKey({ then: [] })).toBeUndefined();
  });

  it("variant merging knows the schema's effect lists and names every kind's effects by its key", () => {
    expect([...EFFECT_LIST_KEYS].sort()).toEqual(['do', 'effects', 'else', 'entry', 'exit', 'then']);
    const effects = schemaBranchKeys().flatMap((key) => [{ [key]: null }, { [key]: null }]);
    for (const under of EFFECT_LIST_KEYS) {
      expect(itemKeys(effects, ['flow', under])).toEqual(schemaBranchKeys().flatMap((key) => [`${key}#1`, `${key}#2`]));
    }
    expect(itemKeys([{ set: null }], ['flow', 'states'])).toEqual(['item#1']);
  });
});
