/** The validate stage: a parsed document against a JSON Schema, with diagnostics a designer can read. */
export { gameSchema, specFromParsed, validateSpec } from './validateSpec.ts';
export { gameSpecValidator, variantSpecValidator } from './schemaValidators.ts';
export { compileSchemaValidator, explainSchemaErrors, validateAgainst, type SchemaValidator } from './validateAgainst.ts';
export type { Issue } from './issues.ts';
export type { SchemaIndex, SchemaNode } from './schemaIndex.ts';
export { validateVariant, validateSpecValue, variantSchema } from './validateVariant.ts';
