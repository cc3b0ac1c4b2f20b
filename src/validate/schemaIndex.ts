import { isRecord } from '../spec/own.ts';

/** A JSON Schema object as the validate stage reads it: plain data, never trusted to have a shape. */
export type SchemaNode = Readonly<Record<string, unknown>>;

export const isSchemaNode = (value: unknown): value is SchemaNode => isRecord(value);

/**
 * Finds where a schema object sits and follows `$ref`s. ajv (with `verbose`) hands back the very
 * schema objects it compiled, but its `schemaPath` is relative to the last `$ref` crossed, so it
 * cannot tell which `oneOf` branch an error came from; object identity can.
 */
export interface SchemaIndex {
  /** `<schema $id>#<JSON pointer>` of a schema object (or array) that belongs to an indexed schema. */
  pointerOf(node: unknown): string | undefined;
  /** The schema a node stands for once its `$ref` chain is followed (the node itself without `$ref`). */
  resolve(node: unknown): SchemaNode | undefined;
}

interface Place {
  readonly base: string;
  readonly pointer: string;
}

const escapeToken = (token: string): string => token.replace(/~/g, '~0').replace(/\//g, '~1');
const unescapeToken = (token: string): string => token.replace(/~1/g, '/').replace(/~0/g, '~');

const atPointer = (root: unknown, pointer: string): unknown => {
  if (pointer === '' || pointer === '/') return root;
  let current: unknown = root;
  for (const raw of pointer.replace(/^\//, '').split('/')) {
    const token = unescapeToken(decodeURIComponent(raw));
    if (Array.isArray(current)) current = current[Number(token)];
    else if (isSchemaNode(current)) current = current[token];
    else return undefined;
  }
  return current;
};

const splitRef = (ref: string, base: string): { base: string; pointer: string } => {
  const hash = ref.indexOf('#');
  const address = hash < 0 ? ref : ref.slice(0, hash);
  const pointer = hash < 0 ? '' : ref.slice(hash + 1);
  if (address === '') return { base, pointer };
  try {
    return { base: new URL(address, base || undefined).href, pointer };
  } catch {
    // A relative id with no absolute base: compare addresses as written.
    return { base: address, pointer };
  }
};

export const indexSchemas = (roots: readonly SchemaNode[]): SchemaIndex => {
  const places = new Map<object, Place>();
  const byBase = new Map<string, SchemaNode>();
  const walk = (value: unknown, base: string, pointer: string): void => {
    if (typeof value !== 'object' || value === null || places.has(value)) return;
    places.set(value, { base, pointer });
    const entries: [string, unknown][] = Array.isArray(value)
      ? value.map((item, i): [string, unknown] => [String(i), item])
      : Object.entries(value);
    for (const [key, child] of entries) walk(child, base, `${pointer}/${escapeToken(key)}`);
  };
  for (const root of roots) {
    const base = typeof root.$id === 'string' ? root.$id : '';
    byBase.set(base, root);
    walk(root, base, '');
  }

  const resolve = (node: unknown): SchemaNode | undefined => {
    let current = node;
    // A chain of refs is short; the bound only guards against a ref cycle.
    for (let hops = 0; hops < 32; hops += 1) {
      if (!isSchemaNode(current)) return undefined;
      const ref = current.$ref;
      if (typeof ref !== 'string') return current;
      const place = places.get(current);
      const target = splitRef(ref, place?.base ?? '');
      const root = byBase.get(target.base);
      if (root === undefined) return undefined;
      current = atPointer(root, target.pointer);
    }
    return undefined;
  };

  return {
    pointerOf: (node) => {
      if (typeof node !== 'object' || node === null) return undefined;
      const place = places.get(node);
      return place ? `${place.base}#${place.pointer}` : undefined;
    },
    resolve,
  };
};
