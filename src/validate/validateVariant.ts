/**
 * Variant files against schema/variant.schema.json, and a merged spec (which has no file of its
 * own) against the game schema: the variants stage places those issues with its own locator.
 */
import variantSchemaJson from '../../schema/variant.schema.json';
import type { ParsedDoc } from '../parse/types.ts';
import type { Diagnostic } from '../spec/diagnostics.ts';
import type { Issue } from './issues.ts';
import { compileSchemaValidator, explainSchemaErrors, validateAgainst, type SchemaValidator } from './validateAgainst.ts';
import { gameSpecValidator } from './validateSpec.ts';

export const variantSchema: Readonly<Record<string, unknown>> = variantSchemaJson;

/** Compiled on first use: most runs read no variant, and compiling a schema takes a while. */
let variantValidator: SchemaValidator | undefined;

export const validateVariant = (parsed: ParsedDoc): Diagnostic[] =>
  validateAgainst((variantValidator ??= compileSchemaValidator(variantSchemaJson)), parsed);

export const validateSpecValue = (value: unknown): Issue[] =>
  gameSpecValidator.validate(value) ? [] : explainSchemaErrors(gameSpecValidator.validate.errors ?? [], value, gameSpecValidator.index);
