/**
 * Updates of a move's draft context (state.ts): each replaces the parts it changes (a variable
 * table, a zone's list, a piece) with new ones, so earlier states that share them stay as they
 * were. These are the run-time primitives that compiled effects are made of.
 */
import type { Draft, GameContext, Json, Piece, ZoneContents } from './state.ts';

/** A game zone, or one owner's list of a per-seat or per-team zone (the owner's index from 0). */
export type ZoneRef =
  | { readonly name: string; readonly index: null }
  | { readonly name: string; readonly index: number; readonly owner: 'seat' | 'team' };

export class EffectError extends Error {
  override name = 'EffectError';
}

type Vars = Readonly<Record<string, Json>>;

/**
 * Why an index names no seat or team: the index as the expression gave it (counted from 0), with
 * the people's numbering beside it, since the game calls seat 0 "Player 1".
 */
const people = (what: 'seat' | 'team', n: number): string => `${what === 'seat' ? 'Player' : 'Team'} ${n}`;

export const noSuch = (what: 'seat' | 'team', index: number, count: number): string =>
  `there is no ${what} ${index}: ${what}s are numbered from 0 in expressions, ${count === 0 ? 'and there are none' : `0 to ${count - 1} here (${people(what, 1)} to ${people(what, count)})`}`;

const checkIndex = (list: readonly Vars[], index: number, what: 'seat' | 'team'): void => {
  if (!Number.isInteger(index) || index < 0 || index >= list.length) throw new EffectError(noSuch(what, index, list.length));
};

/**
 * The tables (variable tables, the players' and teams' lists, the zones' map and per-owner lists)
 * a draft made during its move, which it may therefore change in place: a move that writes a
 * table many times copies it once, not once per effect (1,000 variants each adding a variable and
 * an effect that sets it copied the 1,000 variables 1,000 times per move). Nothing outside the
 * draft holds them, until an expression's value is bound to a name (`release`).
 */
const madeBy = new WeakMap<GameContext, WeakSet<object>>();

let copied = 0;

/** How many entries (variables, seats, teams, zones) drafts have copied so far: the work tests count. */
export const entriesCopied = (): number => copied;

/** `value` as the draft's own, copied by `copy` unless the draft made it. */
const ownOf = <T extends object>(d: Draft, value: T, copy: (v: T) => T): T => {
  let made = madeBy.get(d);
  if (made?.has(value)) return value;
  const own = copy(value);
  copied += Array.isArray(own) ? own.length : Object.keys(own).length;
  if (!made) madeBy.set(d, (made = new WeakSet()));
  made.add(own);
  return own;
};

const copyTable = <T>(table: Readonly<Record<string, T>>): Record<string, T> => ({ ...table });
const copyList = <T>(list: readonly T[]): T[] => list.slice();

/**
 * A value that may hold tables of `d` was bound to a name (`let`, `forEach`, a procedure's
 * parameter): from now on each table is copied before it changes again, so the name keeps
 * the values it was given.
 */
export const release = (d: GameContext, value: unknown): void => {
  if (typeof value === 'object' && value !== null) madeBy.delete(d);
};

/**
 * The variable writes of one effect, applied together by `commit` (each value is computed before
 * any is written): each table written (the game's, a seat's, a team's) is copied at most once per move.
 */
export class VarWrites {
  private readonly game = new Map<string, Json>();
  private readonly players = new Map<number, Map<string, Json>>();
  private readonly teams = new Map<number, Map<string, Json>>();

  constructor(private readonly draft: Draft) {}

  setGame(name: string, value: Json): void {
    this.game.set(name, value);
  }

  setPlayer(seat: number, name: string, value: Json): void {
    checkIndex(this.draft.players, seat, 'seat');
    writesOf(this.players, seat).set(name, value);
  }

  setTeam(team: number, name: string, value: Json): void {
    checkIndex(this.draft.teams, team, 'team');
    writesOf(this.teams, team).set(name, value);
  }

  commit(): void {
    const d = this.draft;
    if (this.game.size > 0) d.game = written(d, d.game, this.game);
    if (this.players.size > 0) d.players = withTables(d, d.players, this.players);
    if (this.teams.size > 0) d.teams = withTables(d, d.teams, this.teams);
  }
}

const writesOf = (all: Map<number, Map<string, Json>>, index: number): Map<string, Json> => {
  let writes = all.get(index);
  if (!writes) all.set(index, (writes = new Map()));
  return writes;
};

const written = (d: Draft, table: Vars, writes: ReadonlyMap<string, Json>): Vars => {
  const own = ownOf(d, table as Record<string, Json>, copyTable);
  for (const [name, value] of writes) own[name] = value;
  return own;
};

const withTables = (d: Draft, list: readonly Vars[], writes: ReadonlyMap<number, ReadonlyMap<string, Json>>): Vars[] => {
  const own = ownOf(d, list as Vars[], copyList);
  for (const [index, values] of writes) own[index] = written(d, own[index] as Vars, values);
  return own;
};

export const zoneOf = (ctx: GameContext, ref: ZoneRef): readonly Piece[] => {
  const contents = ctx.zones[ref.name];
  if (contents === undefined) throw new EffectError(`zone '${ref.name}' does not exist`);
  if (ref.index === null) return contents as readonly Piece[];
  const list = (contents as readonly (readonly Piece[])[])[ref.index];
  if (list === undefined) throw new EffectError(`zone '${ref.name}' has one list per ${ref.owner}, and ${noSuch(ref.owner, ref.index, (contents as readonly unknown[]).length)}`);
  return list;
};

export const withZone = (d: Draft, ref: ZoneRef, pieces: readonly Piece[]): void => {
  const zones = ownOf(d, d.zones as Record<string, ZoneContents>, copyTable);
  if (ref.index === null) zones[ref.name] = pieces;
  else {
    const lists = ownOf(d, zones[ref.name] as (readonly Piece[])[], copyList);
    lists[ref.index] = pieces;
    zones[ref.name] = lists;
  }
  d.zones = zones;
};

const sameZone = (a: ZoneRef, b: ZoneRef): boolean => a.name === b.name && a.index === b.index;

export type Take = 'top' | 'bottom' | 'random';
export type Put = 'top' | 'bottom';

/** Moves the given pieces (by id) from one zone to another, keeping their order. */
export const movePieces = (d: Draft, from: ZoneRef, to: ZoneRef, pieces: readonly Piece[], put: Put): void => {
  if (pieces.length === 0) return;
  const source = zoneOf(d, from);
  const ids = new Set(pieces.map((p) => p.id));
  const moving = source.filter((p) => ids.has(p.id));
  if (moving.length !== ids.size) {
    const missing = [...ids].filter((id) => !source.some((p) => p.id === id));
    throw new EffectError(`cannot move ${missing.join(', ')}: not in zone '${describeZone(from)}'`);
  }
  if (sameZone(from, to)) {
    const rest = source.filter((p) => !ids.has(p.id));
    withZone(d, from, put === 'top' ? [...moving, ...rest] : [...rest, ...moving]);
    return;
  }
  withZone(d, from, source.filter((p) => !ids.has(p.id)));
  const target = zoneOf(d, to);
  withZone(d, to, put === 'top' ? [...moving, ...target] : [...target, ...moving]);
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
export const updatePieces = (d: Draft, updated: ReadonlyMap<string, Piece>): void => {
  if (updated.size === 0) return;
  const swap = (list: readonly Piece[]): readonly Piece[] =>
    list.some((p) => updated.has(p.id)) ? list.map((p) => updated.get(p.id) ?? p) : list;
  const zones: Record<string, ZoneContents> = {};
  for (const [name, contents] of Object.entries(d.zones)) zones[name] = isPerOwner(contents) ? contents.map(swap) : swap(contents);
  d.zones = zones;
};

const isPerOwner = (contents: ZoneContents): contents is readonly (readonly Piece[])[] => Array.isArray(contents[0]);

/**
 * The pieces with the given ids as they are now, found in one pass over every zone: a piece
 * held in a list value may be older than the one in its zone. Ids in no zone are left out.
 */
export const currentPieces = (ctx: GameContext, ids: ReadonlySet<string>): Map<string, Piece> => {
  const found = new Map<string, Piece>();
  const visit = (list: readonly Piece[]): void => {
    for (const p of list) if (ids.has(p.id)) found.set(p.id, p);
  };
  for (const contents of Object.values(ctx.zones)) {
    if (isPerOwner(contents)) contents.forEach(visit);
    else visit(contents);
  }
  return found;
};

export const describeZone = (ref: ZoneRef): string => (ref.index === null ? ref.name : `${ref.name}[${ref.index}]`);
