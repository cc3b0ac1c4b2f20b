import gameSchemaJson from '../../schema/game.schema.json';
import type { ParsedDoc } from '../parse/types.ts';
import { hasErrors, type Diagnostic, type Result } from '../spec/diagnostics.ts';
import type { GameSpec } from '../spec/types.ts';
import { gameSpecValidator } from './schemaValidators.ts';
import { validateAgainst } from './validateAgainst.ts';

/** The game spec schema (schema/game.schema.json), for tools that need it as data. */
export const gameSchema: Readonly<Record<string, unknown>> = gameSchemaJson;

/** Checks a parsed game spec against the game schema. Returns [] when the spec has the right shape. */
export const validateSpec = (parsed: ParsedDoc): Diagnostic[] => validateAgainst(gameSpecValidator(), parsed);

/** The spec, typed, when it has the right shape; later stages use this instead of a cast. */
export const specFromParsed = (parsed: ParsedDoc): Result<GameSpec> => {
  const diagnostics = validateSpec(parsed);
  if (hasErrors(diagnostics)) return { ok: false, diagnostics };
  // The schema accepts exactly the shape of GameSpec (tests/validate check both ways).
  return { ok: true, value: parsed.value as GameSpec, diagnostics };
};
