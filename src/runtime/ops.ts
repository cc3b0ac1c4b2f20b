/**
 * Updates of a move's draft context (state.ts): each replaces the parts it changes (a variable
 * table, a zone's list, a piece) with new ones, so earlier states that share them stay as they
 * were. These are the run-time primitives that compiled effects are made of.
 */
import type { Draft, GameContext, Json, Piece, ZoneContents } from './state.ts';

export interface ZoneRef {
  readonly name: string;
  /** The owner's seat or team index for a per-owner zone; null for a game zone. */
  readonly index: number | null;
}

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
 * The variable writes of one effect, applied together by `commit`: each table written (the
 * game's, a seat's, a team's) is copied once, however many of its variables change.
 */
export class VarWrites {
  private game: Record<string, Json> | undefined;
  private readonly players = new Map<number, Record<string, Json>>();
  private readonly teams = new Map<number, Record<string, Json>>();

  constructor(private readonly draft: Draft) {}

  setGame(name: string, value: Json): void {
    this.game ??= { ...this.draft.game };
    this.game[name] = value;
  }

  setPlayer(seat: number, name: string, value: Json): void {
    checkIndex(this.draft.players, seat, 'seat');
    tableOf(this.players, this.draft.players, seat)[name] = value;
  }

  setTeam(team: number, name: string, value: Json): void {
    checkIndex(this.draft.teams, team, 'team');
    tableOf(this.teams, this.draft.teams, team)[name] = value;
  }

  commit(): void {
    if (this.game) this.draft.game = this.game;
    if (this.players.size > 0) this.draft.players = withTables(this.draft.players, this.players);
    if (this.teams.size > 0) this.draft.teams = withTables(this.draft.teams, this.teams);
  }
}

const tableOf = (copies: Map<number, Record<string, Json>>, list: readonly Vars[], index: number): Record<string, Json> => {
  let table = copies.get(index);
  if (!table) {
    table = { ...list[index] };
    copies.set(index, table);
  }
  return table;
};

const withTables = (list: readonly Vars[], copies: ReadonlyMap<number, Vars>): Vars[] => {
  const out = list.slice();
  for (const [index, table] of copies) out[index] = table;
  return out;
};

export const zoneOf = (ctx: GameContext, ref: ZoneRef): readonly Piece[] => {
  const contents = ctx.zones[ref.name];
  if (contents === undefined) throw new EffectError(`zone '${ref.name}' does not exist`);
  if (ref.index === null) return contents as readonly Piece[];
  const list = (contents as readonly (readonly Piece[])[])[ref.index];
  if (list === undefined) throw new EffectError(`zone '${ref.name}' has no owner ${ref.index}`);
  return list;
};

export const withZone = (d: Draft, ref: ZoneRef, pieces: readonly Piece[]): void => {
  let contents: ZoneContents = pieces;
  if (ref.index !== null) {
    const lists = (d.zones[ref.name] as readonly (readonly Piece[])[]).slice();
    lists[ref.index] = pieces;
    contents = lists;
  }
  d.zones = { ...d.zones, [ref.name]: contents };
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
