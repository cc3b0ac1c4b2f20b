/**
 * The engine's serialisable data: a game state, a move, a per-seat view. Everything here is plain
 * JSON so that states can be saved, sent to workers, replayed and compared.
 */
import type { DocPath } from '../spec/diagnostics.ts';

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
  readonly log: readonly string[];
  readonly result: GameResult | null;
  /** Automatic steps taken since the last move: bounded so a looping flow stops with a message. */
  readonly auto: number;
}

/** The statechart's state value, as XState gives it. */
export type FlowValue = string | { readonly [state: string]: FlowValue };

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

export type StepResult =
  | { readonly ok: true; readonly state: GameState }
  | { readonly ok: false; readonly error: string };

export interface ZoneView {
  readonly name: string;
  readonly owner: 'game' | 'player' | 'team';
  /** The seat or team index for per-owner zones. */
  readonly ownerIndex: number | null;
  readonly visibility: 'public' | 'owner' | 'hidden' | 'top';
  readonly ordered: boolean;
  readonly count: number;
  /** Pieces the viewing seat may see; a hidden piece shows only `{ id, kind, hidden: true }`. */
  readonly pieces: readonly Piece[];
}

export interface GameView {
  /** The seat whose view this is; null for a spectator (sees only public information). */
  readonly seat: number | null;
  /** Active state names from the root, e.g. ["turn", "decide"]. */
  readonly states: readonly string[];
  readonly context: Omit<GameContext, 'zones' | 'rng' | 'rigged'>;
  readonly zones: readonly ZoneView[];
}

/** The compiled flow as a graph, for diagrams and the `graph` command. */
export interface FlowGraph {
  readonly nodes: readonly FlowNode[];
  readonly edges: readonly FlowEdge[];
}

export interface FlowNode {
  /** Unique state name (state names are unique in a flow). */
  readonly id: string;
  readonly parent: string | null;
  readonly initial: boolean;
  readonly final: boolean;
  readonly description?: string;
  /** Where the state is written in the spec. */
  readonly path: DocPath;
}

export interface FlowEdge {
  readonly id: string;
  readonly source: string;
  readonly target: string | null;
  readonly kind: 'move' | 'always';
  /** The move name, or the automatic transition's id. */
  readonly label: string;
  readonly guard?: string;
  readonly path: DocPath;
}
