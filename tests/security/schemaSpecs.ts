/**
 * Random specs drawn from the game schema itself (issue 16's fuzzing "from the schema"): every
 * object, list, choice and pattern of `schema/game.schema.json` is followed, so every construct
 * the language has can turn up, mostly well-formed and sometimes not. Names and expressions come
 * from small pools, so that references between parts of a spec often meet (a die starting in a
 * zone that exists, a flow reaching a state it declares). Still, hardly any compiles (none of the
 * first 300 seeds: a zone holding an undeclared component, an unknown name, an unknown type…),
 * so they test the stages up to the checker; the grafts of fuzzing.ts reach play.
 */
import gameSchema from '../../schema/game.schema.json';

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

interface Schema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  enum?: Json[];
  const?: Json;
  anyOf?: Schema[];
  oneOf?: Schema[];
  pattern?: string;
  propertyNames?: Schema;
  uniqueItems?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  minProperties?: number;
}

/** A deterministic source of choices: the same seed draws the same spec. */
export interface Draw {
  /** A whole number from 0 to n - 1. */
  below(n: number): number;
}

export const drawFrom = (seed: number): Draw => {
  let a = seed >>> 0 || 1;
  return {
    below: (n) => {
      // mulberry32
      a = (a + 0x6d2b79f5) >>> 0;
      let t = a;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return (((t ^ (t >>> 14)) >>> 0) % n + n) % n;
    },
  };
};

const NAMES = ['a', 'b'];
/** Keys of tables that name variables (`set`, `add`). */
const KEYS = ['game.a', 'player.a', 'game.b', 'a'];
/** Drawn rarely in place of a name: reserved, out of pattern, or a keyword. */
const ODD_NAMES = ['__proto__', 'toString', '1a', 'game', ''];
const GAME_IDS = ['probe', 'x', 'a-b'];
const EXPRESSIONS = [
  '1', '0', 'true', 'false', 'a', 'game.a', 'game.a + 1', 'game.a >= 3', 'params.a', 'len(zones.a)', 'zones.b',
  'range(0, 3)', 'active', 'turn', 'numPlayers', "'x'", '[1, 2]', 'zones.a', 'sum(map(zones.a, d => d.face))',
  "fold(range(0, 100000), [], (a, x) => a + [x])", 'pow(10, 400)', 'range(0, 1000000)', "'a\\", '((1)', '1 / 0',
];
const NUMBERS = [0, 1, 2, 3, 6, -1, 1.5, 100, 10_000_000];

const definitions = (gameSchema as unknown as { definitions: Record<string, Schema> }).definitions;

const resolve = (schema: Schema): Schema => {
  if (!schema.$ref) return schema;
  const name = schema.$ref.replace('#/definitions/', '');
  return resolve({ ...(definitions[name] as Schema), ...Object.fromEntries(Object.entries(schema).filter(([k]) => k !== '$ref')) });
};

/** The names, variable keys and expressions values are drawn from. */
export interface Pools {
  readonly names: readonly string[];
  readonly keys: readonly string[];
  readonly expressions: readonly string[];
}

const POOLS: Pools = { names: NAMES, keys: KEYS, expressions: EXPRESSIONS };

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Pools that add a spec's own names, variable keys and texts to the defaults, so a grafted part fits the spec it lands in. */
export const poolsOf = (spec: Json): Pools => {
  const names = new Set<string>(NAMES);
  const keys = new Set<string>(KEYS);
  const expressions = new Set<string>(EXPRESSIONS);
  const walk = (value: Json): void => {
    if (typeof value === 'string') expressions.add(value);
    if (typeof value !== 'object' || value === null) return;
    if (Array.isArray(value)) return value.forEach(walk);
    for (const [k, v] of Object.entries(value)) {
      if (IDENTIFIER.test(k)) names.add(k);
      else if (/^[A-Za-z_][\w]*\.[A-Za-z_]\w*$/.test(k)) keys.add(k);
      walk(v);
    }
  };
  walk(spec);
  return { names: [...names], keys: [...keys], expressions: [...expressions] };
};

const pick = <T>(draw: Draw, items: readonly T[]): T => items[draw.below(items.length)] as T;
/** One draw in 1,000 (about one spec in four): the odd case that should be refused. */
const rarely = (draw: Draw): boolean => draw.below(1000) === 0;
const name = (draw: Draw, names: readonly string[]): string => (rarely(draw) ? pick(draw, ODD_NAMES) : pick(draw, names));

/** Past this depth optional parts are left out; past twice of it a value is cut short. */
const DEEP = 6;

const stringFor = (schema: Schema, draw: Draw, pools: Pools): string => {
  if (schema.pattern === '^[a-z0-9][a-z0-9-]*$') return pick(draw, GAME_IDS);
  if (schema.pattern) return name(draw, pools.names);
  return draw.below(4) === 0 ? name(draw, pools.names) : pick(draw, pools.expressions);
};

const numberFor = (schema: Schema, draw: Draw, integer: boolean): number => {
  const fits = NUMBERS.filter(
    (n) =>
      (!integer || Number.isInteger(n)) &&
      (schema.minimum === undefined || n >= schema.minimum) &&
      (schema.maximum === undefined || n <= schema.maximum) &&
      (schema.exclusiveMinimum === undefined || n > schema.exclusiveMinimum),
  );
  // Now and then a number outside the range, to reach the validator's messages.
  return fits.length > 0 && !rarely(draw) ? pick(draw, fits) : pick(draw, NUMBERS);
};

const objectFor = (schema: Schema, draw: Draw, depth: number, pools: Pools): Json => {
  const out: Record<string, Json> = {};
  const set = (key: string, value: Json): void => {
    Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  };
  const required = new Set(schema.required ?? []);
  for (const [key, sub] of Object.entries(schema.properties ?? {})) {
    if (required.has(key) || (depth < 2 ? draw.below(4) > 0 : depth < DEEP && draw.below(3) === 0)) set(key, valueFor(sub, draw, depth + 1, pools));
  }
  const extra = schema.additionalProperties;
  if (typeof extra === 'object') {
    const count = Math.max(schema.minProperties ?? 0, depth < DEEP ? draw.below(3) : 0);
    for (let i = 0; i < count; i++) set(name(draw, schema.propertyNames ? pools.names : pools.keys), valueFor(extra, draw, depth + 1, pools));
  }
  return out;
};

/** A random value of `schema`. */
export const valueFor = (raw: Schema, draw: Draw, depth = 0, pools: Pools = POOLS): Json => {
  if (depth > DEEP * 2) return null;
  const schema = resolve(raw);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return pick(draw, schema.enum);
  const branches = schema.oneOf ?? schema.anyOf;
  if (branches) return valueFor({ ...schema, oneOf: undefined, anyOf: undefined, ...resolve(pick(draw, branches)) }, draw, depth, pools);
  const types = schema.type === undefined ? (schema.properties ? ['object'] : ['string', 'number']) : ([] as string[]).concat(schema.type);
  switch (pick(draw, types)) {
    case 'object':
      return objectFor(schema, draw, depth, pools);
    case 'array': {
      const length = Math.max(schema.minItems ?? 0, depth < DEEP ? draw.below(4) : 0);
      const items = Array.from({ length }, () => (schema.items ? valueFor(schema.items, draw, depth + 1, pools) : pick(draw, NUMBERS)));
      return schema.uniqueItems && !rarely(draw) ? [...new Map(items.map((i) => [JSON.stringify(i), i])).values()] : items;
    }
    case 'string':
      return stringFor(schema, draw, pools);
    case 'integer':
      return numberFor(schema, draw, true);
    case 'number':
      return numberFor(schema, draw, false);
    case 'boolean':
      return draw.below(2) === 0;
    default:
      return null;
  }
};

const root = gameSchema as unknown as Schema;

/** A random game spec drawn from the game schema with `seed`. */
export const schemaSpec = (seed: number): Json => valueFor(root, drawFrom(seed));

/** The schema of the value at `path` in a spec, following choices by the keys they declare; undefined off the schema. */
const schemaAt = (path: readonly (string | number)[]): Schema | undefined => {
  let node: Schema | undefined = root;
  for (const key of path) {
    if (!node) return undefined;
    const here: Schema = resolve(node);
    const branches = (here.oneOf ?? here.anyOf ?? [here]).map(resolve);
    const holder = branches.find((b) => (typeof key === 'number' ? b.items : b.properties?.[key] ?? b.additionalProperties));
    if (!holder) return undefined;
    node = typeof key === 'number' ? holder.items : holder.properties?.[key] ?? (typeof holder.additionalProperties === 'object' ? holder.additionalProperties : undefined);
  }
  return node;
};

/** A random value for the place `path` of a spec, drawn from the schema there (a grafted part). */
export const valueAt = (path: readonly (string | number)[], seed: number, pools: Pools): Json | undefined => {
  const schema = schemaAt(path);
  return schema && valueFor(schema, drawFrom(seed), Math.max(0, path.length - 2), pools);
};
