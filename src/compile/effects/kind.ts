/**
 * What one effect kind is to the stages that handle effects: how it compiles and how the
 * liveness analysis (analyze/liveness.ts) runs it. Each kind is a file of this folder, gathered
 * by its key in kinds.ts; its shape is `EffectForms` in spec/types.ts and its schema branch in
 * schema/game.schema.json (which also tells variant merging its key and its effect lists).
 */
import type { Meter, Type } from '../../lang/index.ts';
import type { ExprChecker, Locals } from '../../check/exprs.ts';
import type { DocPath } from '../../spec/diagnostics.ts';
import type { Effect, EffectKey, EffectOf, GameSpec } from '../../spec/types.ts';
import type { LocalValues } from '../../runtime/env.ts';
import type { GameContext } from '../../runtime/state.ts';
import type { EffectRun } from '../../runtime/table.ts';
import type { ProcedureLookup } from '../procedures.ts';

export interface EffectCompiler {
  readonly checker: ExprChecker;
  readonly spec: GameSpec;
  /** Faces of each die kind, for `roll`. */
  readonly faces: ReadonlyMap<string, readonly (number | string)[]>;
  /** The seat after the active one, from `turns.next`. */
  readonly nextSeat: (ctx: GameContext, meter: Meter) => number;
  /** The spec's procedures, compiled on first use. */
  readonly procedure: ProcedureLookup;
  /** Names of the procedures some `call` names (to warn about the others). */
  readonly called: Set<string>;
  /** Coverage only: each effect, by its path, gets a function to call every time it runs. */
  readonly probe?: EffectProbe;
  /** The language of the spec's texts (a translation's), for plurals in log lines; English when absent. */
  readonly lang?: string;
}

/** Given an effect's path at compile time, what to call each time that effect runs. */
export type EffectProbe = (path: DocPath) => () => void;

/** Where one effect is compiled. */
export interface EffectSite {
  readonly cx: EffectCompiler;
  /** The effect's place in the document; its parts are below it (`[...path, 'then']`). */
  readonly path: DocPath;
  /** The names in scope, with their types. */
  readonly locals: Locals;
  /** Compiles a list of effects inside this one (a branch, a loop's body). */
  readonly effects: (list: readonly Effect[] | undefined, path: DocPath, locals: Locals) => EffectRun;
}

/** Names given values for the effects after it in its list, and their types for compiling those. */
export interface Binding {
  /** Its expressions' work is charged to `meter`, the move's. */
  readonly bind: (ctx: GameContext, locals: LocalValues, meter: Meter) => LocalValues;
  readonly scope: Locals;
}

/**
 * The liveness analysis as an effect sees it: a run over what is known of the state (`F`, the
 * analysis's own) in which the effect says what it reads, writes and passes on. Parts of the
 * effect are read as text: an expression, a value, or any part of the spec (its expressions are
 * found in it by name).
 */
export interface FlowWalk<F> {
  /** The effect reads whatever the expressions in `part` read. */
  readonly read: (f: F, part: unknown) => void;
  /** The effect reads the expressions of a zone reference besides the zone (a seat index). */
  readonly readIndex: (f: F, ref: unknown) => void;
  /** The zone a zone reference names, if it starts with one. */
  readonly zoneOf: (ref: unknown) => string | undefined;
  /** The zone a reference names when it is the whole zone (no index after the name). */
  readonly wholeZone: (ref: unknown) => string | undefined;
  /** A game variable is given a value that reads nothing of the state. */
  readonly writeGame: (f: F, name: string) => F;
  /** The faces of a zone's pieces are given new values (rolled) that read nothing of the state. */
  readonly writeFaces: (f: F, zone: string) => F;
  /** Pieces (with their faces) go from the zone `from` names into `to` (every zone when it is unknown). */
  readonly flowInto: (f: F, from: unknown, to: string | undefined) => F;
  /** A list of effects run in turn. */
  readonly effects: (list: readonly Effect[] | undefined, f: F) => F;
  /** A body run any number of times. */
  readonly loop: (body: readonly Effect[], f: F) => F;
  /** Either of two ways, not known which. */
  readonly either: (a: F, b: F) => F;
  /** The effects of a procedure (an unknown procedure, or one called from itself, is not understood). */
  readonly call: (procedure: string, f: F) => F;
  /** The turn or the game ends: what follows in the step reads nothing of this turn. */
  readonly end: (f: F) => F;
}

interface KindBase<K extends EffectKey> {
  /** The effect in the liveness analysis; a kind or form it does not understand throws (everything is then live). */
  readonly flow: <F>(effect: EffectOf<K>, f: F, walk: FlowWalk<F>) => F;
}

/** An effect that does something when it runs. */
export interface RunKind<K extends EffectKey> extends KindBase<K> {
  readonly compile: (effect: EffectOf<K>, site: EffectSite) => EffectRun;
}

/** An effect that names values for the effects after it in its list (`let`). */
export interface BindKind<K extends EffectKey> extends KindBase<K> {
  readonly bind: (effect: EffectOf<K>, site: EffectSite) => Binding;
}

export type EffectKind<K extends EffectKey> = RunKind<K> | BindKind<K>;

export const NOTHING: EffectRun = () => undefined;

/**
 * Whether a value of this type can be one of a draft's own tables or lists, or hold one: a record
 * (a variable table, a piece) or a list of such. Only those are `release`d when a name or a
 * variable is given them; a number, a text or a list of them never is a table, and releasing for
 * it made the rest of the move copy every table again (a dice game that sets a list of faces per
 * roll).
 */
export const mayHoldTables = (t: Type): boolean =>
  t.kind === 'list' ? mayHoldTables(t.element) : t.kind !== 'number' && t.kind !== 'bool' && t.kind !== 'string' && t.kind !== 'never';
