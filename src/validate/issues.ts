import type { ErrorObject } from 'ajv';
import type { DocPath } from '../spec/diagnostics.ts';

/** The codes a schema problem can have. */
export type SchemaCode = 'unknown-property' | 'missing-property' | 'wrong-type' | 'bad-value' | 'reserved-name';

/** One ajv error, with its instance path as a document path and its schema object's place. */
export interface SchemaError {
  readonly error: ErrorObject;
  readonly path: DocPath;
  /** Where the schema object that raised the error sits (see SchemaIndex.pointerOf). */
  readonly pointer: string | undefined;
}

/**
 * A problem ready to be placed in the file. `head` points at the key (or the first line) of the
 * node at `path`; `node` at its value.
 */
export interface Issue {
  readonly path: DocPath;
  readonly message: string;
  readonly part: 'node' | 'head';
  readonly code: SchemaCode;
  /** For "missing required property": the property. */
  readonly missing?: string;
  /** For "unknown property" with a suggestion: the property suggested. */
  readonly suggested?: string;
}

export const isWithin = (ancestor: DocPath, path: DocPath): boolean =>
  path.length >= ancestor.length && ancestor.every((segment, i) => path[i] === segment);
