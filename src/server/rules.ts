/**
 * A room's rules from a request: a shipped game by id, or the files of an edited one, with the
 * variants switched on (and those they require), the params, the number of players and the bots.
 * `readRoomRequest` checks only the request's shape (it runs beside every other room);
 * `checkRules` compiles a stranger's text and runs in the check worker, under a time limit.
 */
import { parse } from 'yaml';
import { createBot } from '../bots/index.ts';
import { compileGame, type CompiledGame, type SourceFile } from '../compile/index.ts';
import type { Json } from '../engine/types.ts';
import { LIMITS, formatLimit } from '../limits.ts';
import { hasErrors, formatDiagnostic } from '../spec/diagnostics.ts';
import { withRequirements } from '../variants/requirements.ts';
import type { RoomRules } from './store.ts';
import { isRecord } from '../spec/own.ts';

/** A request for a room, its shape checked: the rules are not compiled yet. */
export interface RoomRequest {
  readonly files: Readonly<Record<string, string>>;
  readonly variants: readonly string[];
  readonly params: Readonly<Record<string, Json>>;
  readonly players?: number;
  readonly bots: readonly (string | null)[];
}

export type Checked<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly code: 'bad-request' | 'bad-rules'; readonly message: string };

const BASE = 'game.yaml';
const VARIANT_FILE = /^variants\/([a-z0-9][a-z0-9-]*)\.yaml$/;
const FIELDS = ['game', 'files', 'variants', 'params', 'players', 'bots'];

const bad = <T>(message: string): Checked<T> => ({ ok: false, code: 'bad-request', message });

const readFiles = (files: unknown): Checked<Record<string, string>> => {
  if (!isRecord(files)) return bad(`'files' must be an object of file names and texts, like {"game.yaml": "..."}`);
  const out: Record<string, string> = {};
  for (const [name, text] of Object.entries(files)) {
    if (name !== BASE && !VARIANT_FILE.test(name))
      return bad(`'files' may hold "game.yaml" and "variants/<id>.yaml" only, not ${JSON.stringify(name.slice(0, 80))}`);
    if (typeof text !== 'string') return bad(`'files' → ${JSON.stringify(name)} must be the file's text`);
    out[name] = text;
  }
  if (out[BASE] === undefined) return bad(`'files' needs "game.yaml"`);
  return { ok: true, value: out };
};

const readBots = (bots: unknown): Checked<(string | null)[]> => {
  if (bots === undefined) return { ok: true, value: [] };
  if (!Array.isArray(bots) || bots.length > LIMITS.players)
    return bad(`'bots' must be a list with the bot of each seat, from seat 0, or null for a person`);
  const out: (string | null)[] = [];
  for (const bot of bots) {
    if (bot !== null && (typeof bot !== 'string' || bot.length > 100))
      return bad(`'bots' must hold bot names (like "random" or "mcts") or null for a person`);
    out.push(bot === '' ? null : bot);
  }
  return { ok: true, value: out };
};

/**
 * The request's shape: a shipped game or files, and the rest typed item by item. `shipped` gives
 * a shipped game's files by id (the server's caller reads them from its games folder).
 */
export const readRoomRequest = (body: unknown, shipped: (id: string) => Record<string, string> | undefined): Checked<RoomRequest> => {
  if (!isRecord(body)) return bad('the body must be a JSON object like {"game": "<id>"} or {"files": {...}}');
  const extra = Object.keys(body).find((k) => !FIELDS.includes(k));
  if (extra !== undefined) return bad(`unknown field ${JSON.stringify(extra.slice(0, 40))} (fields: ${FIELDS.join(', ')})`);
  if ((body.game === undefined) === (body.files === undefined))
    return bad(
      `give either "game" (a shipped game's id) or "files" (the text of a game), not ${body.game === undefined ? 'neither' : 'both'}`,
    );
  let files: Checked<Record<string, string>>;
  if (body.game !== undefined) {
    const found = typeof body.game === 'string' ? shipped(body.game) : undefined;
    files = found ? { ok: true, value: found } : bad(`no shipped game ${JSON.stringify(String(body.game).slice(0, 60))}`);
  } else files = readFiles(body.files);
  if (!files.ok) return files;
  const variants = body.variants ?? [];
  if (!Array.isArray(variants) || variants.length > LIMITS.variants || !variants.every((v): v is string => typeof v === 'string')) {
    return bad(`'variants' must be a list of at most ${formatLimit(LIMITS.variants)} variant ids`);
  }
  const params = body.params ?? {};
  if (!isRecord(params)) return bad(`'params' must be an object of param names and values`);
  const players = body.players;
  if (players !== undefined && (typeof players !== 'number' || !Number.isInteger(players) || players < 1 || players > LIMITS.players)) {
    return bad(`'players' must be a whole number from 1 to ${formatLimit(LIMITS.players)}`);
  }
  const bots = readBots(body.bots);
  if (!bots.ok) return bots;
  return {
    ok: true,
    value: {
      files: files.value,
      variants,
      params: params as Record<string, Json>,
      ...(players !== undefined ? { players } : {}),
      bots: bots.value,
    },
  };
};

const requiresOf =
  (files: Readonly<Record<string, string>>) =>
  (id: string): string[] | undefined => {
    const text = files[`variants/${id}.yaml`];
    if (text === undefined) return undefined;
    try {
      const value: unknown = parse(text, { maxAliasCount: 100 });
      return isRecord(value) && Array.isArray(value.requires)
        ? value.requires.filter((r): r is string => typeof r === 'string')
        : undefined;
    } catch {
      // The compiler reports the file's YAML error where it is.
      return undefined;
    }
  };

/** What the compiler reads for a room: the base file and its variants, in the order they apply. */
export const sourcesOf = (rules: Pick<RoomRules, 'files' | 'variants'>): { base: SourceFile; variants: SourceFile[] } => ({
  base: { file: BASE, text: rules.files[BASE] ?? '' },
  variants: rules.variants.map((id) => ({ file: `variants/${id}.yaml`, text: rules.files[`variants/${id}.yaml`] ?? '' })),
});

export const compileRules = (rules: Pick<RoomRules, 'files' | 'variants' | 'params'>): Checked<CompiledGame> => {
  const out = compileGame({ ...sourcesOf(rules), params: rules.params });
  if (!out.game || hasErrors(out.diagnostics)) {
    const errors = out.diagnostics
      .filter((d) => d.severity === 'error')
      .slice(0, 20)
      .map(formatDiagnostic);
    return { ok: false, code: 'bad-rules', message: errors.join('\n') || 'the rules do not compile' };
  }
  return { ok: true, value: out.game };
};

/**
 * The rules a room will play by: the variants resolved, the text compiled, the number of players
 * and the bots checked against the game. Only the files the room plays by are kept.
 */
export const checkRules = (request: RoomRequest): Checked<RoomRules> => {
  const variants = withRequirements(request.variants, requiresOf(request.files));
  const missing = variants.find((id) => request.files[`variants/${id}.yaml`] === undefined);
  if (missing !== undefined) {
    const known = Object.keys(request.files).flatMap((f) => VARIANT_FILE.exec(f)?.[1] ?? []);
    return { ok: false, code: 'bad-rules', message: `no variant '${missing.slice(0, 60)}' (variants: ${known.join(', ') || 'none'})` };
  }
  const files: Record<string, string> = { [BASE]: request.files[BASE] ?? '' };
  for (const id of variants) files[`variants/${id}.yaml`] = request.files[`variants/${id}.yaml`] ?? '';
  const compiled = compileRules({ files, variants, params: request.params });
  if (!compiled.ok) return compiled;
  const game = compiled.value;
  const players = request.players ?? game.players.default;
  if (players < game.players.min || players > game.players.max) {
    return {
      ok: false,
      code: 'bad-rules',
      message: `${game.title} is for ${game.players.min} to ${game.players.max} players, not ${players}`,
    };
  }
  if (request.bots.length > players)
    return { ok: false, code: 'bad-request', message: `'bots' names ${request.bots.length} seats; the game has ${players}` };
  const bots = Array.from({ length: players }, (_, seat) => request.bots[seat] ?? null);
  for (const [seat, name] of bots.entries()) {
    const bot = name === null ? null : createBot(game, name);
    if (bot && 'error' in bot) return { ok: false, code: 'bad-rules', message: `seat ${seat}: ${bot.error}` };
  }
  return { ok: true, value: { title: game.title, files, variants, params: request.params, players, bots } };
};
