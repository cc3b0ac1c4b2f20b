/**
 * The game state's shape: plain JSON data (context, zones, PRNG, teams) that can be saved, sent to
 * workers, replayed and compared. Compile builds states of this shape; the engine steps them.
 */
import type { RunProblem } from '../errors.ts';
export type Json = null | boolean | number | string | readonly Json[] | { readonly [key: string]: Json };

/** A die or a card. `kind` is the component name from the spec; attributes and props are flat. */
export interface Piece {
  readonly id: string;
  readonly kind: string;
  readonly [field: string]: Json;
}

/** A zone owned by the game holds one list; a per-player or per-team zone holds one list per owner. */
export type ZoneContents = readonly Piece[] | readonly (readonly Piece[])[];

export interface GameResult {
  /** Seats that won; empty when everybody lost. */
  readonly winners: readonly number[];
}

/**
 * A line of the game log: text everybody reads, or text only some seats read (a `log` effect with
 * `to:`), so that a spec can tell a player the card they drew without telling the table.
 */
export type LogLine = string | { readonly text: string; readonly to: readonly number[] };

/** A log line's text, whoever may read it. */
export const logText = (line: LogLine): string => (typeof line === 'string' ? line : line.text);

/** Whether `seat` (null: a spectator) may read `line`. */
export const readsLine = (line: LogLine, seat: number | null): boolean =>
  typeof line === 'string' || (seat !== null && line.to.includes(seat));

export interface GameContext {
  readonly numPlayers: number;
  readonly active: number;
  /** Number of turns begun (nextTurn effects applied). */
  readonly turn: number;
  readonly params: Readonly<Record<string, Json>>;
  readonly game: Readonly<Record<string, Json>>;
  readonly players: readonly Readonly<Record<string, Json>>[];
  readonly teams: readonly Readonly<Record<string, Json>>[];
  readonly zones: Readonly<Record<string, ZoneContents>>;
  /** PRNG state (sfc32, four 32-bit words): the same seed and moves give the same game. */
  readonly rng: readonly [number, number, number, number];
  /**
   * Faces the next rolled dice show, in order, before the PRNG is used: physical dice entered by
   * the players, or a test that needs a given roll. Empty in a normal game.
   */
  readonly rigged: readonly Json[];
  /** What the `log` effects said during the last move and the automatic steps after it. */
  readonly log: readonly LogLine[];
  readonly result: GameResult | null;
  /** Automatic steps taken since the last move: bounded so a looping flow stops with a message. */
  readonly auto: number;
}

/** The statechart's state value, as XState gives it. */
export type FlowValue = string | { readonly [state: string]: FlowValue };

/**
 * A context being changed by one move's effects (or by one XState action): a copy made for that
 * move alone, so the effects change its own fields in place instead of copying the whole context
 * per effect. Its parts (game, players, teams, zones, pieces) are still shared with earlier states:
 * they are replaced, never changed. The log is the move's own list, appended to.
 */
export type Draft = { -readonly [K in keyof GameContext]: K extends 'log' ? LogLine[] : GameContext[K] };

/**
 * A copy of `ctx` to change, written field by field in the context's order: every context then
 * has one shape, so the reads of every hot path see one (a V8 map). A spread that overrides a
 * field made each copy a shape of its own, four in a game's first move.
 */
export const copyContext = (ctx: GameContext, log: LogLine[], auto: number): Draft => ({
  numPlayers: ctx.numPlayers,
  active: ctx.active,
  turn: ctx.turn,
  params: ctx.params,
  game: ctx.game,
  players: ctx.players,
  teams: ctx.teams,
  zones: ctx.zones,
  rng: ctx.rng,
  rigged: ctx.rigged,
  log,
  result: ctx.result,
  auto,
});

export interface GameState {
  readonly value: FlowValue;
  readonly context: GameContext;
}

export interface Move {
  readonly move: string;
  readonly seat: number;
  /** Argument values; a piece is given by its id, other values as themselves. */
  readonly args?: Readonly<Record<string, Json>>;
}

/** A step's outcome: a refusal says why in `error`; a spec's run-time error also as data in `problem`. */
export type StepResult =
  | { readonly ok: true; readonly state: GameState }
  | { readonly ok: false; readonly error: string; readonly problem?: RunProblem };
