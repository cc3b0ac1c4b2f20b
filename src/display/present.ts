/**
 * The state in the players' words, from the spec's `display:` section: seat and team names, each
 * seat's score, the variables the board shows with their labels, piece names, moves as text and
 * who won. The studio, the CLI and the reports all read the game through these functions, so a
 * person is numbered the same way everywhere (seat 0 is "Player 1" unless the spec names it).
 * Seats and moves are named by engine/people.ts, which the engine's own messages use too.
 */
import type { CompiledDisplay, CompiledShownVar, VarOwner } from '../compile/display.ts';
import type { CompiledArg } from '../runtime/legality.ts';
import type { InitialContext } from '../compile/setup.ts';
import { teamAssignment } from '../runtime/teams.ts';
import type { LocalValues } from '../runtime/env.ts';
import { defaultSeatName } from '../runtime/legality.ts';
import { displayText, failedText, moveTitle, runDisplay, seatName, type DisplayContext } from '../engine/people.ts';
import { decodeArg } from '../runtime/args.ts';
import type { GameContext, Json, Move, Piece } from '../engine/types.ts';
import { Meter, formatValue, type Value } from '../lang/index.ts';
import type { GameSpec } from '../spec/types.ts';

/** What presenting a game needs: the compiled game has it all. */
export interface Presentable {
  readonly spec: GameSpec;
  readonly display: CompiledDisplay;
  readonly moves: Readonly<Record<string, { readonly title?: string; readonly args?: readonly CompiledArg[] }>>;
}

export { defaultSeatName, seatName, moveTitle, type DisplayContext };

/** Seat names before any move (for reports and pickers that have no game state): from the start context. */
export const seatNamesAtStart = (
  game: Presentable & { readonly initialContext: InitialContext; readonly paramValues: Readonly<Record<string, Json>> },
  players: number,
): string[] => {
  const ctx = game.initialContext({ players, seed: 0, params: game.paramValues });
  return Array.from({ length: players }, (_, s) => seatName(game, ctx, s));
};

export const teamName = (game: Presentable, ctx: DisplayContext, team: number): string => {
  if (game.display.team) return displayText(game.display.team, ctx, { team });
  const id = game.spec.teams?.ids[team] ?? `team ${team + 1}`;
  return game.spec.teams?.titles?.[id] ?? id;
};

/** Seat → team index, or null in a game without teams. */
export const teamOf = (game: Presentable, numPlayers: number, seat: number): number | null => {
  const t = teamAssignment(game.spec, numPlayers)[seat];
  return t === undefined || t < 0 ? null : t;
};

export interface ShownValue {
  /** The variable's name in the spec (for tests and the inspect view; never shown as the label). */
  readonly name: string;
  readonly label: string;
  readonly text: string;
}

export const scoreOf = (game: Presentable, ctx: DisplayContext, seat: number): ShownValue | null => {
  const score = game.display.score;
  if (!score) return null;
  try {
    const v = runDisplay(score.value, ctx, { seat });
    return { name: 'score', label: score.label, text: typeof v === 'number' ? plainNumber(v) : typeof v === 'string' ? v : formatValue(v) };
  } catch (error) {
    return { name: 'score', label: score.label, text: failedText(error) };
  }
};

const plainNumber = (n: number): string => (Number.isInteger(n) ? n.toLocaleString('en-US') : n.toFixed(2));

/** A value with no format of its own: numbers grouped, yes/no, lists joined. */
export const valueText = (v: Json): string => {
  if (typeof v === 'number') return plainNumber(v);
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (typeof v === 'string') return v;
  if (Array.isArray(v)) return v.length === 0 ? '—' : v.map((x) => (typeof x === 'number' ? String(x) : valueText(x as Json))).join(', ');
  return JSON.stringify(v);
};

const OWNER_NAME: Record<VarOwner, string | null> = { game: null, player: 'seat', team: 'team' };

/**
 * The variables the spec shows for the game, a seat or a team, as label and text; those whose
 * `when` does not hold are left out. Variables the spec does not list are never here.
 */
export const shownVars = (game: Presentable, ctx: DisplayContext, owner: VarOwner, index: number | null = null): ShownValue[] => {
  const record = owner === 'game' ? ctx.game : owner === 'player' ? ctx.players[index ?? 0] : ctx.teams[index ?? 0];
  if (!record) return [];
  const key = OWNER_NAME[owner];
  return game.display.vars[owner].flatMap((shown: CompiledShownVar) => {
    const value = record[shown.name] as Json;
    return shownAs(shown, value, ctx, { ...(key ? { [key]: index ?? 0 } : {}), value: value as Value }) ?? [];
  });
};

/** A value as its display entry shows it: null while its `when` does not hold; a failed expression reads '⚠ …'. */
const shownAs = (shown: CompiledShownVar, value: Json, ctx: DisplayContext, locals: LocalValues): ShownValue | null => {
  if (shown.when) {
    try {
      if (runDisplay(shown.when, ctx, locals) !== true) return null;
    } catch (error) {
      return { name: shown.name, label: shown.label, text: failedText(error) };
    }
  }
  return { name: shown.name, label: shown.label, text: shown.format ? displayText(shown.format, ctx, locals) : valueText(value) };
};

/**
 * A piece's prop as display.props shows it on the piece's face: null while its `when` does not
 * hold, undefined when the display does not list the prop.
 */
export const shownProp = (game: Presentable, ctx: DisplayContext, name: string, value: Json): ShownValue | null | undefined => {
  const shown = game.display.props[name];
  return shown ? shownAs(shown, value, ctx, { value: value as Value }) : undefined;
};

/** The spec's name for a visible piece, or null when the spec gives its kind no name. */
export const pieceName = (game: Presentable, ctx: DisplayContext, piece: Piece): string | null => {
  if (piece.hidden === true) return null;
  const expr = game.display.pieces[piece.kind];
  return expr ? displayText(expr, ctx, { piece: piece as unknown as Value }) : null;
};

/** The piece of `id` wherever it lies in the state, or undefined. */
export const findPiece = (ctx: DisplayContext, id: string): Piece | undefined => {
  for (const contents of Object.values(ctx.zones ?? {})) {
    for (const x of contents as readonly (Piece | readonly Piece[])[]) {
      const found = Array.isArray(x) ? (x as readonly Piece[]).find((p) => p.id === id) : (x as Piece).id === id ? (x as Piece) : undefined;
      if (found) return found;
    }
  }
  return undefined;
};

/**
 * Names pieces by id for a reader who sees the whole state (the CLI): the spec's name for the
 * piece, else a die's face, else the id.
 */
export const pieceNamerOf =
  (game: Presentable, ctx: DisplayContext) =>
  (id: string): string | null => {
    const piece = findPiece(ctx, id);
    if (!piece) return null;
    return pieceName(game, ctx, piece) ?? (piece.face !== undefined ? valueText(piece.face) : id);
  };

export const zoneLabel = (game: Presentable, zone: string): string => game.display.zones[zone]?.label ?? zone;

export const zoneShown = (game: Presentable, zone: string): boolean => game.display.zones[zone]?.hidden !== true;

/**
 * A move as text, read in the state it was (or would be) made from: the spec's own text for the
 * move when it has one, else the title and the arguments, each piece named by `namePiece`.
 */
export const moveText = (game: Presentable, ctx: GameContext, move: Move, namePiece: (id: string) => string | null): string => {
  const expr = game.display.moves[move.move];
  const args = game.moves[move.move]?.args ?? [];
  if (expr) {
    let locals: Record<string, Value> = { seat: move.seat };
    const meter = new Meter();
    for (const arg of args) {
      const decoded = decodeArg(arg, move.args?.[arg.name], ctx, locals, meter);
      if ('error' in decoded) return `${moveTitle(game, move.move)} (${decoded.error})`;
      locals = { ...locals, [arg.name]: decoded.value };
    }
    return displayText(expr, ctx, locals);
  }
  const given = Object.entries(move.args ?? {});
  if (given.length === 0) return moveTitle(game, move.move);
  const show = (v: Json): string => {
    if (typeof v === 'string') return namePiece(v) ?? v;
    if (Array.isArray(v)) return v.length === 0 ? 'none' : v.map((x) => show(x as Json)).join(', ');
    if (v !== null && typeof v === 'object') {
      const pair = v as Readonly<Record<string, Json>>;
      if (Object.keys(pair).length === 2 && 'from' in pair && 'to' in pair) return `${show(pair.from ?? null)} → ${show(pair.to ?? null)}`;
      return Object.entries(pair)
        .map(([k, x]) => `${k} ${show(x)}`)
        .join(', ');
    }
    return JSON.stringify(v);
  };
  const parts = given.map(([k, v]) => (given.length === 1 ? show(v) : `${k}: ${show(v)}`));
  return `${moveTitle(game, move.move)} (${parts.join('; ')})`;
};

/** Who won, in words: a whole team by its name, everybody, nobody, or the seats by name. */
export const winnersText = (game: Presentable, ctx: DisplayContext, winners: readonly number[]): string => {
  const n = ctx.numPlayers;
  if (winners.length === 0) return n > 1 ? 'Everybody lost' : `${seatName(game, ctx, 0)} lost`;
  const teams = teamAssignment(game.spec, n);
  const teamCount = game.spec.teams?.ids.length ?? 0;
  for (let t = 0; t < teamCount; t += 1) {
    const members = teams.flatMap((team, seat) => (team === t ? [seat] : []));
    if (members.length > 0 && members.length === winners.length && members.every((s) => winners.includes(s)))
      return `${teamName(game, ctx, t)} won`;
  }
  if (winners.length === n && n > 1) return 'Everybody won';
  const names = winners.map((s) => seatName(game, ctx, s));
  return `${names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}` : names[0]} won`;
};
