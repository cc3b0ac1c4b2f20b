/**
 * docs/LANGUAGE.md must stay the reference of the whole language: every construct of the schema
 * (top-level keys, effects, argument kinds, state, transition, zone, param and variant fields)
 * and every builtin function is named in it. A new construct without a paragraph fails here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import gameSchema from '../../schema/game.schema.json';
import variantSchema from '../../schema/variant.schema.json';
import { BUILTINS } from '../../src/lang/builtins.ts';

const doc = readFileSync(join(import.meta.dirname, '../../docs/LANGUAGE.md'), 'utf8');

interface SchemaNode {
  title?: string;
  properties?: Record<string, SchemaNode>;
  oneOf?: SchemaNode[];
  anyOf?: SchemaNode[];
}

const definitions = (gameSchema as unknown as { definitions: Record<string, SchemaNode> }).definitions;

const propertiesOf = (name: string): string[] => {
  const node = definitions[name];
  if (!node) throw new Error(`no definition '${name}' in the schema`);
  const branches = [node, ...(node.oneOf ?? []), ...(node.anyOf ?? [])];
  return [...new Set(branches.flatMap((b) => Object.keys(b.properties ?? {})))];
};

const mentioned = (word: string): boolean => doc.includes(`\`${word}`) || doc.includes(`${word}:`);

const expectDocumented = (words: readonly string[]): void => {
  expect(words.filter((w) => !mentioned(w))).toEqual([]);
};

describe('docs/LANGUAGE.md covers the language', () => {
  it('every top-level key of a game spec', () => expectDocumented(Object.keys((gameSchema as SchemaNode).properties ?? {})));
  it('every effect', () => expectDocumented((definitions.effect?.oneOf ?? []).map((b) => Object.keys(b.properties ?? {})[0] as string)));
  it('every argument kind', () => expectDocumented(propertiesOf('arg')));
  it('every field of states and transitions', () => expectDocumented([...propertiesOf('state'), ...propertiesOf('transition')]));
  it('every field of zones, params, dice, card sets, combinations and moves', () =>
    expectDocumented([
      ...propertiesOf('zone'),
      ...propertiesOf('param'),
      ...propertiesOf('die'),
      ...propertiesOf('cardSet'),
      ...propertiesOf('combo'),
      ...propertiesOf('move'),
    ]));
  it('every field of a metric', () => expectDocumented(propertiesOf('metric')));
  it('every field of a variant file', () => expectDocumented(Object.keys((variantSchema as SchemaNode).properties ?? {})));
  it('every builtin function', () => expectDocumented([...BUILTINS.keys()]));
});
