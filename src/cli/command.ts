/** What every CLI command is: a name, its options with help, and a run that returns an exit code. */
import { formatDiagnostic, type Diagnostic } from '../spec/diagnostics.ts';
import { compileGame, type CompiledGame } from '../compile/index.ts';
import { resolveGame } from './catalog.ts';
import type { Json } from '../engine/types.ts';

export interface Io {
  out(text: string): void;
  err(text: string): void;
  /** Present on a terminal: rewrites one status line. */
  progress?: (text: string) => void;
  readStdin(): Promise<string>;
}

export interface OptionSpec {
  type: 'string' | 'boolean';
  help: string;
  hint?: string;
}

export type Values = Record<string, string | boolean | undefined>;

export interface Command {
  name: string;
  usage: string;
  summary: string;
  options: Record<string, OptionSpec>;
  run(positionals: readonly string[], values: Values, io: Io): Promise<number>;
}

export const VARIANT_OPTION: OptionSpec = { type: 'string', hint: 'a,b', help: 'variants to apply, comma-separated' };
export const PARAM_OPTION: OptionSpec = { type: 'string', hint: 'json', help: 'param values as JSON, e.g. {"entry":800}' };
export const PLAYERS_OPTION: OptionSpec = { type: 'string', hint: 'n', help: "number of players (default: the game's default)" };

/** A seed as given: digits are the number (so `--seed 7` and seed 7 are one game), anything else a string. */
export const seedOf = (text: string): number | string => (/^\d+$/.test(text) ? Number(text) : text);

/** The --param values, or why they cannot be read. */
export const paramsOf = (values: Values): { params: Record<string, Json> } | { error: string } => {
  if (typeof values.param !== 'string') return { params: {} };
  try {
    return { params: JSON.parse(values.param) as Record<string, Json> };
  } catch (error) {
    return { error: `--param is not valid JSON: ${(error as Error).message}` };
  }
};

export const variantList = (values: Values): string[] =>
  typeof values.variant === 'string' ? values.variant.split(',').map((s) => s.trim()).filter(Boolean) : [];

export const printDiagnostics = (io: Io, diagnostics: readonly Diagnostic[]): void => {
  for (const d of diagnostics) io.err(formatDiagnostic(d));
};

/** Resolves and compiles a game for a command; prints why not and returns undefined on failure. */
export const loadGame = (io: Io, target: string | undefined, values: Values): CompiledGame | undefined => {
  if (!target) {
    io.err('name a game id or a spec file (see `houserules list`)');
    return undefined;
  }
  const resolved = resolveGame(target, variantList(values));
  if ('error' in resolved) {
    io.err(resolved.error);
    return undefined;
  }
  const given = paramsOf(values);
  if ('error' in given) {
    io.err(given.error);
    return undefined;
  }
  const { game, diagnostics } = compileGame({ base: resolved.base, variants: resolved.variants, params: given.params });
  printDiagnostics(io, diagnostics.filter((d) => d.severity === 'error' || !game));
  return game;
};

export const intOption = (io: Io, values: Values, name: string, fallback: number | undefined): number | undefined | null => {
  const raw = values[name];
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (typeof raw !== 'string' || !Number.isInteger(n) || n < 0) {
    io.err(`--${name} must be a whole number, got '${String(raw)}'`);
    return null;
  }
  return n;
};
