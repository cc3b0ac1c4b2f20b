/**
 * Immutable updates of a game context: each returns a new context sharing what did not change.
 * These are the run-time primitives that compiled effects are made of.
 */
import type { GameContext, Json, Piece, ZoneContents } from './state.ts';

export interface ZoneRef {
  readonly name: string;
  /** The owner's seat or team index for a per-owner zone; null for a game zone. */
  readonly index: number | null;
}

export class EffectError extends Error {
  override name = 'EffectError';
}

type Vars = Readonly<Record<string, Json>>;

export const setGameVar = (ctx: GameContext, name: string, value: Json): GameContext => ({
  ...ctx,
  game: { ...ctx.game, [name]: value },
});

const setIn = (list: readonly Vars[], index: number, name: string, value: Json, what: string): Vars[] => {
  if (!Number.isInteger(index) || index < 0 || index >= list.length) {
    throw new EffectError(`${what} ${index} does not exist (there are ${list.length})`);
  }
  const out = list.slice();
  out[index] = { ...list[index], [name]: value };
  return out;
};

export const setPlayerVar = (ctx: GameContext, seat: number, name: string, value: Json): GameContext => ({
  ...ctx,
  players: setIn(ctx.players, seat, name, value, 'seat'),
});

export const setTeamVar = (ctx: GameContext, team: number, name: string, value: Json): GameContext => ({
  ...ctx,
  teams: setIn(ctx.teams, team, name, value, 'team'),
});

export const zoneOf = (ctx: GameContext, ref: ZoneRef): readonly Piece[] => {
  const contents = ctx.zones[ref.name];
  if (contents === undefined) throw new EffectError(`zone '${ref.name}' does not exist`);
  if (ref.index === null) return contents as readonly Piece[];
  const list = (contents as readonly (readonly Piece[])[])[ref.index];
  if (list === undefined) throw new EffectError(`zone '${ref.name}' has no owner ${ref.index}`);
  return list;
};

export const withZone = (ctx: GameContext, ref: ZoneRef, pieces: readonly Piece[]): GameContext => {
  let contents: ZoneContents = pieces;
  if (ref.index !== null) {
    const lists = (ctx.zones[ref.name] as readonly (readonly Piece[])[]).slice();
    lists[ref.index] = pieces;
    contents = lists;
  }
  return { ...ctx, zones: { ...ctx.zones, [ref.name]: contents } };
};

const sameZone = (a: ZoneRef, b: ZoneRef): boolean => a.name === b.name && a.index === b.index;

export type Take = 'top' | 'bottom' | 'random';
export type Put = 'top' | 'bottom';

/** Moves the given pieces (by id) from one zone to another, keeping their order. */
export const movePieces = (
  ctx: GameContext,
  from: ZoneRef,
  to: ZoneRef,
  pieces: readonly Piece[],
  put: Put,
): GameContext => {
  if (pieces.length === 0) return ctx;
  const source = zoneOf(ctx, from);
  const ids = new Set(pieces.map((p) => p.id));
  const moving = source.filter((p) => ids.has(p.id));
  if (moving.length !== ids.size) {
    const missing = [...ids].filter((id) => !source.some((p) => p.id === id));
    throw new EffectError(`cannot move ${missing.join(', ')}: not in zone '${describeZone(from)}'`);
  }
  if (sameZone(from, to)) {
    const rest = source.filter((p) => !ids.has(p.id));
    return withZone(ctx, from, put === 'top' ? [...moving, ...rest] : [...rest, ...moving]);
  }
  const after = withZone(ctx, from, source.filter((p) => !ids.has(p.id)));
  const target = zoneOf(after, to);
  return withZone(after, to, put === 'top' ? [...moving, ...target] : [...target, ...moving]);
};

/** The first `count` pieces from the top or bottom of a zone, or `count` chosen at random. */
export const pickPieces = (pieces: readonly Piece[], count: number, take: Take, random: (n: number) => number): Piece[] => {
  const n = Math.max(0, Math.min(Math.floor(count), pieces.length));
  if (take === 'top') return pieces.slice(0, n);
  if (take === 'bottom') return pieces.slice(pieces.length - n);
  const pool = pieces.slice();
  const out: Piece[] = [];
  for (let i = 0; i < n; i++) out.push(...pool.splice(random(pool.length), 1));
  return out;
};

/** Replaces pieces (matched by id) wherever they are. */
export const updatePieces = (ctx: GameContext, updated: ReadonlyMap<string, Piece>): GameContext => {
  if (updated.size === 0) return ctx;
  const swap = (list: readonly Piece[]): readonly Piece[] =>
    list.some((p) => updated.has(p.id)) ? list.map((p) => updated.get(p.id) ?? p) : list;
  const zones: Record<string, ZoneContents> = {};
  for (const [name, contents] of Object.entries(ctx.zones)) {
    const first = contents[0];
    zones[name] =
      first !== undefined && Array.isArray(first)
        ? (contents as readonly (readonly Piece[])[]).map(swap)
        : swap(contents as readonly Piece[]);
  }
  return { ...ctx, zones };
};

export const findPiece = (ctx: GameContext, id: string): Piece | undefined => {
  for (const contents of Object.values(ctx.zones)) {
    for (const item of contents) {
      if (Array.isArray(item)) {
        const found = (item as readonly Piece[]).find((p) => p.id === id);
        if (found) return found;
      } else if ((item as Piece).id === id) return item as Piece;
    }
  }
  return undefined;
};

export const describeZone = (ref: ZoneRef): string => (ref.index === null ? ref.name : `${ref.name}[${ref.index}]`);
