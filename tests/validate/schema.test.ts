import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { gameSchema } from '../../src/validate/index.ts';

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every subschema with its JSON pointer, following the keywords that hold schemas. */
const subschemas = (root: Node): [string, Node][] => {
  const found: [string, Node][] = [];
  const visit = (schema: unknown, pointer: string): void => {
    if (!isNode(schema)) return;
    found.push([pointer, schema]);
    for (const keyword of ['properties', 'definitions', 'patternProperties'] as const) {
      const map = schema[keyword];
      if (isNode(map)) for (const [name, child] of Object.entries(map)) visit(child, `${pointer}/${keyword}/${name}`);
    }
    for (const keyword of ['additionalProperties', 'items', 'propertyNames', 'not'] as const)
      visit(schema[keyword], `${pointer}/${keyword}`);
    for (const keyword of ['oneOf', 'anyOf', 'allOf'] as const) {
      const list = schema[keyword];
      if (Array.isArray(list)) list.forEach((child, i) => visit(child, `${pointer}/${keyword}/${i}`));
    }
  };
  visit(root, '');
  return found;
};

const all = subschemas(gameSchema as Node);
const isPureRef = (schema: Node): boolean => typeof schema.$ref === 'string' && Object.keys(schema).every((k) => k === '$ref');

describe('schema/game.schema.json', () => {
  it('is a draft-07 schema with an $id and a title', () => {
    expect(gameSchema.$schema).toBe('http://json-schema.org/draft-07/schema#');
    expect(gameSchema.$id).toBe('houserules://schema/game.schema.json');
    expect(typeof gameSchema.title).toBe('string');
  });

  it('compiles under ajv strict mode with no warnings', () => {
    const warnings: unknown[] = [];
    const logger = {
      log: () => undefined,
      warn: (...args: unknown[]) => warnings.push(args),
      error: (...args: unknown[]) => warnings.push(args),
    };
    const ajv = new Ajv({ strict: true, strictTypes: true, strictRequired: true, strictTuples: true, allowUnionTypes: true, logger });
    expect(() => ajv.compile(gameSchema)).not.toThrow();
    expect(warnings).toEqual([]);
  });

  it('describes every property and every definition, for the editor hover', () => {
    const missing = all
      .filter(([pointer]) => /\/(properties|definitions)\/[^/]+$/.test(pointer))
      .filter(([, schema]) => typeof schema.description !== 'string')
      .map(([pointer]) => pointer);
    expect(missing).toEqual([]);
  });

  it('describes every other schema written inline (list items, map values, union branches)', () => {
    const missing = all
      .filter(
        ([pointer, schema]) =>
          pointer !== '' && !pointer.endsWith('/propertyNames') && !isPureRef(schema) && typeof schema.description !== 'string',
      )
      .map(([pointer]) => pointer);
    expect(missing).toEqual([]);
  });

  it('closes every object with named properties, so typos are caught', () => {
    const open = all.filter(([, schema]) => isNode(schema.properties) && schema.additionalProperties !== false).map(([pointer]) => pointer);
    expect(open).toEqual([]);
  });

  it('constrains the keys of every map to identifiers, except the variable targets of set and add', () => {
    const maps = all.filter(([, schema]) => isNode(schema.additionalProperties) && !isNode(schema.properties));
    const unconstrained = maps.filter(([, schema]) => !isNode(schema.propertyNames)).map(([pointer]) => pointer);
    expect(unconstrained).toEqual(['/definitions/effect/oneOf/0/properties/set', '/definitions/effect/oneOf/1/properties/add']);
    const identifier = (gameSchema.definitions as Node).identifier as Node;
    expect(identifier.pattern).toBe('^[A-Za-z_][A-Za-z0-9_]*$');
    expect(((gameSchema.definitions as Node).gameId as Node).pattern).toBe('^[a-z0-9][a-z0-9-]*$');
  });

  it('gives every union branch a title, which the error messages use', () => {
    const untitled = all
      .filter(([pointer, schema]) => /\/(oneOf|anyOf)\/\d+$/.test(pointer) && !isPureRef(schema) && typeof schema.title !== 'string')
      .map(([pointer]) => pointer);
    expect(untitled).toEqual([]);
  });
});
