/**
 * Updates of a move's draft context (state.ts): each replaces the parts it changes (a variable
 * table, a zone's list, a piece) with new ones, so earlier states that share them stay as they
 * were. These are the run-time primitives that compiled effects are made of.
 */
import { EffectError } from '../errors.ts';
import { copyContext, type Draft, type GameContext, type Json, type Piece, type ZoneContents } from './state.ts';

/** A game zone, or one owner's list of a per-seat or per-team zone (the owner's index from 0). */
export type ZoneRef =
  | { readonly name: string; readonly index: null }
  | { readonly name: string; readonly index: number; readonly owner: 'seat' | 'team' };

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
 *
 * Only the draft being changed keeps its set: drafts are changed one after another (a move's, an
 * XState action's), and one that another has followed is a context, never changed again. A set
 * per draft in a WeakMap, made anew for every move, showed in profiles (and in the collector's work).
 */
let owner: GameContext | undefined;

/** Past this many tables a draft's are kept in a set; below, a list scanned is faster than hashing them. */
const SCAN = 16;

/** The tables the draft being changed made: most moves make a few, so a list, becoming a set past SCAN. */
class Made {
  /**
   * The tables are the first `size` entries. The list keeps its length from draft to draft:
   * emptying it gave its space back, which the next move then allocated again.
   */
  private readonly list: (object | undefined)[] = new Array(SCAN).fill(undefined);
  private size = 0;
  private set: Set<object> | undefined;

  has(value: object): boolean {
    if (this.set) return this.set.has(value);
    for (let i = 0; i < this.size; i++) if (this.list[i] === value) return true;
    return false;
  }

  add(value: object): void {
    if (this.set) this.set.add(value);
    else if (this.size < SCAN) this.list[this.size++] = value;
    else this.set = new Set([...(this.list as object[]), value]);
  }

  clear(): void {
    // Dropped so that the tables of a finished move are not kept alive.
    this.list.fill(undefined, 0, this.size);
    this.size = 0;
    this.set = undefined;
  }
}

const made = new Made();

let copied = 0;

/**
 * Whether the entries of the variable tables drafts copy are counted. Counting them walks each
 * copy, a twelfth of a dice game's time for a figure only the tests read, so it is done once a
 * test asks for it; a list's entries (a zone's, the log's) are counted always, at no cost.
 */
let countingTables = false;

/** From now on, every entry a draft copies is counted (`entriesCopied`). */
export const countCopiedEntries = (): void => {
  countingTables = true;
};

/** How many entries (variables, seats, teams, zones, pieces, log lines) drafts have copied so far: the work tests count. */
export const entriesCopied = (): number => {
  if (!countingTables) throw new Error('the entries of copied tables are counted only after countCopiedEntries()');
  return copied;
};

/** `value` as the draft's own, copied by `copy` unless the draft made it. */
const ownOf = <T extends object>(d: Draft, value: T, copy: (v: T) => T): T => {
  if (d !== owner) {
    owner = d;
    made.clear();
  } else if (made.has(value)) return value;
  const own = copy(value);
  made.add(own);
  return own;
};

/** A draft of `ctx` for one action's effects; `ctx` itself is left as it is. */
export const draftOf = (ctx: GameContext): Draft => {
  copied += ctx.log.length;
  return copyContext(ctx, ctx.log.slice(), ctx.auto);
};

const copyTable = <T>(table: Readonly<Record<string, T>>): Record<string, T> => {
  const own = { ...table };
  // Counted without Object.keys, whose array was a twentieth of the bytes a move allocated.
  if (countingTables) for (const _ in own) copied++;
  return own;
};

const copyList = <T>(list: readonly T[]): T[] => {
  copied += list.length;
  return list.slice();
};

/**
 * A value that may hold tables of `d` was bound to a name (`let`, `forEach`, a procedure's
 * parameter): from now on each table is copied before it changes again, so the name keeps
 * the values it was given.
 */
export const release = (d: GameContext, value: unknown): void => {
  if (typeof value === 'object' && value !== null && d === owner) made.clear();
};

/** Whose variable a write changes: the game's, or one seat's or team's (its index from 0). */
export type VarOwner = 'game' | 'seat' | 'team';

/**
 * Writes one variable into the draft's own table: the table (and the players' or teams' list
 * holding it) is copied on the move's first write and changed in place after that. An effect that
 * writes several computes all its values and indexes first (compile/effects/assign.ts).
 */
export const writeVar = (d: Draft, owner: VarOwner, index: number, name: string, value: Json): void => {
  if (owner === 'game') {
    const own = ownOf(d, d.game as Record<string, Json>, copyTable);
    own[name] = value;
    d.game = own;
    return;
  }
  const list = ownOf(d, (owner === 'seat' ? d.players : d.teams) as Vars[], copyList);
  const own = ownOf(d, list[index] as Record<string, Json>, copyTable);
  own[name] = value;
  list[index] = own;
  if (owner === 'seat') d.players = list;
  else d.teams = list;
};

/** Checks that `index` names a seat or team of `d`, before anything is written. */
export const checkOwner = (d: Draft, owner: 'seat' | 'team', index: number): void =>
  checkIndex(owner === 'seat' ? d.players : d.teams, index, owner);

export const zoneOf = (ctx: GameContext, ref: ZoneRef): readonly Piece[] => {
  const contents = ctx.zones[ref.name];
  if (contents === undefined) throw new EffectError(`zone '${ref.name}' does not exist`);
  if (ref.index === null) return contents as readonly Piece[];
  const list = (contents as readonly (readonly Piece[])[])[ref.index];
  if (list === undefined)
    throw new EffectError(
      `zone '${ref.name}' has one list per ${ref.owner}, and ${noSuch(ref.owner, ref.index, (contents as readonly unknown[]).length)}`,
    );
  return list;
};

/**
 * Where a piece is (its zone, the owner's list, its position there) and the piece as it is now.
 * A zones table's index of these is built on the first lookup (one pass over every zone) and then
 * kept up to date by the writes below, so finding or changing a piece costs the same however many
 * pieces the game has: rolling or changing each of n dice one by one was n searches of every zone.
 * A move updates the moved pieces' slots only, so the positions of the pieces it shifted are
 * hints, checked when used (`positionIn`).
 */
interface Slot {
  name: string;
  index: number | null;
  pos: number;
  piece: Piece;
}

/**
 * A slot's position in its list. When a move has shifted the piece, it is found again by identity,
 * the engine's own scan of that one list, and remembered; writing every shifted piece's position
 * at each move instead made moving n pieces one by one n × n work in the index.
 */
const positionIn = (list: readonly Piece[], slot: Slot): number => {
  if (list[slot.pos] !== slot.piece) slot.pos = list.indexOf(slot.piece);
  return slot.pos;
};

/**
 * The index of one zones table, the last one asked about. An index describes the table's
 * contents, which a copy shares: when a draft copies the table the index moves to the copy (the
 * earlier table never changes, and builds an index again if it is ever asked). One slot serves a
 * game played move after move; an index per table in a WeakMap, a new key every move, showed in
 * profiles.
 */
let indexed: object | undefined;
let slots = new Map<string, Slot>();

let visited = 0;

/** How many pieces indexes have visited (built or brought up to date) so far: the work tests count. */
export const piecesVisited = (): number => visited;

const indexOf = (zones: Readonly<Record<string, ZoneContents>>): Map<string, Slot> => {
  if (zones === indexed) return slots;
  const built = new Map<string, Slot>();
  for (const [name, contents] of Object.entries(zones)) {
    if (isPerOwner(contents)) contents.forEach((list, owner) => place(built, name, owner, list));
    else place(built, name, null, contents);
  }
  indexed = zones;
  slots = built;
  return built;
};

/** Records where the pieces of one list now are. */
const place = (index: Map<string, Slot>, name: string, owner: number | null, list: readonly Piece[]): void => {
  visited += list.length;
  list.forEach((piece, pos) => {
    const slot = index.get(piece.id);
    if (slot) {
      slot.name = name;
      slot.index = owner;
      slot.pos = pos;
      slot.piece = piece;
    } else index.set(piece.id, { name, index: owner, pos, piece });
  });
};

/** The draft's own zones table, its index (if any) moved along. */
const ownZones = (d: Draft): Record<string, ZoneContents> => {
  const before = d.zones;
  const zones = ownOf(d, before as Record<string, ZoneContents>, copyTable);
  if (zones !== before) {
    if (indexed === before) indexed = zones;
    d.zones = zones;
  }
  return zones;
};

export const withZone = (d: Draft, ref: ZoneRef, pieces: readonly Piece[]): void => {
  const zones = ownZones(d);
  if (ref.index === null) zones[ref.name] = pieces;
  else {
    const lists = ownOf(d, zones[ref.name] as (readonly Piece[])[], copyList);
    lists[ref.index] = pieces;
    zones[ref.name] = lists;
  }
  if (indexed === zones) place(slots, ref.name, ref.index, pieces);
};

const sameZone = (a: ZoneRef, b: ZoneRef): boolean => a.name === b.name && a.index === b.index;

export type Take = 'top' | 'bottom' | 'random';
export type Put = 'top' | 'bottom';

/** Above this many pieces moved at once, the rest of the source is filtered in one pass instead of each piece spliced out. */
const SPLICES = 32;

/**
 * Ascending, in place. A move's positions are few, mostly: sorted by insertion, since a call of the
 * comparator for each step showed in profiles; many are left to the engine's sort.
 */
const sortPositions = (positions: number[]): void => {
  if (positions.length > SPLICES) {
    positions.sort((a, b) => a - b);
    return;
  }
  for (let i = 1; i < positions.length; i++) {
    const pos = positions[i] as number;
    let j = i - 1;
    for (; j >= 0 && (positions[j] as number) > pos; j--) positions[j + 1] = positions[j] as number;
    positions[j + 1] = pos;
  }
};

/**
 * Moves the given pieces (by id) from one zone to another, keeping their order in the source.
 * Each piece is found where it lies (in one scan when they lie in order, else by the index), taken
 * out of the draft's own source list and put into its own target list: a move's work in the
 * game's code is the pieces moved and the lists they leave and join, not every zone's size
 * (moving each of n pieces one by one filtered and rebuilt both lists, and re-indexed them, n
 * times).
 */
export const movePieces = (d: Draft, from: ZoneRef, to: ZoneRef, pieces: readonly Piece[], put: Put): void => {
  if (pieces.length === 0) return;
  const source = zoneOf(d, from);
  zoneOf(d, to);
  const zones = ownZones(d);
  const positions = positionsInOrder(source, pieces) ?? distinctPositions(source, from, pieces, indexOf(zones));
  const moving: Piece[] = new Array(positions.length);
  for (let i = 0; i < positions.length; i++) moving[i] = source[positions[i] as number] as Piece;
  if (sameZone(from, to)) {
    const rest = without(source, positions);
    withZone(d, from, put === 'top' ? [...moving, ...rest] : [...rest, ...moving]);
    return;
  }
  const rest = ownList(d, zones, from);
  if (positions.length <= SPLICES) for (let i = positions.length - 1; i >= 0; i--) rest.splice(positions[i] as number, 1);
  else {
    const kept = without(rest, positions);
    rest.length = 0;
    rest.push(...kept);
  }
  const target = ownList(d, zones, to);
  // Within the spread's argument limit: a game holds at most LIMITS.pieces pieces.
  if (put === 'top') target.unshift(...moving);
  else target.push(...moving);
  // An index not built yet is built from the zones as they are when it is first asked for.
  if (indexed !== zones) return;
  const first = put === 'top' ? 0 : target.length - moving.length;
  visited += moving.length;
  for (let i = 0; i < moving.length; i++) {
    const slot = slots.get((moving[i] as Piece).id) as Slot;
    slot.name = to.name;
    slot.index = to.index;
    slot.pos = first + i;
  }
};

/**
 * The positions in `source` of `pieces` when they lie there in the same order, found by one scan
 * comparing objects: a zone's whole list, its top or bottom, a filter of it, a subset chosen from
 * it. Null when they do not (a piece given twice, out of order, an older copy of a piece, one in
 * another zone), for the index to find them. Moving them needs no index then: building one for
 * every new game's zones was a twentieth of a card game's time, for the setup's moves alone.
 */
const positionsInOrder = (source: readonly Piece[], pieces: readonly Piece[]): number[] | null => {
  if (pieces.length > source.length) return null;
  const positions: number[] = new Array(pieces.length);
  let at = 0;
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i];
    while (at < source.length && source[at] !== piece) at++;
    if (at === source.length) return null;
    positions[i] = at++;
  }
  return positions;
};

/**
 * The positions in `source` (the list of zone `from`) of the pieces to move, ascending, each once
 * however often it is given; an error naming those that are not there. A piece given twice is found at
 * one position, so positions are told apart rather than ids: by a scan while they are few, since a
 * set of ids for every move was a tenth of the bytes a dice game's move allocated.
 */
const distinctPositions = (source: readonly Piece[], from: ZoneRef, pieces: readonly Piece[], index: Map<string, Slot>): number[] => {
  const positions: number[] = [];
  const found = pieces.length > SPLICES ? new Set<number>() : undefined;
  let missing: string[] | undefined;
  for (const { id } of pieces) {
    const slot = index.get(id);
    const pos = slot && slot.name === from.name && slot.index === from.index ? positionIn(source, slot) : -1;
    if (pos < 0) (missing ??= []).push(id);
    else if (found ? found.has(pos) : positions.includes(pos)) continue;
    else {
      found?.add(pos);
      positions.push(pos);
    }
  }
  if (missing) throw new EffectError(`cannot move ${[...new Set(missing)].join(', ')}: not in zone '${describeZone(from)}'`);
  sortPositions(positions);
  return positions;
};

/** `list` without the items at `positions` (ascending), in order. */
const without = (list: readonly Piece[], positions: readonly number[]): Piece[] => {
  const rest: Piece[] = [];
  let next = 0;
  for (let i = 0; i < list.length; i++) {
    if (positions[next] === i) next++;
    else rest.push(list[i] as Piece);
  }
  return rest;
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

/** Replaces pieces (matched by id) where they are, each found by the index. */
export const updatePieces = (d: Draft, updated: ReadonlyMap<string, Piece>): void => {
  if (updated.size === 0) return;
  const zones = ownZones(d);
  const index = indexOf(zones);
  for (const [id, piece] of updated) {
    const slot = index.get(id);
    if (!slot) throw new EffectError(`piece ${id} is in no zone`);
    const list = ownList(d, zones, slot);
    list[positionIn(list, slot)] = piece;
    slot.piece = piece;
  }
};

/** The draft's own list of a zone (and owner), to change in place. */
const ownList = (
  d: Draft,
  zones: Record<string, ZoneContents>,
  slot: { readonly name: string; readonly index: number | null },
): Piece[] => {
  if (slot.index === null) {
    const own = ownOf(d, zones[slot.name] as readonly Piece[] as Piece[], copyList);
    zones[slot.name] = own;
    return own;
  }
  const lists = ownOf(d, zones[slot.name] as (readonly Piece[])[], copyList);
  zones[slot.name] = lists;
  const own = ownOf(d, lists[slot.index] as Piece[], copyList);
  lists[slot.index] = own;
  return own;
};

const isPerOwner = (contents: ZoneContents): contents is readonly (readonly Piece[])[] => Array.isArray(contents[0]);

/** The piece with this id as it is now (a piece held in a list value may be older), or undefined when it is in no zone. */
/**
 * `piece` with one field changed, as a new piece. Copied field by field onto a new object, not
 * spread with the field after: V8 gives a spread that overrides a field a new map each time, up
 * to several per kind of piece, and its copies then take the slow path. Rolling dice that way was
 * a sixth of a dice game's time. A field's name is an identifier none of whose names an object
 * has already (the schema's `identifier` refuses `__proto__` and the rest), so assigning it
 * writes a field.
 */
export const withField = (piece: Piece, name: string, value: Json): Piece => {
  const changed: Record<string, Json> = Object.assign({}, piece);
  changed[name] = value;
  return changed as Piece;
};

export const currentPiece = (ctx: GameContext, id: string): Piece | undefined => indexOf(ctx.zones).get(id)?.piece;

export const describeZone = (ref: ZoneRef): string => (ref.index === null ? ref.name : `${ref.name}[${ref.index}]`);
