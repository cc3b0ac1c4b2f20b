/**
 * Build-time code generation (never bundled into the studio): ajv's standalone validators for the
 * game and variant schemas, as one ES module that replaces schemaValidators.ts in the built
 * studio, so the page validates without compiling code at run time.
 *
 * The error explanations find a failing schema node by object identity (SchemaIndex), but ajv's
 * standalone code carries its own JSON copies of the schemas. Each copy is therefore replaced by
 * the node of the imported schema it was copied from, and the messages stay exactly the same.
 */
import { Ajv, type AnySchemaObject } from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { AJV_OPTIONS } from './validateAgainst.ts';

export interface StandalonePaths {
  readonly gameSchema: string;
  readonly variantSchema: string;
  readonly schemaIndex: string;
}

const escapeToken = (token: string): string => token.replace(/~/g, '~0').replace(/\//g, '~1');

/** JSON text of every object or array in `schema` → its JSON pointer (the first one, for copies). */
const pointersByText = (schema: unknown): Map<string, string> => {
  const out = new Map<string, string>();
  const walk = (node: unknown, pointer: string): void => {
    if (typeof node !== 'object' || node === null) return;
    const text = JSON.stringify(node);
    if (!out.has(text)) out.set(text, pointer);
    for (const [key, child] of Object.entries(node)) walk(child, `${pointer}/${escapeToken(key)}`);
  };
  walk(schema, '');
  return out;
};

/** Where the JSON value starting at `from` ends (strings and nesting respected). */
const jsonEnd = (code: string, from: number): number => {
  let depth = 0;
  let inString = false;
  for (let i = from; i < code.length; i++) {
    const c = code[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  throw new Error('unterminated schema constant in the standalone code');
};

/** The standalone code of `schema` as the body of a function of the imported schema object. */
const validatorFactory = (name: string, schema: AnySchemaObject): string => {
  const ajv = new Ajv({ ...AJV_OPTIONS, code: { source: true, esm: true } });
  const validate = ajv.compile(schema);
  let code = standaloneCode(ajv, validate);
  const exported = /export const validate = (validate\d+);/.exec(code)?.[1];
  if (exported === undefined) throw new Error('unexpected standalone code: no exported validate function');
  code = code
    .replace('"use strict";', '')
    .replace(/export const validate = validate\d+;/, '')
    .replace(/export default validate\d+;/, '');
  code = code.replaceAll('require("ajv/dist/runtime/equal")', '{ default: __equal }');
  if (code.includes('require(')) throw new Error(`the standalone code needs a runtime module: ${/require\([^)]*\)/.exec(code)?.[0]}`);

  const pointers = pointersByText(schema);
  let out = '';
  let last = 0;
  for (const match of code.matchAll(/const (schema\d+) = /g)) {
    const start = (match.index ?? 0) + match[0].length;
    const end = jsonEnd(code, start);
    const pointer = pointers.get(JSON.stringify(JSON.parse(code.slice(start, end))));
    if (pointer === undefined) throw new Error(`no node of the schema matches ${match[1]} of the standalone code`);
    out += `${code.slice(last, start)}__at(schema, ${JSON.stringify(pointer)})`;
    last = end;
  }
  out += code.slice(last);
  return `const ${name} = (schema) => {\n${out}\nreturn ${exported};\n};`;
};

/** JSON equality, as ajv's runtime `equal` (fast-deep-equal) decides it for JSON values. */
const EQUAL = `const __equal = (a, b) => {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return a !== a && b !== b;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((k) => Object.prototype.hasOwnProperty.call(b, k) && __equal(a[k], b[k]));
};`;

const AT = `const __at = (root, pointer) => {
  let node = root;
  for (const token of pointer.split('/').slice(1)) node = node[token.replace(/~1/g, '/').replace(/~0/g, '~')];
  return node;
};`;

/** The module that stands in for schemaValidators.ts in the built studio; `paths` are import specifiers. */
export const standaloneValidatorsModule = (gameSchema: AnySchemaObject, variantSchema: AnySchemaObject, paths: StandalonePaths): string =>
  [
    `import gameSchema from ${JSON.stringify(paths.gameSchema)};`,
    `import variantSchema from ${JSON.stringify(paths.variantSchema)};`,
    `import { indexSchemas } from ${JSON.stringify(paths.schemaIndex)};`,
    EQUAL,
    AT,
    validatorFactory('gameValidate', gameSchema),
    validatorFactory('variantValidate', variantSchema),
    'let game;',
    'let variant;',
    'export const gameSpecValidator = () => (game ??= { validate: gameValidate(gameSchema), index: indexSchemas([gameSchema]) });',
    'export const variantSpecValidator = () => (variant ??= { validate: variantValidate(variantSchema), index: indexSchemas([variantSchema]) });',
  ].join('\n');
