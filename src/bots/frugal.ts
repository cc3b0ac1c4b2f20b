/**
 * Frugal lists (`frugal`): the list arguments that a move only spends. Such a list's pieces are
 * given up: the move's effects take exactly those pieces from a zone of the moving seat's own
 * (`move` with `from: zones.NAME[seat]`, `pieces:` the argument) into one that is not, and read
 * them nowhere else, save in log lines; no guard, other argument or effect of the move or of its
 * transitions reads them. Its own `where`, `min` and `max` say how much is enough. A piece beyond
 * enough is then given up for nothing the move does with it, so a search with `frugal` weighs
 * only the choices with no item to spare, as a strategy's `minimal` would.
 *
 * Read from the rules' text, so it knows no game. A discard from the hand that pays damage with
 * cards is frugal; a play whose cards are summed for its attack is not, nor a discard whose cards
 * are counted to draw as many, nor a take of coins from a common purse (more may be better).
 * Conservative: a name the analysis cannot tell apart from the argument (a field, a text, a
 * procedure's parameter) counts as a read. It is a heuristic all the same: a piece given up may
 * matter later by its absence (a hand that must be emptied), which the rules' text does not say.
 */
import type { CompiledGame } from '../compile/index.ts';
import { checkFlow } from '../check/flow.ts';
import type { MinimalArgs } from '../engine/index.ts';
import type { GameSpec, MoveSpec } from '../spec/types.ts';

const LOG_KEYS = new Set(['log', 'to', 'id']);
const MOVE_KEYS = new Set(['move', 'id']);

const isObject = (v: unknown): v is Readonly<Record<string, unknown>> => typeof v === 'object' && v !== null && !Array.isArray(v);

const onlyKeys = (v: Readonly<Record<string, unknown>>, keys: ReadonlySet<string>): boolean => Object.keys(v).every((k) => keys.has(k));

/** A zone of the moving seat's own (`zones.NAME[seat]`). */
const OWN_ZONE = /^\s*zones\s*\.\s*[A-Za-z_]\w*\s*\[\s*seat\s*\]\s*$/;

/** A `move` effect that gives up exactly `name`'s pieces: takes them from a zone of the seat's own into one not its own. */
const givesUp = (move: unknown, name: string): move is Readonly<Record<string, unknown>> =>
  isObject(move) &&
  typeof move.pieces === 'string' &&
  move.pieces.trim() === name &&
  typeof move.from === 'string' &&
  OWN_ZONE.test(move.from) &&
  !(typeof move.to === 'string' && OWN_ZONE.test(move.to));

/** Whether `text` names `name` as a name of its own (not a field after a dot, nor part of a longer name). */
const names = (text: string, name: string): boolean => {
  for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + 1)) {
    const before = text[at - 1];
    const after = text[at + name.length];
    if ((before === undefined || !/[\w.$]/.test(before)) && (after === undefined || !/[\w$]/.test(after))) return true;
  }
  return false;
};

/**
 * Whether any part of `value` (effects, guards, argument specs) reads `name`: a log effect reads
 * nothing that matters to play, and a `move` of exactly `name`'s pieces spends them, which is not a read.
 */
const reads = (value: unknown, name: string): boolean => {
  if (typeof value === 'string') return names(value, name);
  if (Array.isArray(value)) return value.some((v) => reads(v, name));
  if (!isObject(value)) return false;
  if ('log' in value && onlyKeys(value, LOG_KEYS)) return false;
  const move = value.move;
  if (givesUp(move, name) && onlyKeys(value, MOVE_KEYS))
    return Object.entries(move).some(([key, part]) => key !== 'pieces' && reads(part, name));
  return Object.values(value).some((v) => reads(v, name));
};

/** Whether some `move` effect in `value` gives up exactly `name`'s pieces. */
const spends = (value: unknown, name: string): boolean => {
  if (Array.isArray(value)) return value.some((v) => spends(v, name));
  if (!isObject(value)) return false;
  return givesUp(value.move, name) || Object.values(value).some((v) => spends(v, name));
};

/** The `subsetOf` arguments of one move that it only spends; `transitions`: the guards and effects of the transitions it takes. */
const spentBy = (move: MoveSpec, transitions: readonly unknown[]): string[] => {
  const args = Object.entries(move.args ?? {});
  return args
    .filter(([, arg]) => 'subsetOf' in arg)
    .map(([name]) => name)
    .filter((name) => {
      const others = args.filter(([other]) => other !== name).map(([, arg]) => arg);
      const all = [move.by, move.guard, move.effects, others, transitions];
      return spends(all, name) && !reads(all, name);
    });
};

/** The frugal lists of every move of `spec`, by move name (the shape the engine's listing takes). */
export const frugalListsOf = (spec: GameSpec): MinimalArgs => {
  const transitions = checkFlow(spec).transitions;
  const out = new Map<string, readonly string[]>();
  for (const [name, move] of Object.entries(spec.moves ?? {})) {
    const on = transitions.filter((t) => t.kind === 'move' && t.label === name).map((t) => [t.spec.guard, t.spec.effects]);
    const spent = spentBy(move, on);
    if (spent.length > 0) out.set(name, spent);
  }
  return out;
};

const known = new WeakMap<CompiledGame, MinimalArgs>();

/** `frugalListsOf` the game's rules, read once per compiled game. */
export const frugalLists = (game: CompiledGame): MinimalArgs => {
  let lists = known.get(game);
  if (!lists) {
    lists = frugalListsOf(game.spec);
    known.set(game, lists);
  }
  return lists;
};
