/**
 * `analyze`: the exact expected value of one seat's turn under best play, and the policy that
 * reaches it, computed from the spec alone (see search.ts). It refuses what it cannot answer
 * exactly: hidden information, chance other than dice, an objective that is not a number.
 */
import { Meter, compileExpr, NUMBER } from '../lang/index.ts';
import { envOf } from '../runtime/env.ts';
import type { CompiledGame } from '../compile/index.ts';
import { isOver, newGame, type GameState } from '../engine/index.ts';
import { dieFaces, type DieFaces } from './outcomes.ts';
import { search, SearchStop, type DecisionNode, type SearchLimits } from './search.ts';
import { policyOf, type PolicyEntry, type PolicyTableData } from './policy.ts';
import { DEFAULT_MIN_REACH } from './table.ts';
import { stateKeyOf } from './stateKey.ts';
import { analyzeLiveness } from './liveness.ts';

export type { PolicyEntry } from './policy.ts';

export type Until = 'turn';
export const UNTIL: readonly Until[] = ['turn'];

export interface AnalyzeOptions {
  /** An expression of the spec's language giving a number; `seat` is the analysed seat. */
  readonly objective: string;
  readonly until?: Until;
  readonly seed?: number | string;
  readonly players?: number;
  /** A branch reached with a smaller probability is cut. */
  readonly epsilon?: number;
  readonly maxStates?: number;
  readonly maxSteps?: number;
  /** Sweeps of value iteration over the explored graph (a turn with cycles needs several). */
  readonly maxSweeps?: number;
  /** Policy rows for states reached with at least this probability under best play. */
  readonly minReach?: number;
  /** Analyse from this state instead of the start of a new game. */
  readonly from?: GameState;
}

export interface Analysis {
  readonly objective: string;
  /** The seat whose turn is analysed (0-based; people read it as Player seat + 1). */
  readonly seat: number;
  readonly expected: number;
  /**
   * |expected - exact| is at most this, if the exact value of each cut branch lies between the
   * smallest and the largest objective values seen (the lower and upper bounds carried through the
   * search, see Bound).
   */
  readonly errorBound: number;
  /** The probability of reaching a cut branch, under the worst choices. */
  readonly cutProbability: number;
  readonly epsilon: number;
  /** Decision states valued. */
  readonly states: number;
  /** Moves applied, probes included. */
  readonly steps: number;
  /** Sweeps of value iteration: 2 where the turn never comes back to a state, more where it does. */
  readonly sweeps: number;
  /** The features the best move depends on, as the policy's columns. */
  readonly columns: readonly string[];
  /** The columns as players read them: the display's labels (docs/LANGUAGE.md "Display"), else the keys. */
  readonly labels: readonly string[];
  readonly policy: readonly PolicyEntry[];
}

export type AnalyzeResult = { readonly ok: true; readonly analysis: Analysis } | { readonly ok: false; readonly error: string };

export { DEFAULT_MIN_REACH };

export const DEFAULT_LIMITS: SearchLimits = {
  epsilon: 1e-11,
  maxStates: 500_000,
  maxSteps: 20_000_000,
  maxOutcomes: 100_000,
  maxSweeps: 10_000,
};

const hiddenZones = (game: CompiledGame): string[] =>
  Object.entries(game.zones)
    .filter(([, z]) => (z.visibility ?? 'public') !== 'public')
    .map(([name, z]) => `'${name}' (${z.visibility})`);

const diceOf = (game: CompiledGame): Map<string, DieFaces> =>
  new Map(
    Object.entries(game.spec.components?.dice ?? {})
      .filter(([, d]) => Array.isArray(d.faces))
      .map(([kind, d]) => [kind, dieFaces(d.faces as (number | string)[])]),
  );

const policyColumns = (table: PolicyTableData): Pick<Analysis, 'columns' | 'labels' | 'policy'> => ({
  columns: table.columns,
  labels: table.labels,
  policy: table.rows,
});

const refuse = (error: string): AnalyzeResult => ({ ok: false, error });

export const analyze = (game: CompiledGame, options: AnalyzeOptions): AnalyzeResult => {
  const hidden = hiddenZones(game);
  if (hidden.length > 0) {
    return refuse(
      `${game.title} has hidden information (zones ${hidden.join(', ')}): an exact analysis would decide with knowledge a player does not have`,
    );
  }
  const until = options.until ?? 'turn';
  if (!UNTIL.includes(until)) return refuse(`--until must be one of ${UNTIL.join(', ')}, not '${String(until)}'`);
  const epsilon = options.epsilon ?? DEFAULT_LIMITS.epsilon;
  if (!(epsilon > 0 && epsilon < 1)) return refuse(`epsilon must be between 0 and 1, not ${epsilon}`);
  const compiled = compileExpr(options.objective, { ...game.globals, seat: NUMBER }, game.library, NUMBER);
  if (!compiled.ok) return refuse(compiled.errors.map((e) => `objective:1:${e.start + 1}: ${e.message}`).join('\n'));

  let start = options.from;
  if (!start) {
    const made = newGame(game, { seed: options.seed ?? 1, ...(options.players !== undefined ? { players: options.players } : {}) });
    if (!made.ok) return refuse(made.error);
    start = made.state;
  }
  const seat = start.context.active;
  const turn = start.context.turn;
  const objective = (state: GameState): number => {
    let v: unknown;
    try {
      v = compiled.run(envOf(state.context, { seat }), new Meter());
    } catch (error) {
      throw new SearchStop(`the objective fails: ${(error as Error).message}`);
    }
    if (typeof v !== 'number' || !Number.isFinite(v)) throw new SearchStop(`the objective gives ${String(v)}, not a finite number`);
    return v;
  };
  const isLeaf = (state: GameState): boolean => isOver(state) || state.context.turn !== turn || state.context.active !== seat;
  const limits: SearchLimits = {
    ...DEFAULT_LIMITS,
    epsilon,
    ...(options.maxStates !== undefined ? { maxStates: options.maxStates } : {}),
    ...(options.maxSteps !== undefined ? { maxSteps: options.maxSteps } : {}),
    ...(options.maxSweeps !== undefined ? { maxSweeps: options.maxSweeps } : {}),
  };
  try {
    const result = search(
      { game, seat, dice: diceOf(game), keyOf: stateKeyOf(game, analyzeLiveness(game.spec, options.objective)), objective, isLeaf, limits },
      start,
    );
    // Without cuts or cycles the one sweep that matters is exact; with them the bounds say how close.
    const errorBound = result.cuts > 0 || result.cycles > 0 ? Math.max(0, result.value - result.lower, result.upper - result.value) : 0;
    return {
      ok: true,
      analysis: {
        objective: options.objective,
        seat,
        expected: result.value,
        errorBound,
        cutProbability: result.miss,
        epsilon,
        states: result.nodes.length,
        steps: result.steps,
        sweeps: result.sweeps,
        ...policyColumns(
          policyOf(result.nodes as DecisionNode[], result.root, options.minReach ?? DEFAULT_MIN_REACH, result.names, limits.maxSweeps),
        ),
      },
    };
  } catch (error) {
    if (error instanceof SearchStop) return refuse(error.message);
    throw error;
  }
};
