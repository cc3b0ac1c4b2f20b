/**
 * Monte Carlo tree search (UCT), open loop: the tree's edges are moves (by identity), and each
 * iteration plays them again from the root on a new determinisation, so chance (dice, shuffles)
 * is sampled afresh every time and never read from the real state's PRNG.
 *
 * - `mcts` reseeds the PRNG only: it sees every piece, which is right for perfect information.
 * - `ismcts` is single-observer information-set MCTS: each iteration starts from a state dealt
 *   again from the bot's own view (see determinize.ts); an edge's UCB counts the iterations in
 *   which its move was available, not the parent's visits.
 *
 * Playouts go on to the end of the game, or `rolloutMoves` moves, or `rolloutTurns` turns, and the
 * evaluation judges (by default a plain search with an evaluation, at a table of two or more seats,
 * stops each at the end of its turn: spend.ts, rolloutTurnsOf). They learn as the search goes (learning.ts): by the moves'
 * averages (MAST), taking a move that wins at once and avoiding one that loses at once, each switchable. Rewards are per seat (see rewards.ts: 1 for each winner, so teams and
 * cooperative players share them; a game nobody won is judged by the evaluation, below any win);
 * an edge is judged from the point of view of the seat that makes its move. Values are normalised
 * to the range the tree has seen (as MuZero does), so a small evaluation scale still steers the
 * search. The most visited root move is played. `mcts:NAME` takes the evaluation of the spec
 * strategy NAME, weighs only the moves it considers (consider.ts), in the tree as in the
 * playouts, grows each node first by its preferred move and plays out games with its preferences.
 *
 * A search may start from the tree an earlier one left under its chosen move (see `mctsBot`).
 */
import type { CompiledBot, CompiledGame } from '../compile/index.ts';
import { Rng, seedRng } from '../runtime/rng.ts';
import { applyLegal, isOver, legalMovesWithEvents, type GameState, type LegalMove, type MinimalArgs } from '../engine/index.ts';
import { determinizer, reseed, seesEverything } from './determinize.ts';
import { legalKey } from './keys.ts';
import { consideredOnly, minimalOnly, weighsOf } from './consider.ts';
import { frugalLists } from './frugal.ts';
import { SpecLimitError } from '../errors.ts';
import { preferred, weighsAll } from './prefer.ts';
import { rewards, type Evaluation } from './rewards.ts';
import type { Bot, BotOptions, SearchStats } from './types.ts';
import { treeMemory } from './treeMemory.ts';
import { extendedOf } from './lean.ts';
import { randomChoice } from './random.ts';
import {
  clearlyBetter,
  DEFAULT_TECHNIQUES,
  learnedKey,
  MAST_EPSILON,
  MoveAverages,
  WIDENING_C,
  type Estimate,
  type Learned,
} from './learning.ts';
import { iterationLimit, rolloutTurnsOf } from './spend.ts';
import { START, stepOptions, steppedOf, type Cursor, type Stepped, type StepOption } from './stepwise.ts';

interface Edge {
  readonly seat: number;
  visits: number;
  available: number;
  total: number;
  readonly child: TreeNode;
}

export interface TreeNode {
  readonly edges: Map<string, Edge>;
  /** The iterations that passed through the node (for progressive widening). */
  visits: number;
  /**
   * With `stepwise`, at a position: the result of each move (by key) as played there, whether the
   * tree chose it whole or completed a step of it.
   */
  played?: Map<string, { visits: number; total: number }>;
}

/** A tree and the range of values it has seen, to go on searching from. */
export interface SearchTree {
  readonly root: TreeNode;
  readonly lo: number;
  readonly hi: number;
}

export interface MctsConfig {
  readonly evaluation: Evaluation;
  /** A spec strategy whose preferences play out the games (heavy playouts); random without. */
  readonly policy?: CompiledBot;
  readonly hidden: boolean;
  readonly options: BotOptions;
}

/**
 * The legal moves, or none when listing them fails: a determinised state may hold a piece where
 * the real game never puts one, and the spec's expressions may not expect it.
 */
const legalOrNone = (game: CompiledGame, state: GameState, minimal?: MinimalArgs): readonly LegalMove[] => {
  try {
    return legalMovesWithEvents(game, state, undefined, undefined, minimal);
  } catch {
    return [];
  }
};

/**
 * How a search lists a position's moves: the lists the engine may list only the minimal choices
 * of (the strategy's `minimal`, and with `frugal` the lists the rules only spend), and the
 * lists whose other choices are then left out wherever the engine listed them (frugal.ts).
 */
interface Listed {
  readonly minimal?: MinimalArgs;
  readonly frugal?: MinimalArgs;
}

/** `legalOrNone` as the search lists moves, without the choices `frugal` leaves out. */
const listedOrNone = (game: CompiledGame, state: GameState, listed: Listed): readonly LegalMove[] => {
  const moves = legalOrNone(game, state, listed.minimal);
  return listed.frugal ? minimalOnly(listed.frugal, moves) : moves;
};

/** What `policy` and the frugal lists (none without `frugal`) make of the search's listing. */
const listedFor = (policy: CompiledBot | undefined, frugal: MinimalArgs | undefined): Listed => {
  if (!frugal || frugal.size === 0) return policy ? { minimal: policy.minimal } : {};
  const minimal = new Map(frugal);
  for (const [move, lists] of policy?.minimal ?? []) minimal.set(move, [...new Set([...(minimal.get(move) ?? []), ...lists])]);
  return { minimal, frugal };
};

/**
 * Of the moves listed in `state` (sparing the choices the strategy never weighs), those the search
 * weighs: with a strategy, those it considers (consider.ts), or all of them when it would weigh
 * none or its conditions cannot be read in this determinisation, as with `legalOrNone`; a
 * condition past its limit still stops the search with its message.
 */
const weighedOf = (
  game: CompiledGame,
  policy: CompiledBot | undefined,
  state: GameState,
  spared: readonly LegalMove[],
  frugal: MinimalArgs | undefined,
  only?: (m: LegalMove) => boolean,
): readonly LegalMove[] => {
  if (!policy || policy.consider.length === 0) return keptBy(spared, only);
  try {
    const kept = consideredOnly(policy, state, keptBy(spared, only));
    if (kept.length > 0) return kept;
  } catch (error) {
    if (error instanceof SpecLimitError) throw error;
  }
  return keptBy(policy.minimal.size > 0 ? listedOrNone(game, state, listedFor(undefined, frugal)) : spared, only);
};

/**
 * The moves `only` keeps, or all. A function of the module, as are the search's helpers below,
 * not closures made for each call (docs/ARCHITECTURE.md: hot code makes no closure bound to a name).
 */
const keptBy = (moves: readonly LegalMove[], only: ((m: LegalMove) => boolean) | undefined): readonly LegalMove[] =>
  only ? moves.filter(only) : moves;

/** The moves the search weighs in `state` (of those `only` keeps), listed as `listed` says, as `weighedOf` gives. */
const weighed = (
  game: CompiledGame,
  policy: CompiledBot | undefined,
  state: GameState,
  listed: Listed,
  only?: (m: LegalMove) => boolean,
): readonly LegalMove[] => weighedOf(game, policy, state, listedOrNone(game, state, listed), listed.frugal, only);

/**
 * The strategy's move in a playout when one seat may act: its preferences over the moves it
 * weighs, judging a consideration only where a preference needs it (see prefer.ts). Undefined
 * when no preference applies to a weighed move, or one cannot be read in this determinisation.
 */
const preferredWhenOneSeat = (
  policy: CompiledBot,
  state: GameState,
  spared: readonly LegalMove[],
  rng: Rng,
  weighs: (m: LegalMove) => boolean = weighsOf(policy, state, spared),
): LegalMove | undefined => {
  const seat = spared[0]?.seat;
  if (!spared.every((m) => m.seat === seat)) return undefined;
  try {
    return preferred(policy, state, spared, rng, weighs);
  } catch (error) {
    if (error instanceof SpecLimitError) throw error;
    return undefined;
  }
};

/** What a playout learns with and gives back to learn from (see learning.ts). */
export interface PlayoutLearning {
  /** The search's move averages: the playout plays by them (MAST); absent, at random. */
  readonly mast?: MoveAverages;
  /** Play a move that wins at once (every move is tried). */
  readonly decisive: boolean;
  /** Avoid a move that loses at once (the others are tried only when the chosen one loses). */
  readonly antidecisive: boolean;
  /** With `frugal`, the lists the rules only spend (frugal.ts): only their minimal choices are made. */
  readonly frugal?: MinimalArgs;
}

/** A move a playout or the tree made, for the move averages: as they learn it, and the seat that made it. */
interface Made {
  readonly learned: Learned;
  readonly seat: number;
}

/**
 * Of `moves` (of those at `among`, when given), the one of best average, by its index (a move
 * never made counts as best), ties broken at random; at random with MAST_EPSILON. With `lean`
 * (lean.ts), a move never made counts as best only when it is lean among all of `moves`; one that
 * extends moves by a list item counts as the best of their averages, just below them, and as
 * below every move made when none of them was made; the random move is picked as the random bot
 * picks one (a list item by item), not uniformly among the hundreds a list allows. So a search
 * tries the lean moves first, then adds an item to those that did well.
 */
const byAverage = (moves: readonly LegalMove[], mast: MoveAverages, rng: Rng, among?: readonly number[]): number => {
  const open = among ?? moves.map((_, i) => i);
  if (open.length === 1 || rng.float() < MAST_EPSILON) {
    if (!mast.lean || open.length === 1) return open[rng.below(open.length)] as number;
    const from = open.map((i) => moves[i] as LegalMove);
    return open[from.indexOf(randomChoice(from, rng))] as number;
  }
  // Under `lean` a move's estimate may be read again for the moves that extend it: kept, not read twice.
  const estimates: Estimates | undefined = mast.lean ? new Array(moves.length).fill(null) : undefined;
  let extended: readonly (readonly number[])[] | undefined;
  let best = Number.NEGATIVE_INFINITY;
  let bestJudged = false;
  let ties = 0;
  let pick = open[0] as number;
  for (const i of open) {
    const own = estimateOf(moves, mast, estimates, i);
    const v =
      own ??
      (mast.lean ? inheritedEstimate(moves, mast, estimates as Estimates, (extended ??= extendedOf(moves)), i) : Number.POSITIVE_INFINITY);
    // A move with an estimate of its own ranks above one judged by the moves it extends.
    const judged = own !== undefined;
    if (v > best || (v === best && judged && !bestJudged)) {
      best = v;
      bestJudged = judged;
      pick = i;
      ties = 1;
    } else if (v === best && judged === bestJudged && rng.below(++ties) === 0) pick = i;
  }
  return pick;
};

/** The estimates of `byAverage`'s moves read so far under `lean`, by index: null not read yet, undefined never made. */
type Estimates = (number | undefined | null)[];

/** Move `i`'s own estimate, kept in `estimates` when given. */
const estimateOf = (moves: readonly LegalMove[], mast: MoveAverages, estimates: Estimates | undefined, i: number): number | undefined => {
  if (!estimates) return mast.estimate(moves[i] as LegalMove);
  const kept = estimates[i];
  if (kept !== null) return kept;
  const v = mast.estimate(moves[i] as LegalMove);
  estimates[i] = v;
  return v;
};

/** Under `lean`, the best estimate of the moves that move `i` extends (`extended`), or +infinity when it extends none. */
const inheritedEstimate = (
  moves: readonly LegalMove[],
  mast: MoveAverages,
  estimates: Estimates,
  extended: readonly (readonly number[])[],
  i: number,
): number => {
  const from = extended[i] ?? [];
  if (from.length === 0) return Number.POSITIVE_INFINITY;
  return Math.max(...from.map((j) => estimateOf(moves, mast, estimates, j) ?? Number.NEGATIVE_INFINITY));
};

/** How a finished move turned out for the seat that made it: 1 it won the game, -1 it lost it, 0 the game goes on (or ended with it among the winners of a shared win, counted as a win). */
const outcomeFor = (state: GameState, seat: number): -1 | 0 | 1 => {
  if (!isOver(state)) return 0;
  return state.context.result?.winners.includes(seat) ? 1 : -1;
};

/**
 * Decisive and anti-decisive moves one step deep: `made` (the move chosen, applied) stands
 * unless, with `decisive`, another of `moves` wins for its seat at once or, with `antidecisive`,
 * `made` loses at once and another does not. The others are tried in random order; an error in
 * one is no reason to take it.
 */
const decisiveOf = (
  game: CompiledGame,
  state: GameState,
  moves: readonly LegalMove[],
  made: { readonly pick: LegalMove; readonly next: GameState },
  learning: PlayoutLearning,
  rng: Rng,
): { readonly pick: LegalMove; readonly next: GameState } => {
  const seat = made.pick.seat;
  const first = outcomeFor(made.next, seat);
  if (first === 1 || moves.length === 1 || (first === 0 && !learning.decisive) || (first === -1 && !learning.antidecisive)) return made;
  let fallback: { pick: LegalMove; next: GameState } | undefined;
  const order = moves.filter((m) => m !== made.pick);
  for (let left = order.length; left > 0; left--) {
    const j = rng.below(left);
    const m = order[j] as LegalMove;
    order[j] = order[left - 1] as LegalMove;
    const next = applyLegal(game, state, m);
    if (!next.ok) continue;
    const outcome = outcomeFor(next.state, seat);
    if (outcome === 1) return { pick: m, next: next.state };
    if (first === -1 && outcome === 0 && !fallback) fallback = { pick: m, next: next.state };
  }
  return fallback ?? made;
};

/**
 * A playout from `state`: a random seat among those that may act, then a move of the policy's
 * preferences when one applies (a spec strategy), else by the move averages (MAST) or at random;
 * with `decisive`, a move that wins at once is played and one that loses at once avoided. Gives
 * the state it ended in, the number of moves it made and, with MAST, the moves themselves.
 */
export const playout = (
  game: CompiledGame,
  state: GameState,
  rng: Rng,
  maxMoves: number,
  maxTurns: number,
  policy?: CompiledBot,
  learning: PlayoutLearning = { decisive: false, antidecisive: false },
): { state: GameState; moves: number; made: readonly Made[] } => {
  let s = state;
  const turn0 = s.context.turn;
  const made: Made[] = [];
  let n = 0;
  const listed = listedFor(policy, learning.frugal);
  for (; n < maxMoves && !isOver(s) && s.context.turn - turn0 < maxTurns; n++) {
    const spared = listedOrNone(game, s, listed);
    const strategy = policy && preferredWhenOneSeat(policy, s, spared, rng);
    const mine = strategy ? spared.filter((m) => m.seat === strategy.seat) : oneSeatOf(game, policy, s, spared, learning.frugal, rng);
    if (mine.length === 0) break;
    const pick =
      policy && strategy ? overruled(policy, s, strategy, mine, learning.mast) : preferredOrLearned(policy, s, mine, learning.mast, rng);
    const next = applyLegal(game, s, pick);
    if (!next.ok) break;
    const step =
      learning.decisive || learning.antidecisive
        ? decisiveOf(game, s, mine, { pick, next: next.state }, learning, rng)
        : { pick, next: next.state };
    if (learning.mast) made.push({ learned: learning.mast.learned(step.pick), seat: step.pick.seat });
    s = step.next;
  }
  return { state: s, moves: n, made };
};

/**
 * The strategy's choice, unless the move averages say another move it weighs is clearly better
 * (learning.ts `clearlyBetter`): a prior, not a rule. Its considerations are judged only when a move beats its choice.
 */
const overruled = (
  policy: CompiledBot,
  state: GameState,
  chosen: LegalMove,
  mine: readonly LegalMove[],
  mast: MoveAverages | undefined,
): LegalMove => {
  const own = mast?.trusted(learnedKey(chosen));
  if (!mast || own === undefined) return chosen;
  const better = mine
    .map((m) => ({ m, v: mast.trusted(learnedKey(m)) }))
    .filter((c): c is { m: LegalMove; v: Estimate } => c.v !== undefined && clearlyBetter(c.v, own))
    .sort((a, b) => b.v.mean - a.v.mean);
  if (better.length === 0) return chosen;
  try {
    const weighs = policy.consider.length === 0 ? weighsAll : weighsOf(policy, state, mine);
    return better.find((c) => weighs(c.m))?.m ?? chosen;
  } catch (error) {
    if (error instanceof SpecLimitError) throw error;
    return chosen;
  }
};

/** The moves the search weighs of one seat: of a random one when several may act. */
const oneSeatOf = (
  game: CompiledGame,
  policy: CompiledBot | undefined,
  state: GameState,
  spared: readonly LegalMove[],
  frugal: MinimalArgs | undefined,
  rng: Rng,
): readonly LegalMove[] => {
  const moves = weighedOf(game, policy, state, spared, frugal);
  const first = moves[0]?.seat;
  if (moves.every((m) => m.seat === first)) return moves;
  const seats = [...new Set(moves.map((m) => m.seat))];
  const seat = seats[rng.below(seats.length)];
  return moves.filter((m) => m.seat === seat);
};

/** The strategy's preferred move among `mine` when it names one, else by the move averages, else at random. */
const preferredOrLearned = (
  policy: CompiledBot | undefined,
  state: GameState,
  mine: readonly LegalMove[],
  mast: MoveAverages | undefined,
  rng: Rng,
): LegalMove => {
  if (!policy) return learnedOrRandom(mine, mast, rng);
  try {
    return preferred(policy, state, mine, rng) ?? learnedOrRandom(mine, mast, rng);
  } catch {
    // A preference that cannot be read in this determinisation: the learned or random move stands.
    return learnedOrRandom(mine, mast, rng);
  }
};

/** By the move averages, else at random. */
const learnedOrRandom = (mine: readonly LegalMove[], mast: MoveAverages | undefined, rng: Rng): LegalMove =>
  mine[mast ? byAverage(mine, mast, rng) : rng.below(mine.length)] as LegalMove;

/**
 * The untried move a node grows first: the policy's preferred one among them when it names one,
 * else, with `mast` (under progressive widening), as a playout would pick it (`byAverage`: one
 * never made first, else the one of best average), else one at random. A new leaf's value is then the policy's own line from the node, not a
 * random move's followed by the policy's (progressive bias, Chaslot et al. 2008): a node the
 * search has seen only a few times is judged by what a good player would do there.
 */
const expansion = (
  policy: CompiledBot | undefined,
  state: GameState,
  here: readonly LegalMove[],
  fresh: readonly number[],
  rng: Rng,
  mast?: MoveAverages,
): number => {
  if (policy && fresh.length > 1) {
    // The node's moves are those the search weighs already: no consideration to judge again.
    const pick = preferredWhenOneSeat(
      policy,
      state,
      fresh.map((j) => here[j] as LegalMove),
      rng,
      weighsAll,
    );
    const at = pick ? here.indexOf(pick) : -1;
    if (at >= 0) return at;
  }
  if (mast && fresh.length > 1) {
    return byAverage(here, mast, rng, fresh);
  }
  return fresh[rng.below(fresh.length)] as number;
};

/** A step the tree has taken from a position: the way it went and its edge. */
interface Taken {
  readonly o: StepOption;
  readonly e: Edge;
}

/**
 * With `stepwise`, a walk down the root's steps, taking at each level the way `pick` names among
 * those with an edge: the moves left open where it stops, and the edge that completed a move when
 * it got that far.
 */
const descend = (
  root: TreeNode,
  steps: readonly Stepped[],
  pick: (taken: readonly Taken[]) => Taken | undefined,
): { open: readonly number[]; edge?: Edge } => {
  let node = root;
  let open: readonly number[] = steps.map((_, i) => i);
  let at: Cursor = START;
  for (;;) {
    const taken = stepOptions(steps, open, at).flatMap((o) => {
      const e = node.edges.get(o.key);
      return e ? [{ o, e }] : [];
    });
    const way = pick(taken);
    if (!way) return { open };
    if (way.o.final) return { open: way.o.moves, edge: way.e };
    node = way.e.child;
    open = way.o.moves;
    at = way.o.next;
  }
};

/** The most visited way (ties by the better mean). */
const mostVisited = (taken: readonly Taken[]): Taken | undefined =>
  taken.reduce<Taken | undefined>(
    (best, t) =>
      !best || t.e.visits > best.e.visits || (t.e.visits === best.e.visits && t.e.total / t.e.visits > best.e.total / best.e.visits)
        ? t
        : best,
    undefined,
  );

/** A choice of one decision in the tree: a whole move, or a step of one (its key is read apart, see `Listing`). */
type Choice = Omit<StepOption, 'key'>;

/** Each move a decision of its own (the tree without `stepwise`). */
const wholeMoves = (here: readonly LegalMove[]): Choice[] => here.map((_, i) => ({ moves: [i], next: START, final: true }));

/**
 * A position's moves, with their steps (with `stepwise`), the choices of its first decision and
 * the key of each. A whole move's key is written when first read: a node not yet grown reads only
 * the key of the move it grows, where writing every key of a position with thousands of moves
 * cost more than the rest of the search.
 */
interface Listing {
  readonly here: readonly LegalMove[];
  readonly steps?: readonly Stepped[];
  readonly first: readonly Choice[];
  readonly keyAt: (j: number) => string;
}

const listingOf = (here: readonly LegalMove[], stepwise: boolean): Listing => {
  if (!stepwise) {
    return { here, first: wholeMoves(here), keyAt: wholeKeys(here) };
  }
  const steps = steppedOf(here);
  const first = stepOptions(
    steps,
    here.map((_, i) => i),
    START,
  );
  return { here, steps, first, keyAt: keysOf(first) };
};

/** The key of each of `here`'s moves, made when first asked for. */
const wholeKeys = (here: readonly LegalMove[]): ((j: number) => string) => {
  const keys: string[] = [];
  return (j) => (keys[j] ??= legalKey(here[j] as LegalMove));
};

/** The key of each of a decision's steps. */
const keysOf =
  (options: readonly StepOption[]) =>
  (j: number): string =>
    (options[j] as StepOption).key;

export const search = (
  game: CompiledGame,
  state: GameState,
  seat: number,
  moves: readonly LegalMove[],
  rng: Rng,
  config: MctsConfig,
  start?: SearchTree,
): { move: LegalMove; stats: SearchStats; tree: SearchTree | undefined } => {
  const { options, evaluation } = config;
  const iterations = iterationLimit(options);
  const c = options.exploration ?? 0.7;
  const rolloutMoves = options.rolloutMoves ?? 200;
  const rolloutTurns = rolloutTurnsOf(options, {
    evaluated: evaluation !== undefined,
    guided: config.policy !== undefined,
    seats: state.context.numPlayers,
  });
  const now = options.now ?? (() => performance.now());
  const began = now();
  const deadline = options.timeMs !== undefined ? began + options.timeMs : Number.POSITIVE_INFINITY;
  const hidden = config.hidden && !seesEverything(game, state, seat);
  const search = new Rng(seedRng(`search:${rng.below(4294967296)}:${rng.below(4294967296)}`));
  const rootKeys = new Set(moves.map(legalKey));
  const atRoot = (m: LegalMove): boolean => rootKeys.has(legalKey(m));
  const root: TreeNode = start?.root ?? { edges: new Map(), visits: 0 };
  let lo = start?.lo ?? Number.POSITIVE_INFINITY;
  let hi = start?.hi ?? Number.NEGATIVE_INFINITY;
  const norm = (q: number): number => (hi > lo ? (q - lo) / (hi - lo) : 0.5);
  const techniques = options.learning ?? DEFAULT_TECHNIQUES;
  const mast = techniques.includes('mast') ? new MoveAverages(techniques.includes('features'), techniques.includes('lean')) : undefined;
  const learning: PlayoutLearning = {
    ...(mast ? { mast } : {}),
    decisive: techniques.includes('decisive'),
    antidecisive: techniques.includes('antidecisive'),
    ...(techniques.includes('frugal') ? { frugal: frugalLists(game) } : {}),
  };
  const listed = listedFor(config.policy, learning.frugal);
  const widening = techniques.includes('widening');
  const stepwise = techniques.includes('stepwise');
  const reused = [...(stepwise ? (root.played?.values() ?? []) : root.edges.values())].reduce((n, e) => n + e.visits, 0);

  /**
   * One decision in the tree at `node` among `options` (whole moves, or steps of them): grow an
   * edge for an option not tried yet (as progressive widening allows), else the best by UCB.
   * `move` is the move (index into `here`) the decision plays: a grown option's is the move
   * `expansion` picks among the options not tried, so a grown step is completed as that move.
   */
  const decide = (
    node: TreeNode,
    options: readonly Choice[],
    keyAt: (j: number) => string,
    s: GameState,
    here: readonly LegalMove[],
  ): { edge: Edge; option: number; move: number; grew: boolean } => {
    const fresh: number[] = [];
    // Each option's edge, where it has one (a node with none reads no key).
    const had: (Edge | undefined)[] = [];
    for (let j = 0; j < options.length; j++) {
      const e = node.edges.size === 0 ? undefined : node.edges.get(keyAt(j));
      had.push(e);
      if (e) e.available++;
      else fresh.push(j);
    }
    node.visits++;
    const grown = options.length - fresh.length;
    if (fresh.length > 0 && (!widening || grown === 0 || grown < Math.ceil(WIDENING_C * Math.sqrt(node.visits)))) {
      const move = expansion(
        config.policy,
        s,
        here,
        fresh.flatMap((j) => (options[j] as Choice).moves),
        search,
        widening || stepwise ? mast : undefined,
      );
      const option = fresh.find((j) => (options[j] as Choice).moves.includes(move)) as number;
      const edge: Edge = {
        seat: (here[move] as LegalMove).seat,
        visits: 0,
        available: 1,
        total: 0,
        child: { edges: new Map(), visits: 0 },
      };
      node.edges.set(keyAt(option), edge);
      return { edge, option, move, grew: true };
    }
    let option = 0;
    let best = Number.NEGATIVE_INFINITY;
    had.forEach((e, j) => {
      if (!e) return;
      const u = norm(e.total / e.visits) + c * Math.sqrt(Math.log(e.available) / e.visits);
      if (u > best) {
        best = u;
        option = j;
      }
    });
    return { edge: had[option] as Edge, option, move: (options[option] as Choice).moves[0] as number, grew: false };
  };

  // With nothing hidden, every iteration starts from the real position with only its PRNG
  // reseeded: a position the tree reaches with no chance drawn on the way is the same position at
  // every visit, so its moves are listed (and keyed) once in this search. Kept here, not in the
  // tree, since a tree carried over starts from a position the real game may have reached by chance.
  const listings = new Map<TreeNode, Listing>();
  const dealt = hidden ? determinizer(game, state, seat) : undefined;

  const listingAt = (node: TreeNode, s: GameState, sure: boolean): Listing => {
    const known = sure ? listings.get(node) : undefined;
    if (known) return known;
    const listing = listingOf(weighed(game, config.policy, s, listed, node === root ? atRoot : undefined), stepwise);
    if (sure) listings.set(node, listing);
    return listing;
  };

  let done = 0;
  for (; done < iterations; done++) {
    if (done > 0 && options.timeMs !== undefined && now() >= deadline) break;
    let s = dealt ? dealt(search) : reseed(state, search);
    const undrawn = hidden ? undefined : s.context.rng;
    const path: Edge[] = [];
    // With `stepwise`, each position of the path and the move played there.
    const playedAt: { node: TreeNode; move: LegalMove }[] = [];
    // Moves made in the tree (with `stepwise`, a move is several edges of `path`).
    let madeInTree = 0;
    const inTree: Made[] = [];
    let node = root;
    let stuck = false;
    for (;;) {
      if (isOver(s)) break;
      const { here, steps, first, keyAt } = listingAt(node, s, s.context.rng === undrawn);
      if (here.length === 0) break;
      let open = first;
      let openKeyAt = keyAt;
      let level = node;
      let decided: { edge: Edge; move: number; grew: boolean };
      for (;;) {
        const d = decide(level, open, openKeyAt, s, here);
        path.push(d.edge);
        const option = open[d.option] as Choice;
        if (d.grew || option.final) {
          decided = { edge: d.edge, move: d.move, grew: d.grew };
          break;
        }
        level = d.edge.child;
        const deeper = stepOptions(steps ?? [], option.moves, option.next);
        open = deeper;
        openKeyAt = keysOf(deeper);
      }
      const move = here[decided.move] as LegalMove;
      const next = applyLegal(game, s, move);
      madeInTree++;
      if (mast) inTree.push({ learned: mast.learned(move), seat: decided.edge.seat });
      if (stepwise) playedAt.push({ node, move });
      if (!next.ok) {
        stuck = true;
        break;
      }
      s = next.state;
      node = decided.edge.child;
      if (decided.grew) break;
    }
    const end = stuck ? null : playout(game, s, search, rolloutMoves, rolloutTurns, config.policy, learning);
    const r = end ? rewards(end.state, evaluation, madeInTree + end.moves) : [];
    // An iteration stopped by an error in the tree has no result to learn from.
    if (mast && end) for (const m of [...inTree, ...end.made]) mast.addLearned(m.learned, r[m.seat] ?? 0);
    if (end) {
      for (const { node: at, move } of playedAt) {
        const played = at.played ?? new Map();
        at.played = played;
        const key = legalKey(move);
        const entry = played.get(key) ?? { visits: 0, total: 0 };
        entry.visits++;
        entry.total += r[move.move.seat] ?? 0;
        played.set(key, entry);
      }
    }
    for (const e of path) {
      e.visits++;
      e.total += r[e.seat] ?? 0;
      const q = e.total / e.visits;
      if (q < lo) lo = q;
      if (q > hi) hi = q;
    }
  }

  const stepped = stepwise && moves.length > 0 ? steppedOf(moves) : undefined;
  const statsOf = (m: LegalMove): { visits: number; mean: number } => {
    const e = stepwise ? root.played?.get(legalKey(m)) : root.edges.get(legalKey(m));
    return { visits: e?.visits ?? 0, mean: e && e.visits > 0 ? e.total / e.visits : 0 };
  };
  const stats = moves.map((m) => ({ key: legalKey(m), ...statsOf(m) }));
  // Whole moves: the most visited. Steps: of the moves the most visited steps lead to, the best as played.
  const candidates = stepped ? descend(root, stepped, mostVisited).open.map((i) => moves[i] as LegalMove) : moves;
  let chosen = candidates[0] as LegalMove;
  let best = { visits: -1, mean: Number.NEGATIVE_INFINITY };
  for (const m of candidates) {
    const { visits, mean } = statsOf(m);
    const better = stepwise
      ? mean > best.mean || (mean === best.mean && visits > best.visits)
      : visits > best.visits || (visits === best.visits && mean > best.mean);
    if (better) {
      chosen = m;
      best = { visits, mean };
    }
  }
  const at = moves.indexOf(chosen);
  const edge = stepped
    ? descend(root, stepped, (taken) => taken.find((t) => t.o.moves.includes(at))).edge
    : root.edges.get(legalKey(chosen));
  const result: SearchStats = { iterations: done, ms: now() - began, root: stats, reused };
  options.onSearch?.(result);
  return { move: chosen, stats: result, tree: edge ? { root: edge.child, lo, hi } : undefined };
};

/**
 * The search bot. After each move it keeps the tree under the move it played, with the position
 * that move leads to (the engine is deterministic, so it is the position the bot is asked about
 * next if no other seat moves in between); a search from exactly that position, by the same
 * seat, goes on from the kept tree. Only the tree's statistics carry over: whether the position
 * matches never depends on what it hides, since the bot computes it from the state it was given.
 */
export const mctsBot = (
  game: CompiledGame,
  evaluation: Evaluation,
  options: BotOptions,
  hidden: boolean,
  name: string,
  policy?: CompiledBot,
): Bot => {
  const memory = treeMemory<SearchTree>(game);
  const config: MctsConfig = { evaluation, hidden, options, ...(policy ? { policy } : {}) };
  return {
    name,
    choose: (state, seat, moves, rng) => {
      const start = memory.recall(state, seat);
      if (moves.length === 1) {
        const only = moves[0] as LegalMove;
        const edge = start?.root.edges.get(legalKey(only));
        memory.keep(state, seat, only, edge && start ? { ...start, root: edge.child } : undefined);
        return only;
      }
      const { move, tree } = search(game, state, seat, moves, rng, config, start);
      memory.keep(state, seat, move, tree);
      return move;
    },
  };
};
