/**
 * The compiled validators of the game and variant schemas. Here ajv compiles them when first
 * needed (the CLI and the tests). The built studio never runs this file: vite.config.ts swaps it
 * for ajv's standalone code, generated at build time by src/validate/standalone.ts, because the
 * studio's Content-Security-Policy forbids compiling code at run time (no `unsafe-eval`).
 */
import gameSchemaJson from '../../schema/game.schema.json';
import variantSchemaJson from '../../schema/variant.schema.json';
import { compileSchemaValidator, type SchemaValidator } from './validateAgainst.ts';

let game: SchemaValidator | undefined;
let variant: SchemaValidator | undefined;

export const gameSpecValidator = (): SchemaValidator => (game ??= compileSchemaValidator(gameSchemaJson));

export const variantSpecValidator = (): SchemaValidator => (variant ??= compileSchemaValidator(variantSchemaJson));
