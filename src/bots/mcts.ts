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
 * Playouts go on to the end of the game (or `rolloutMoves` moves, or `rolloutTurns` turns, and the
 * evaluation judges). Rewards are per seat (see rewards.ts: 1 for each winner, so teams and
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
import { determinize, reseed, seesEverything } from './determinize.ts';
import { legalKey } from './keys.ts';
import { consideredOnly, weighsOf } from './consider.ts';
import { SpecLimitError } from '../errors.ts';
import { preferred, weighsAll } from './prefer.ts';
import { rewards, type Evaluation } from './rewards.ts';
import type { Bot, BotOptions, SearchStats } from './types.ts';
import { treeMemory } from './treeMemory.ts';

interface Edge {
  readonly seat: number;
  visits: number;
  available: number;
  total: number;
  readonly child: TreeNode;
}

export interface TreeNode {
  readonly edges: Map<string, Edge>;
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
const legalOrNone = (game: CompiledGame, state: GameState, minimal?: MinimalArgs): LegalMove[] => {
  try {
    return legalMovesWithEvents(game, state, undefined, undefined, minimal);
  } catch {
    return [];
  }
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
  only?: (m: LegalMove) => boolean,
): readonly LegalMove[] => {
  const listed = (moves: readonly LegalMove[]): readonly LegalMove[] => (only ? moves.filter(only) : moves);
  if (!policy || policy.consider.length === 0) return listed(spared);
  try {
    const kept = consideredOnly(policy, state, listed(spared));
    if (kept.length > 0) return kept;
  } catch (error) {
    if (error instanceof SpecLimitError) throw error;
  }
  return policy.minimal.size > 0 ? listed(legalOrNone(game, state)) : listed(spared);
};

/** The moves the search weighs in `state` (of those `only` keeps), as `weighedOf` gives. */
const weighed = (
  game: CompiledGame,
  policy: CompiledBot | undefined,
  state: GameState,
  only?: (m: LegalMove) => boolean,
): readonly LegalMove[] => weighedOf(game, policy, state, legalOrNone(game, state, policy?.minimal), only);

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
  const seat = spared[0]?.move.seat;
  if (!spared.every((m) => m.move.seat === seat)) return undefined;
  try {
    return preferred(policy, state, spared, rng, weighs);
  } catch (error) {
    if (error instanceof SpecLimitError) throw error;
    return undefined;
  }
};

/**
 * A playout from `state`: a random seat among those that may act, then a move of the policy's
 * preferences when one applies (a spec strategy), else a random move. Gives the state it ended
 * in and the moves it made.
 */
export const playout = (
  game: CompiledGame,
  state: GameState,
  rng: Rng,
  maxMoves: number,
  maxTurns: number,
  policy?: CompiledBot,
): { state: GameState; moves: number } => {
  let s = state;
  const turn0 = s.context.turn;
  let n = 0;
  for (; n < maxMoves && !isOver(s) && s.context.turn - turn0 < maxTurns; n++) {
    const spared = legalOrNone(game, s, policy?.minimal);
    const pick = (policy && preferredWhenOneSeat(policy, s, spared, rng)) ?? randomPreferred(game, policy, s, spared, rng);
    if (!pick) break;
    const next = applyLegal(game, s, pick);
    if (!next.ok) break;
    s = next.state;
  }
  return { state: s, moves: n };
};

/** A random seat of those the search weighs a move of, then its preferred move or a random one. */
const randomPreferred = (
  game: CompiledGame,
  policy: CompiledBot | undefined,
  state: GameState,
  spared: readonly LegalMove[],
  rng: Rng,
): LegalMove | undefined => {
  const moves = weighedOf(game, policy, state, spared);
  if (moves.length === 0) return undefined;
  let pick = moves[rng.below(moves.length)] as LegalMove;
  let mine = moves;
  if (moves.some((m) => m.move.seat !== pick.move.seat)) {
    const seats = [...new Set(moves.map((m) => m.move.seat))];
    const seat = seats[rng.below(seats.length)];
    mine = moves.filter((m) => m.move.seat === seat);
    pick = mine[rng.below(mine.length)] as LegalMove;
  }
  if (!policy) return pick;
  try {
    return preferred(policy, state, mine, rng) ?? pick;
  } catch {
    // A preference that cannot be read in this determinisation: the random move stands.
    return pick;
  }
};

/**
 * The untried move a node grows first: the policy's preferred one among them when it names one,
 * else one at random. A new leaf's value is then the policy's own line from the node, not a
 * random move's followed by the policy's (progressive bias, Chaslot et al. 2008): a node the
 * search has seen only a few times is judged by what a good player would do there.
 */
const expansion = (
  policy: CompiledBot | undefined,
  state: GameState,
  here: readonly LegalMove[],
  fresh: readonly number[],
  rng: Rng,
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
  return fresh[rng.below(fresh.length)] as number;
};

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
  const iterations = options.iterations ?? (options.timeMs !== undefined ? Number.POSITIVE_INFINITY : 200);
  const c = options.exploration ?? 0.7;
  const rolloutMoves = options.rolloutMoves ?? 200;
  const rolloutTurns = options.rolloutTurns ?? Number.POSITIVE_INFINITY;
  const now = options.now ?? (() => performance.now());
  const began = now();
  const deadline = options.timeMs !== undefined ? began + options.timeMs : Number.POSITIVE_INFINITY;
  const hidden = config.hidden && !seesEverything(game, state, seat);
  const search = new Rng(seedRng(`search:${rng.below(4294967296)}:${rng.below(4294967296)}`));
  const rootKeys = new Set(moves.map(legalKey));
  const atRoot = (m: LegalMove): boolean => rootKeys.has(legalKey(m));
  const root: TreeNode = start?.root ?? { edges: new Map() };
  let lo = start?.lo ?? Number.POSITIVE_INFINITY;
  let hi = start?.hi ?? Number.NEGATIVE_INFINITY;
  const norm = (q: number): number => (hi > lo ? (q - lo) / (hi - lo) : 0.5);
  const reused = moves.reduce((n, m) => n + (root.edges.get(legalKey(m))?.visits ?? 0), 0);

  let done = 0;
  for (; done < iterations; done++) {
    if (done > 0 && options.timeMs !== undefined && now() >= deadline) break;
    let s = hidden ? determinize(game, state, seat, search) : reseed(state, search);
    const path: Edge[] = [];
    let node = root;
    let stuck = false;
    for (;;) {
      if (isOver(s)) break;
      const here = weighed(game, config.policy, s, node === root ? atRoot : undefined);
      if (here.length === 0) break;
      const keys = here.map(legalKey);
      const fresh: number[] = [];
      keys.forEach((k, i) => {
        const e = node.edges.get(k);
        if (e) e.available++;
        else fresh.push(i);
      });
      let i: number;
      let edge: Edge;
      if (fresh.length > 0) {
        i = expansion(config.policy, s, here, fresh, search);
        edge = { seat: (here[i] as LegalMove).move.seat, visits: 0, available: 1, total: 0, child: { edges: new Map() } };
        node.edges.set(keys[i] as string, edge);
      } else {
        i = 0;
        let best = Number.NEGATIVE_INFINITY;
        keys.forEach((k, j) => {
          const e = node.edges.get(k) as Edge;
          const u = norm(e.total / e.visits) + c * Math.sqrt(Math.log(e.available) / e.visits);
          if (u > best) {
            best = u;
            i = j;
          }
        });
        edge = node.edges.get(keys[i] as string) as Edge;
      }
      const next = applyLegal(game, s, here[i] as LegalMove);
      path.push(edge);
      if (!next.ok) {
        stuck = true;
        break;
      }
      s = next.state;
      node = edge.child;
      if (fresh.length > 0) break;
    }
    const end = stuck ? null : playout(game, s, search, rolloutMoves, rolloutTurns, config.policy);
    const r = end ? rewards(end.state, evaluation, path.length + end.moves) : [];
    for (const e of path) {
      e.visits++;
      e.total += r[e.seat] ?? 0;
      const q = e.total / e.visits;
      if (q < lo) lo = q;
      if (q > hi) hi = q;
    }
  }

  let chosen = moves[0] as LegalMove;
  let bestVisits = -1;
  let bestMean = Number.NEGATIVE_INFINITY;
  const stats: { key: string; visits: number; mean: number }[] = [];
  for (const m of moves) {
    const e = root.edges.get(legalKey(m));
    const visits = e?.visits ?? 0;
    const mean = e && e.visits > 0 ? e.total / e.visits : 0;
    stats.push({ key: legalKey(m), visits, mean });
    if (visits > bestVisits || (visits === bestVisits && mean > bestMean)) {
      chosen = m;
      bestVisits = visits;
      bestMean = mean;
    }
  }
  const edge = root.edges.get(legalKey(chosen));
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
