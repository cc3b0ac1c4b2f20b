/** What every CLI command is: a name, its options with help, and a run that returns an exit code. */
import { readFileSync } from 'node:fs';
import { formatDiagnostic, type Diagnostic, type DocPath } from '../spec/diagnostics.ts';
import { compileGame, type CompiledGame } from '../compile/index.ts';
import { resolveGame } from './catalog.ts';
import type { Json, Move } from '../engine/types.ts';
import { LIMITS, formatLimit } from '../limits.ts';
import { readMoveLog } from '../engine/moveLog.ts';
import type { Engine } from '../lang/index.ts';

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
  /**
   * The engine of the rules' expressions when `--engine` is not given (src/lang/engine.ts): the
   * compiled tier for the commands that play many games, whose spec is compiled once; the
   * interpreter, cheaper to compile, for the rest.
   */
  engine?: Engine;
  run(positionals: readonly string[], values: Values, io: Io): Promise<number>;
}

export const VARIANT_OPTION: OptionSpec = { type: 'string', hint: 'a,b', help: 'variants to apply, comma-separated' };
export const PARAM_OPTION: OptionSpec = { type: 'string', hint: 'json', help: 'param values as JSON, e.g. {"entry":800}' };
export const LANG_OPTION: OptionSpec = {
  type: 'string',
  hint: 'xx',
  help: "the language of the game's texts: a games/<id>/locales/<xx>.yaml file, or en (the spec's own)",
};
export const langOf = (values: Values): string | undefined => (typeof values.lang === 'string' ? values.lang : undefined);
export const PLAYERS_OPTION: OptionSpec = { type: 'string', hint: 'n', help: "number of players (default: the game's default)" };

/**
 * A seed as given: digits are the number (so `--seed 7` and seed 7 are one game), anything else a
 * string. Digits past 2^53 would round onto a neighbour's seed, so they are refused.
 */
export const seedOf = (text: string): { seed: number | string } | { error: string } => {
  if (text === '') return { error: '--seed is empty: give a whole number or a word' };
  if (!/^\d+$/.test(text)) return { seed: text };
  const n = Number(text);
  return Number.isSafeInteger(n)
    ? { seed: n }
    : {
        error: `--seed ${text} is too large to be a whole-number seed (at most ${formatLimit(Number.MAX_SAFE_INTEGER)}; a word works too)`,
      };
};

/** The --param values, or why they cannot be read: a JSON object of param names and values. */
export const paramsOf = (values: Values): { params: Record<string, Json> } | { error: string } => {
  if (typeof values.param !== 'string') return { params: {} };
  let parsed: unknown;
  try {
    parsed = JSON.parse(values.param);
  } catch (error) {
    return { error: `--param is not valid JSON: ${(error as Error).message}` };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { error: `--param must be a JSON object of param names and values, like {"entry":800}; got ${values.param}` };
  }
  return { params: parsed as Record<string, Json> };
};

export const variantList = (values: Values): string[] =>
  typeof values.variant === 'string'
    ? values.variant
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];

/** A variant named twice is a typo more often than a wish; it is refused rather than applied once. */
export const variantProblem = (variants: readonly string[]): string | undefined => {
  const twice = variants.find((v, i) => variants.indexOf(v) !== i);
  if (twice !== undefined) return `--variant names '${twice}' twice`;
  if (variants.length > LIMITS.variants)
    return `--variant names ${variants.length} variants; at most ${LIMITS.variants} may be applied at once`;
  return undefined;
};

export const printDiagnostics = (io: Io, diagnostics: readonly Diagnostic[]): void => {
  for (const d of diagnostics) io.err(formatDiagnostic(d));
};

/** Resolves and compiles a game for a command; prints why not and returns undefined on failure. */
export const loadGame = (io: Io, target: string | undefined, values: Values): CompiledGame | undefined => {
  if (!target) {
    io.err('name a game id or a spec file (see `houserules list`)');
    return undefined;
  }
  const problem = variantProblem(variantList(values));
  if (problem !== undefined) {
    io.err(problem);
    return undefined;
  }
  const resolved = resolveGame(target, variantList(values), langOf(values));
  if ('error' in resolved) {
    io.err(resolved.error);
    return undefined;
  }
  const given = paramsOf(values);
  if ('error' in given) {
    io.err(given.error);
    return undefined;
  }
  const { game, diagnostics } = compileGame({
    base: resolved.base,
    variants: resolved.variants,
    locale: resolved.locale,
    params: given.params,
  });
  printDiagnostics(
    io,
    diagnostics.filter((d) => d.severity === 'error' || !game),
  );
  return game;
};

/**
 * A whole-number option: digits only (no `1e12`, `0x10`, `-3` or empty text), from `min` to `max`.
 * Returns the fallback when absent, or why it cannot be read.
 */
export const readInt = <Fallback extends number | undefined>(
  values: Values,
  name: string,
  fallback: Fallback,
  range: { min: number; max: number },
): number | Fallback | { error: string } => {
  const raw = values[name];
  if (raw === undefined) return fallback;
  const n = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  return n >= range.min && n <= range.max
    ? n
    : { error: `--${name} must be a whole number from ${formatLimit(range.min)} to ${formatLimit(range.max)}, got '${String(raw)}'` };
};

/** `readInt` for a command: null (after printing why) when the option cannot be read. */
export const intOption = (
  io: Io,
  values: Values,
  name: string,
  fallback: number | undefined,
  range: { min: number; max: number },
): number | undefined | null => {
  const n = readInt(values, name, fallback, range);
  if (typeof n !== 'object') return n;
  io.err(n.error);
  return null;
};

export const PLAYERS_RANGE = { min: 1, max: LIMITS.players } as const;

/** A move log file (see engine/moveLog.ts); prints why not and returns null. */
export const readMovesFile = (io: Io, file: string): Move[] | null => {
  let moves: Move[] | string;
  try {
    moves = readMoveLog(JSON.parse(readFileSync(file, 'utf8')));
  } catch (error) {
    moves = (error as Error).message;
  }
  if (typeof moves === 'string') {
    io.err(`${file}: ${moves}`);
    return null;
  }
  return moves;
};

/** `file:line:col` of a spec place, for messages that point at a rule. */
export const placeOf = (game: CompiledGame, path: DocPath | null): string | null => {
  if (!path) return null;
  try {
    const at = game.locator.locate(path);
    return `${at.file}:${at.line}:${at.column}`;
  } catch {
    return null;
  }
};
