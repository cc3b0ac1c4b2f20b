/**
 * Expectimax over one seat's turn: a decision of that seat is a max node over its legal moves, a
 * move that rolls dice a chance node over the roll's exact outcomes, and a state where the turn
 * has passed (or the game is over) a leaf valued by the objective. States are memoised by their
 * content, so a turn that comes back to where it was (a coin flipped until heads) makes a graph
 * with cycles. The search explores that graph depth first; a branch whose probability of being
 * reached falls below epsilon is cut. Then the graph is solved by value iteration (see solve): the
 * answer with each cut valued by the objective as it stands, and a lower and an upper bound on it
 * with each cut standing for the smallest and the largest objective values seen: they bound the
 * answer's error. The probability of reaching a cut under the worst choices is solved too, as a
 * measure of how much was cut.
 */
import { applyLegal, legalMovesWithEvents, rig, type GameState, type LegalMove } from '../engine/index.ts';
import type { CompiledGame } from '../compile/index.ts';
import { featureReader, type Features } from './features.ts';
import { moveLabel } from './moveLabel.ts';
import { outcomeCount, rollOutcomes, type DieFaces } from './outcomes.ts';
import { probeMove, sameRng } from './probe.ts';
import type { StateKey } from './stateKey.ts';

/** Why the search stopped before an answer. */
export class SearchStop extends Error {}

export interface SearchLimits {
  readonly epsilon: number;
  readonly maxStates: number;
  readonly maxSteps: number;
  /** The most outcomes one roll may have. */
  readonly maxOutcomes: number;
  /** The most sweeps of value iteration over the explored graph (see solve). */
  readonly maxSweeps: number;
}

export interface SearchInput {
  readonly game: CompiledGame;
  readonly seat: number;
  readonly dice: ReadonlyMap<string, DieFaces>;
  readonly keyOf: StateKey;
  readonly objective: (state: GameState) => number;
  /** A state where the analysed decisions are over. */
  readonly isLeaf: (state: GameState) => boolean;
  readonly limits: SearchLimits;
}

/** A decision state the search valued. */
export interface DecisionNode {
  /** The reach probability it was explored for: a visit more likely than this explores it again. */
  p: number;
  /** Its value, once solved. */
  value: number;
  /** The probability, given this state, of reaching a cut under the worst choices, once solved. */
  miss: number;
  /** Explored, not on the path being explored. */
  done: boolean;
  /** The states the best move leads to (leaves left out), with their probabilities, once solved. */
  children: number[];
  probs: number[];
  /** Where each legal move leads (see Branch). */
  branches: Branch[][];
  /** For a real choice (two moves or more): the state in words and each move's value. */
  choice?: { readonly features: Features; readonly details: ReadonlySet<string>; labels: string[]; values: number[]; best: number };
}

export interface SearchResult {
  readonly value: number;
  readonly miss: number;
  /** The exact value lies between these, if every cut branch's does between low and high. */
  readonly lower: number;
  readonly upper: number;
  /** The root's node, when the start is a decision. */
  readonly root: number | undefined;
  readonly nodes: readonly DecisionNode[];
  readonly steps: number;
  readonly cuts: number;
  /** Branches back to a state on the path being explored: the graph's cycles. */
  readonly cycles: number;
  /** Sweeps of value iteration the solution took. */
  readonly sweeps: number;
  /** The smallest and largest objective values seen at leaves and cuts. */
  readonly low: number;
  readonly high: number;
  /** The display's names of the features (see FeatureReader). */
  readonly names: ReadonlyMap<string, string>;
}

/**
 * What the exploration found a state to be: a decision with its node (valued later, by solve), a
 * leaf with its objective value, or a cut with the objective as it stands.
 */
type Visit = { readonly id: number } | { readonly leaf: number } | { readonly cut: number };

/**
 * Where a move leads, equal states merged, kept with the node so that exploring it again (reached
 * by a likelier path) applies no move, and solving it reads the graph: a leaf keeps its value, a
 * decision state is found by its key among the nodes, and only a cut keeps the state itself (with
 * its value as it stands), to be explored if a likelier path reaches it.
 */
interface Branch {
  readonly key: string;
  probability: number;
  state: GameState | undefined;
  leaf: number | undefined;
  /** A cut branch's value: the objective as the state stands. */
  cut: number | undefined;
}

export const search = (input: SearchInput, start: GameState): SearchResult => {
  const { game, seat, dice, keyOf, limits } = input;
  const nodes: DecisionNode[] = [];
  const ids = new Map<string, number>();
  let steps = 0;
  let cuts = 0;
  let cycles = 0;
  let sweeps = 0;
  let low = Infinity;
  let high = -Infinity;
  const reader = featureReader(game.display);

  const judge = (state: GameState): number => {
    const v = input.objective(state);
    if (v < low) low = v;
    if (v > high) high = v;
    return v;
  };

  /** A branch not followed: valued as it stands, all of its probability counted as missed. */
  const cut = (state: GameState | undefined): Visit => {
    cuts++;
    if (!state) throw new Error('internal: a cut without its state');
    return { cut: judge(state) };
  };

  const applied = (state: GameState, legal: LegalMove): GameState => {
    if (++steps > limits.maxSteps) {
      throw new SearchStop(
        `the analysis took more than ${limits.maxSteps.toLocaleString('en')} moves (its work budget) with ${nodes.length.toLocaleString('en')} states valued: raise --epsilon or analyse a smaller part of the game`,
      );
    }
    const result = applyLegal(game, state, legal);
    if (!result.ok) throw new SearchStop(`'${legal.move.move}' fails: ${result.error}`);
    return result.state;
  };

  /** Where a move can lead, equal states merged. */
  const branches = (state: GameState, legal: LegalMove): Branch[] => {
    steps++;
    const probe = probeMove(game, state, legal, dice);
    if (probe.kind === 'refused') throw new SearchStop(probe.reason);
    if (probe.kind === 'fixed') return [{ key: keyOf(probe.next), state: probe.next, probability: 1, leaf: undefined, cut: undefined }];
    const count = outcomeCount(probe.kinds, dice);
    if (count > limits.maxOutcomes) {
      throw new SearchStop(
        `'${legal.move.move}' rolls ${probe.kinds.length} dice: ${count.toLocaleString('en')} outcomes, more than the ${limits.maxOutcomes.toLocaleString('en')} one roll may have`,
      );
    }
    const merged = new Map<string, Branch>();
    for (const outcome of rollOutcomes(probe.kinds, dice)) {
      const next = applied(rig(state, outcome.faces), legal);
      if (next.context.rigged.length > 0 || !sameRng(state, next)) {
        throw new SearchStop(
          `how many dice '${legal.move.move}' rolls depends on the faces rolled: the analysis enumerates one roll per move`,
        );
      }
      const key = keyOf(next);
      const known = merged.get(key);
      if (known) known.probability += outcome.probability;
      else merged.set(key, { key, state: next, probability: outcome.probability, leaf: undefined, cut: undefined });
    }
    return [...merged.values()];
  };

  const exploreBranch = (b: Branch, p: number): void => {
    if (b.leaf !== undefined) return;
    const r = visit(b.state, p, b.key);
    // Once the state has a node, the node holds what the state was needed for; a state with no
    // move is a leaf; a cut keeps its state, to be followed if a likelier path reaches it.
    if ('cut' in r) b.cut = r.cut;
    else b.state = undefined;
    if ('leaf' in r) b.leaf = r.leaf;
  };

  /**
   * Explores a state (given, or known by its key to have a node) reached with probability p: its
   * moves' branches, unless a visit at least as likely has explored them already.
   */
  const visit = (state: GameState | undefined, p: number, knownKey?: string): Visit => {
    if (state && input.isLeaf(state)) return { leaf: judge(state) };
    const key = knownKey ?? keyOf(state as GameState);
    let id = ids.get(key);
    let node = id === undefined ? undefined : nodes[id];
    if (node && id !== undefined && (!node.done || node.p >= p)) {
      // Back on the current path (a cycle), which solve() takes care of, or explored already.
      if (!node.done) cycles++;
      return { id };
    }
    if (p < limits.epsilon) return cut(state);
    if (!node || id === undefined) {
      if (!state) throw new Error(`internal: no state for ${key}`);
      const legal = legalMovesWithEvents(game, state, seat);
      if (legal.length === 0) return { leaf: judge(state) };
      if (nodes.length >= limits.maxStates) {
        throw new SearchStop(
          `more than ${limits.maxStates.toLocaleString('en')} states (the limit) before the analysis finished: raise --epsilon or --max-states, or analyse a smaller part of the game`,
        );
      }
      id = nodes.length;
      node = { p, value: 0, miss: 0, done: false, children: [], probs: [], branches: legal.map((l) => branches(state, l)) };
      if (legal.length > 1) {
        node.choice = { ...reader.featuresOf(state, seat), labels: legal.map((l) => moveLabel(game, state, l.move)), values: [], best: 0 };
      }
      nodes.push(node);
      ids.set(key, id);
    }
    node.p = p;
    node.done = false;
    for (const moveBranches of node.branches) for (const b of moveBranches) exploreBranch(b, p * b.probability);
    node.done = true;
    return { id };
  };

  /**
   * The explored graph solved, now that it is complete: value iteration (each decision the best of
   * its moves, each roll its outcomes' weighted sum) until no state's value changes by more than
   * epsilon times the spread of the objective. Run three ways at once: the answer, a cut valued
   * by the objective as it stands; a lower bound, a cut worth the smallest objective value seen;
   * an upper bound, a cut worth the largest. Every state starts at the smallest (the largest for
   * the upper bound): each sweep can then only raise (lower) the values towards the solution, so a
   * way of playing that never ends the turn counts for no more than the smallest value, and the
   * bounds hold after any number of sweeps, if the exact value of every cut lies between the two
   * extremes. Sweeps follow the depth-first finishing order, so a graph without cycles is solved
   * in one and confirmed by the second. The probability of reaching a cut is solved alongside.
   */
  const solve = (root: number): [number, number, number, number] => {
    const order: number[] = [];
    const mark = new Uint8Array(nodes.length);
    const finish = (id: number): void => {
      mark[id] = 1;
      for (const moveBranches of (nodes[id] as DecisionNode).branches) {
        for (const b of moveBranches) {
          const child = b.leaf === undefined ? ids.get(b.key) : undefined;
          if (child !== undefined && !mark[child]) finish(child);
        }
      }
      order.push(id);
    };
    finish(root);
    const point = new Float64Array(nodes.length).fill(low);
    const lowerOf = new Float64Array(nodes.length).fill(low);
    const upperOf = new Float64Array(nodes.length).fill(high);
    const missOf = new Float64Array(nodes.length);
    const tolerance = limits.epsilon * Math.max(1, high - low);
    for (let change = Infinity; change > tolerance; ) {
      if (++sweeps > limits.maxSweeps) {
        const states = `${nodes.length.toLocaleString('en')} state${nodes.length === 1 ? '' : 's'}`;
        throw new SearchStop(
          `the values of the turn's ${states} still changed by ${change.toPrecision(2)} after ${limits.maxSweeps.toLocaleString('en')} sweeps (the limit): the turn comes back to where it was too often to settle; raise --max-sweeps or --epsilon`,
        );
      }
      change = 0;
      for (const id of order) {
        const node = nodes[id] as DecisionNode;
        let best = -1;
        let v = -Infinity;
        let lo = -Infinity;
        let hi = -Infinity;
        let m = 0;
        const values: number[] = [];
        node.branches.forEach((moveBranches, move) => {
          let mv = 0;
          let ml = 0;
          let mh = 0;
          let mm = 0;
          for (const b of moveBranches) {
            const child = b.leaf === undefined ? ids.get(b.key) : undefined;
            if (b.leaf !== undefined) {
              mv += b.probability * b.leaf;
              ml += b.probability * b.leaf;
              mh += b.probability * b.leaf;
            } else if (child !== undefined) {
              mv += b.probability * (point[child] as number);
              ml += b.probability * (lowerOf[child] as number);
              mh += b.probability * (upperOf[child] as number);
              mm += b.probability * (missOf[child] as number);
            } else {
              mv += b.probability * (b.cut ?? low);
              ml += b.probability * low;
              mh += b.probability * high;
              mm += b.probability;
            }
          }
          values.push(mv);
          if (mv > v) {
            v = mv;
            best = move;
          }
          lo = Math.max(lo, ml);
          hi = Math.max(hi, mh);
          m = Math.max(m, mm);
        });
        change = Math.max(
          change,
          Math.abs(v - (point[id] as number)),
          Math.abs(lo - (lowerOf[id] as number)),
          Math.abs(hi - (upperOf[id] as number)),
          Math.abs(m - (missOf[id] as number)) * Math.max(1, high - low),
        );
        point[id] = v;
        lowerOf[id] = lo;
        upperOf[id] = hi;
        missOf[id] = m;
        node.value = v;
        node.miss = m;
        if (node.choice) {
          node.choice.values = values;
          node.choice.best = best;
        }
        node.children = [];
        node.probs = [];
        for (const b of node.branches[best] ?? []) {
          const child = b.leaf === undefined ? ids.get(b.key) : undefined;
          if (child !== undefined) {
            node.children.push(child);
            node.probs.push(b.probability);
          }
        }
      }
    }
    return [point[root] as number, lowerOf[root] as number, upperOf[root] as number, missOf[root] as number];
  };

  const top = visit(start, 1);
  const [value, lower, upper, miss] =
    'id' in top ? solve(top.id) : 'leaf' in top ? [top.leaf, top.leaf, top.leaf, 0] : [top.cut, low, high, 1];
  return {
    value,
    miss,
    lower,
    upper,
    root: 'id' in top ? top.id : undefined,
    nodes,
    steps,
    cuts,
    cycles,
    sweeps,
    low,
    high,
    names: reader.names,
  };
};
