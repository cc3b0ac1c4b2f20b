/**
 * Variant files against schema/variant.schema.json, and a merged spec (which has no file of its
 * own) against the game schema: the variants stage places those issues with its own locator.
 */
import variantSchemaJson from '../../schema/variant.schema.json';
import type { ParsedDoc } from '../parse/types.ts';
import type { Diagnostic } from '../spec/diagnostics.ts';
import type { Issue } from './issues.ts';
import { explainSchemaErrors, validateAgainst } from './validateAgainst.ts';
import { gameSpecValidator, variantSpecValidator } from './schemaValidators.ts';

export const variantSchema: Readonly<Record<string, unknown>> = variantSchemaJson;

export const validateVariant = (parsed: ParsedDoc): Diagnostic[] => validateAgainst(variantSpecValidator(), parsed);

export const validateSpecValue = (value: unknown): Issue[] => {
  const { validate, index } = gameSpecValidator();
  return validate(value) ? [] : explainSchemaErrors(validate.errors ?? [], value, index);
};
