/**
 * What the game schema says of effects, for the stages that handle a spec as plain data before
 * the compiler's kinds are within reach (variant merging names an effect without an id by its
 * kind): each kind's key, in the schema's order, and every key that holds a list of effects. Read
 * from the schema itself, so that a new kind is known here once its schema branch is written.
 */
import gameSchemaJson from '../../schema/game.schema.json';
import { isSchemaNode, type SchemaNode } from './schemaIndex.ts';

const EFFECT_LIST = '#/definitions/effectList';

const definition = (name: string): SchemaNode => {
  const definitions: unknown = gameSchemaJson.definitions;
  const node = isSchemaNode(definitions) ? definitions[name] : undefined;
  // The schema is ours: a broken one is a bug to see at once, not a spec's problem.
  if (!isSchemaNode(node)) throw new Error(`the game schema has no definition '${name}'`);
  return node;
};

/** The key of each `effect` branch: the first property it requires. */
const effectKeys = (): string[] => {
  const branches = definition('effect').oneOf;
  if (!Array.isArray(branches)) throw new Error(`the game schema's 'effect' is not a oneOf`);
  return branches.map((branch: unknown, i) => {
    const key = isSchemaNode(branch) && Array.isArray(branch.required) ? branch.required[0] : undefined;
    if (typeof key !== 'string') throw new Error(`the game schema's effect branch ${i} requires no key`);
    return key;
  });
};

/** Every property name, anywhere in the schema, whose value is a list of effects. */
const effectListKeys = (): string[] => {
  const found = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!isSchemaNode(node)) return;
    const properties = node.properties;
    if (isSchemaNode(properties)) {
      for (const [key, value] of Object.entries(properties)) if (isSchemaNode(value) && value.$ref === EFFECT_LIST) found.add(key);
    }
    Object.values(node).forEach(walk);
  };
  walk(gameSchemaJson);
  return [...found];
};

/** The effect kinds' keys (`set`, `if`, …), in the order of the schema's branches. */
export const SCHEMA_EFFECT_KEYS: readonly string[] = effectKeys();

/** The keys that hold a list of effects (`effects`, `entry`, `then`, `do`, …). */
export const EFFECT_LIST_KEYS: readonly string[] = effectListKeys();
