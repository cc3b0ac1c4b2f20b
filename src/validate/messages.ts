import { describeValue, kindOf, subjectOf, typePhrase, withArticle } from './describe.ts';
import type { Issue, SchemaCode, SchemaError } from './issues.ts';
import { isSchemaNode } from './schemaIndex.ts';
import { didYouMean, suggest } from '../lang/suggest.ts';
import { LANGUAGE_WORDS } from '../spec/own.ts';

/** Writes one ajv error the way a designer reads it; every keyword the schema uses has a case. */

const COMPARISONS: Readonly<Record<string, string>> = { '>=': 'at least', '<=': 'at most', '>': 'more than', '<': 'less than' };

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

const stringOf = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** "Letters, digits and _." as it reads inside a sentence: lowercase first letter, no final stop. */
const inline = (text: string): string => text.replace(/\.$/, '').replace(/^[A-Z](?![A-Z])/, (c) => c.toLowerCase());

/** What the pattern-constrained schema calls itself and how it explains the pattern. */
const patternExplanation = (parent: unknown, pattern: string): { noun: string; rule: string } => {
  const title = isSchemaNode(parent) ? stringOf(parent.title) : undefined;
  const description = isSchemaNode(parent) ? stringOf(parent.description) : undefined;
  return {
    noun: title ?? 'value',
    rule: description === undefined ? `it must match the pattern ${pattern}` : inline(description),
  };
};

const SCALAR_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'null']);

/** The expected type in words; a titled scalar schema ("expression", "name") says what it is for. */
const expected = (parent: unknown, type: unknown, value: unknown): string => {
  const names = Array.isArray(type) ? type : [type];
  const title = isSchemaNode(parent) ? stringOf(parent.title) : undefined;
  const scalarOnly = names.every((name) => typeof name === 'string' && SCALAR_TYPES.has(name));
  const wholeNumberWanted = names.includes('integer') && typeof value === 'number';
  if (title !== undefined && scalarOnly && !wholeNumberWanted) return withArticle(title);
  return typePhrase(type, value);
};

/** `by: 0` is a number to YAML; an expression field wants the text "0". */
const quoteHint = (type: unknown, value: unknown): string => {
  const names = Array.isArray(type) ? type : [type];
  const kind = kindOf(value);
  const scalar = kind === 'integer' || kind === 'number' || kind === 'boolean';
  return names.length === 1 && names[0] === 'string' && scalar ? ` (put it in quotes to write it as text: "${String(value)}")` : '';
};

/** The names a schema refuses with `not: { enum: [...] }` (Object.prototype's). */
const isReservedNames = (parent: unknown): boolean => isSchemaNode(parent) && isSchemaNode(parent.not) && Array.isArray(parent.not.enum);

const reservedMessage = (name: string): string =>
  LANGUAGE_WORDS.includes(name)
    ? `'${name}' is a word of the rules language (${LANGUAGE_WORDS.join(' ')}): choose another name`
    : `'${name}' is a reserved name (every JavaScript object has a '${name}'): choose another name`;

/** The schema problem's code, from the ajv keyword that failed. */
const schemaCode = (keyword: string): SchemaCode => {
  if (keyword === 'additionalProperties') return 'unknown-property';
  if (keyword === 'required') return 'missing-property';
  if (keyword === 'type') return 'wrong-type';
  return 'bad-value';
};

export const explainError = (e: SchemaError): Issue => {
  const { error, path } = e;
  const params = error.params as Record<string, unknown>;
  const data = error.data;
  const parent = error.parentSchema;
  const subject = subjectOf(path);
  const code = schemaCode(error.keyword);
  const at = (message: string, part: Issue['part'] = 'node', where = path): Issue => ({ path: where, message, part, code });

  // An error inside `propertyNames` is about a key of the mapping, not about the mapping.
  const propertyName = stringOf((error as { propertyName?: unknown }).propertyName);
  if (propertyName !== undefined) {
    const keyPath = [...path, propertyName];
    if (error.keyword === 'pattern') {
      const { noun, rule } = patternExplanation(parent, String(params.pattern));
      return at(`'${propertyName}' is not a valid ${noun} (${rule})`, 'head', keyPath);
    }
    if (error.keyword === 'not' && isReservedNames(parent))
      return { ...at(reservedMessage(propertyName), 'head', keyPath), code: 'reserved-name' };
    return at(`'${propertyName}' ${error.message ?? 'is not allowed here'}`, 'head', keyPath);
  }

  switch (error.keyword) {
    case 'additionalProperties': {
      const name = String(params.additionalProperty);
      const properties = isSchemaNode(parent) && isSchemaNode(parent.properties) ? Object.keys(parent.properties) : [];
      const suggested = suggest(name, properties);
      const suggestion = didYouMean(name, properties);
      const allowed =
        suggestion === '' && properties.length > 0 && properties.length <= 8 ? ` (allowed here: ${properties.join(', ')})` : '';
      const issue = at(`unknown property '${name}'${suggestion}${allowed}`, 'head', [...path, name]);
      return suggested === undefined ? issue : { ...issue, suggested };
    }
    case 'required': {
      const missing = String(params.missingProperty);
      return { ...at(`missing required property '${missing}'`, 'head'), missing };
    }
    case 'type':
      return at(`${subject} must be ${expected(parent, params.type, data)}, found ${describeValue(data)}${quoteHint(params.type, data)}`);
    case 'enum': {
      const allowed = Array.isArray(params.allowedValues) ? params.allowedValues.map(String) : [];
      const hint = typeof data === 'string' ? didYouMean(data, allowed) : '';
      return at(`${subject} must be one of: ${allowed.join(', ')}, found ${describeValue(data)}${hint}`);
    }
    case 'const':
      return at(`${subject} must be ${JSON.stringify(params.allowedValue)}, found ${describeValue(data)}`);
    case 'pattern': {
      const { noun, rule } = patternExplanation(parent, String(params.pattern));
      return at(`${subject} must be ${withArticle(noun)} (${rule}), found ${describeValue(data)}`);
    }
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum': {
      const comparison = COMPARISONS[String(params.comparison)] ?? String(params.comparison);
      return at(`${subject} must be ${comparison} ${String(params.limit)}, found ${String(data)}`);
    }
    case 'minItems':
      return at(`${subject} must have at least ${plural(Number(params.limit), 'item')}`);
    case 'maxItems':
      return at(`${subject} must have at most ${plural(Number(params.limit), 'item')}`);
    case 'minProperties':
      return at(`${subject} must have at least ${plural(Number(params.limit), 'entry', 'entries')}`);
    case 'maxProperties':
      return at(`${subject} must have at most ${plural(Number(params.limit), 'entry', 'entries')}`);
    case 'minLength':
      return at(`${subject} must be at least ${plural(Number(params.limit), 'character')} long`);
    case 'maxLength':
      return at(`${subject} must be at most ${plural(Number(params.limit), 'character')} long`);
    case 'not':
      if (isReservedNames(parent) && typeof data === 'string')
        return { ...at(`${subject}: ${reservedMessage(data)}`), code: 'reserved-name' };
      return at(`${subject} ${error.message ?? 'is not valid here'}`);
    case 'uniqueItems':
      return at(`${subject} lists the same value twice (items ${Number(params.j) + 1} and ${Number(params.i) + 1})`);
    default:
      return at(`${subject} ${error.message ?? 'is not valid here'}`);
  }
};
