/**
 * Random specs drawn from the game schema itself (issue 16's fuzzing "from the schema"): every
 * object, list, choice and pattern of `schema/game.schema.json` is followed, so every construct
 * the language has can turn up, mostly well-formed and sometimes not. Drawn raw, hardly any
 * compiles (none of the first 300 seeds: a zone holding an undeclared component, an unknown name,
 * an unknown type…), so they test the stages up to the checker; `wellFormedSpec` draws the names
 * first and fills the schema's slots from them, so that most compile and reach play. The fuzzer
 * takes one in four raw (`drawnSpec`).
 */
import gameSchema from '../../schema/game.schema.json';

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

interface Schema {
  $ref?: string;
  title?: string;
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
      return ((((t ^ (t >>> 14)) >>> 0) % n) + n) % n;
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
  '1',
  '0',
  'true',
  'false',
  'a',
  'game.a',
  'game.a + 1',
  'game.a >= 3',
  'params.a',
  'len(zones.a)',
  'zones.b',
  'range(0, 3)',
  'active',
  'turn',
  'numPlayers',
  "'x'",
  '[1, 2]',
  'zones.a',
  'sum(map(zones.a, d => d.face))',
  'fold(range(0, 100000), [], (a, x) => a + [x])',
  'pow(10, 400)',
  'range(0, 1000000)',
  "'a\\",
  '((1)',
  '1 / 0',
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
  /** A value for a property of this name instead of one drawn from its schema; `SKIP` leaves the property out. */
  readonly slot?: (key: string, draw: Draw) => Json | typeof SKIP | undefined;
  /** Which choices of a `oneOf` may be drawn (by their title); all when absent. */
  readonly branches?: (title: string | undefined) => boolean;
}

/** What a slot returns to leave a property out. */
export const SKIP: unique symbol = Symbol('skip');

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
  const set = (key: string, drawn: () => Json): void => {
    const slotted = pools.slot?.(key, draw);
    if (slotted === SKIP) return;
    Object.defineProperty(out, key, { value: slotted ?? drawn(), enumerable: true, writable: true, configurable: true });
  };
  const required = new Set(schema.required ?? []);
  for (const [key, sub] of Object.entries(schema.properties ?? {})) {
    if (required.has(key) || (depth < 2 ? draw.below(4) > 0 : depth < DEEP && draw.below(3) === 0))
      set(key, () => valueFor(sub, draw, depth + 1, pools));
  }
  const extra = schema.additionalProperties;
  if (typeof extra === 'object') {
    const count = Math.max(schema.minProperties ?? 0, depth < DEEP ? draw.below(3) : 0);
    for (let i = 0; i < count; i++)
      set(name(draw, schema.propertyNames ? pools.names : pools.keys), () => valueFor(extra, draw, depth + 1, pools));
  }
  return out;
};

/** A random value of `schema`. */
export const valueFor = (raw: Schema, draw: Draw, depth = 0, pools: Pools = POOLS): Json => {
  if (depth > DEEP * 2) return null;
  const schema = resolve(raw);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return pick(draw, schema.enum);
  const all = schema.oneOf ?? schema.anyOf;
  const allowed = all?.filter((b) => pools.branches?.(resolve(b).title) ?? true);
  const branches = allowed && allowed.length > 0 ? allowed : all;
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
    const holder = branches.find((b) => (typeof key === 'number' ? b.items : (b.properties?.[key] ?? b.additionalProperties)));
    if (!holder) return undefined;
    node =
      typeof key === 'number'
        ? holder.items
        : (holder.properties?.[key] ?? (typeof holder.additionalProperties === 'object' ? holder.additionalProperties : undefined));
  }
  return node;
};

/** A random value for the place `path` of a spec, drawn from the schema there (a grafted part). */
export const valueAt = (path: readonly (string | number)[], seed: number, pools: Pools): Json | undefined => {
  const schema = schemaAt(path);
  return schema && valueFor(schema, drawFrom(seed), Math.max(0, path.length - 2), pools);
};

const effectSchema = (definitions as Record<string, Schema>).effect as Schema;
const transitionSchema = (definitions as Record<string, Schema>).transition as Schema;

/**
 * Effects whose every field a slot below fills with something of the right kind; the others
 * (`move`, `deal`, `shuffle`, `call`) need pieces or procedures of a shape the skeleton does not
 * declare, and are left to the raw specs and to the grafts of fuzzing.ts.
 */
const TAME_EFFECTS = new Set(['set', 'add', 'let', 'roll', 'if', 'forEach', 'while', 'log', 'nextTurn', 'endGame']);

/**
 * A random spec that is mostly well-formed and name-consistent, so that most of them compile and
 * reach play: the names are drawn first (params, a die set, zones, game and player variables,
 * moves, states), the declarations are built from them, and the moves' guards and effects, the
 * states' entries and their transitions are drawn from the schema, with every slot that names
 * something or holds an expression filled from what was declared, of the type the slot needs.
 * Now and then (see `rarely`) a name is reserved or a number out of range, and the expression pools
 * hold a few that ask for far too much work, so the budget's located errors are reached in play.
 */
export const wellFormedSpec = (seed: number): Json => {
  const draw = drawFrom(seed);
  const some = (prefix: string, max: number): string[] => Array.from({ length: 1 + draw.below(max) }, (_, i) => `${prefix}${i}`);
  const params = some('p', 2);
  const zones = some('z', 3);
  const gameVars = some('g', 2);
  const playerVars = some('v', 2);
  const moves = some('m', 3);
  const states = some('s', 3);
  const locals = ['t', 'u'];
  const keys = [...gameVars.map((v) => `game.${v}`), ...playerVars.map((v) => `player.${v}`)];
  const numbers = [
    '1',
    '2',
    ...keys,
    ...params.map((p) => `params.${p}`),
    ...zones.map((z) => `len(zones.${z})`),
    `sum(map(zones.${zones[0]}, d => d.face))`,
    'numPlayers',
    `${keys[0]} + 1`,
  ];
  // Far too much work: each must stop with a located error, never hang or escape.
  const heavy = ['fold(range(0, 200000), [], (a, x) => a + [x])', 'pow(10, 400)', 'len(range(0, 1000000000))'];
  const number = (): string => (draw.below(40) === 0 ? pick(draw, heavy) : pick(draw, numbers));
  const test = (): string =>
    pick(draw, [
      `${pick(draw, numbers)} >= ${pick(draw, numbers)}`,
      `${pick(draw, keys)} < 5`,
      'true',
      `len(zones.${pick(draw, zones)}) > 0`,
    ]);
  const slot = (key: string): Json | typeof SKIP | undefined => {
    if (keys.includes(key) || locals.includes(key)) return number();
    switch (key) {
      case 'id':
      case 'rules':
      case 'acknowledge':
      case 'reenter':
        return SKIP;
      case 'test':
      case 'if':
      case 'while':
      case 'guard':
        return test();
      case 'reason':
      case 'log':
      case 'title':
        return pick(draw, ['not yet', 'rolled {game.g0}', '']);
      case 'roll':
        return `zones.${pick(draw, zones)}`;
      case 'in':
        return pick(draw, ['range(0, 3)', `zones.${pick(draw, zones)}`]);
      case 'var':
        return 'i';
      case 'max':
        return rarely(draw) ? 1_000_000_000 : pick(draw, [3, 10]);
      case 'seat':
        return pick(draw, ['(active + 1) % numPlayers', 'active']);
      case 'winners':
        return pick(draw, ['[active]', '[]']);
      case 'target':
        return pick(draw, states);
      default:
        return undefined;
    }
  };
  const pools: Pools = {
    names: locals,
    keys,
    expressions: numbers,
    slot: (key) => slot(key),
    branches: (title) => title === undefined || TAME_EFFECTS.has(title) || !effectSchema.oneOf?.some((b) => b.title === title),
  };
  const effects = (): Json => Array.from({ length: draw.below(4) }, () => valueFor(effectSchema, draw, DEEP - 2, pools));
  const table = (names: readonly string[], value: (n: string) => Json): Record<string, Json> =>
    Object.fromEntries(names.map((n) => [name(draw, [n]), value(n)]));
  const spec = {
    id: pick(draw, GAME_IDS),
    title: 'Drawn',
    players: { min: 1 + draw.below(2), max: 4, default: 2 },
    params: table(params, () => ({
      type: 'number',
      description: 'a knob',
      default: numberFor({ minimum: 0, maximum: 10 }, draw, true),
      min: 0,
      max: 10,
    })),
    components: { dice: { d: { faces: [1, 2, 3, 4, 5, 6], count: pick(draw, [1, 3, `params.${params[0]}`]), start: zones[0] as string } } },
    zones: table(zones, () => ({ holds: ['d'] })),
    vars: {
      game: table(gameVars, () => ({ type: 'number', initial: 0 })),
      player: table(playerVars, () => ({ type: 'number', initial: 0 })),
    },
    moves: table(moves, () => ({
      ...(draw.below(2) === 0 ? { guard: [{ test: test(), reason: 'not now' }] } : {}),
      effects: effects(),
    })),
    flow: {
      initial: states[0] as string,
      states: {
        ...table(states, () => ({
          ...(draw.below(2) === 0 ? { entry: effects() } : {}),
          always: [{ guard: `${pick(draw, keys)} >= 10`, target: 'over' }],
          on: Object.fromEntries(
            moves
              .filter(() => draw.below(3) > 0)
              .map((m) => [m, draw.below(3) === 0 ? valueFor(transitionSchema, draw, DEEP - 2, pools) : pick(draw, states)]),
          ),
        })),
        over: { final: true },
      },
    },
  };
  return spec as Json;
};

/**
 * The schema fuzzer's spec for `seed`: one in four drawn raw from the schema (mostly refused by
 * the checker, which is what they test), the others well-formed (mostly compiled and played).
 */
export const drawnSpec = (seed: number): Json => (seed % 4 === 0 ? schemaSpec(seed) : wellFormedSpec(seed));
