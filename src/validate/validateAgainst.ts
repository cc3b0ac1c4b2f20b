import { Ajv, type ErrorObject, type Options, type SchemaObject, type ValidateFunction } from 'ajv';
import { locate } from '../parse/locate.ts';
import type { ParsedDoc } from '../parse/types.ts';
import type { Diagnostic, DocPath } from '../spec/diagnostics.ts';
import type { Issue, SchemaError } from './issues.ts';
import { explainError } from './messages.ts';
import { indexSchemas, type SchemaIndex, type SchemaNode } from './schemaIndex.ts';
import { collapseUnions } from './unions.ts';

/** A compiled schema with what the error explanations need. Build one per schema, once. */
export interface SchemaValidator {
  readonly validate: ValidateFunction;
  readonly index: SchemaIndex;
}

/**
 * `allErrors` so a designer sees every problem at once; `verbose` because the explanations need
 * the failing value and the schema objects themselves (see SchemaIndex). Strict mode stays on to
 * catch mistakes in our own schemas; union types (`type: [string, number]`) are deliberate.
 */
export const AJV_OPTIONS: Options = { allErrors: true, verbose: true, strict: true, allowUnionTypes: true };

/**
 * Compiles `schema`; `references` are other schemas it `$ref`s by `$id` (the variant schema will
 * reuse the game schema's definitions this way). Throws only on a broken schema, which is ours,
 * never on user input.
 */
export const compileSchemaValidator = (schema: SchemaObject, references: readonly SchemaObject[] = []): SchemaValidator => {
  const ajv = new Ajv(AJV_OPTIONS);
  for (const reference of references) ajv.addSchema(reference);
  const validate = ajv.compile(schema);
  return { validate, index: indexSchemas([schema as SchemaNode, ...(references as SchemaNode[])]) };
};

const unescapeToken = (token: string): string => token.replace(/~1/g, '/').replace(/~0/g, '~');

/** ajv's `/players/min` as a document path; indexes into lists become numbers, as DocPath wants. */
const toDocPath = (instancePath: string, root: unknown): (string | number)[] => {
  if (instancePath === '') return [];
  const path: (string | number)[] = [];
  let current: unknown = root;
  for (const raw of instancePath.slice(1).split('/')) {
    const token = unescapeToken(raw);
    if (Array.isArray(current)) {
      const index = Number(token);
      path.push(index);
      current = current[index];
    } else {
      path.push(token);
      current = typeof current === 'object' && current !== null ? (current as Record<string, unknown>)[token] : undefined;
    }
  }
  return path;
};

const valueAt = (root: unknown, path: DocPath): unknown => {
  let current: unknown = root;
  for (const segment of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string | number, unknown>)[segment];
  }
  return current;
};

/** A `propertyNames` failure comes twice, wrapped and unwrapped; the unwrapped one says more. */
const withoutWrappers = (errors: readonly SchemaError[]): SchemaError[] =>
  errors.filter((e) => {
    if (e.error.keyword !== 'propertyNames') return true;
    const name = (e.error.params as { propertyName?: unknown }).propertyName;
    return !errors.some(
      (other) =>
        other !== e && (other.error as { propertyName?: unknown }).propertyName === name && other.path.join('/') === e.path.join('/'),
    );
  });

/** The issues behind ajv's errors, before they are placed in a file; exported for tests and tools. */
export const explainSchemaErrors = (errors: readonly ErrorObject[], value: unknown, index: SchemaIndex): Issue[] => {
  const located: SchemaError[] = errors.map((error) => ({
    error,
    path: toDocPath(error.instancePath, value),
    pointer: index.pointerOf(error.parentSchema),
  }));
  const { kept, issues } = collapseUnions(withoutWrappers(located), index);
  return withoutEchoes([...issues, ...kept.map(explainError)]);
};

/**
 * `flwo:` makes two complaints, "missing required property 'flow'" and "unknown property 'flwo'
 * — did you mean 'flow'?". The second says it all: drop the first.
 */
const withoutEchoes = (issues: readonly Issue[]): Issue[] => {
  const suggested = new Set(
    issues.filter((i) => i.suggested !== undefined).map((i) => JSON.stringify([...i.path.slice(0, -1), i.suggested])),
  );
  return issues.filter((i) => i.missing === undefined || !suggested.has(JSON.stringify([...i.path, i.missing])));
};

const issueToDiagnostic = (parsed: ParsedDoc, issue: Issue): Diagnostic => {
  // A marker over a whole block helps nobody: problems with a mapping or list point at its key.
  const value = valueAt(parsed.value, issue.path);
  const part = issue.part === 'node' && typeof value === 'object' && value !== null ? 'head' : issue.part;
  const span = locate(parsed, issue.path, part);
  return {
    severity: 'error',
    code: issue.code,
    message: issue.message,
    file: parsed.file,
    path: [...issue.path],
    line: span.line,
    column: span.column,
    endLine: span.endLine,
    endColumn: span.endColumn,
  };
};

const byPosition = (a: Diagnostic, b: Diagnostic): number => a.line - b.line || a.column - b.column;

/** Validates a parsed document against a compiled schema; one readable diagnostic per problem. */
export const validateAgainst = (validator: SchemaValidator, parsed: ParsedDoc): Diagnostic[] => {
  if (validator.validate(parsed.value)) return [];
  // ajv reuses its errors array on the next call: take a copy before anything else runs.
  const errors = [...(validator.validate.errors ?? [])];
  const seen = new Set<string>();
  const diagnostics: Diagnostic[] = [];
  for (const issue of explainSchemaErrors(errors, parsed.value, validator.index)) {
    const key = `${JSON.stringify(issue.path)}\u0000${issue.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    diagnostics.push(issueToDiagnostic(parsed, issue));
  }
  return diagnostics.sort(byPosition);
};
