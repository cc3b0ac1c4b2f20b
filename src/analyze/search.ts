/**
 * Expectimax over one seat's turn: a decision of that seat is a max node over its legal moves, a
 * move that rolls dice a chance node over the roll's exact outcomes, and a state where the turn
 * has passed (or the game is over) a leaf valued by the objective. States are memoised by their
 * content. A branch whose probability of being reached falls below epsilon is cut: it is valued
 * by the objective as it stands. Once the search is over, a lower and an upper bound on each
 * state's exact value are worked out over the graph it explored, a cut standing for anything
 * between the smallest and the largest objective values seen: they bound the answer's error. The
 * probability of reaching a cut under the worst choices is carried up too, as a measure of how
 * much was cut.
 */
import { applyLegal, isOver, legalMovesWithEvents, rig, type GameState, type LegalMove } from '../engine/index.ts';
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
  /** The reach probability it was valued for: a visit more likely than this values it again. */
  p: number;
  value: number;
  /** The probability, given this state, of reaching a cut under the worst choices. */
  miss: number;
  done: boolean;
  /** The states the best move leads to (leaves left out), with their probabilities. */
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
  /** The smallest and largest objective values seen at leaves and cuts. */
  readonly low: number;
  readonly high: number;
  /** The display's names of the features (see FeatureReader). */
  readonly names: ReadonlyMap<string, string>;
}

interface Visit {
  readonly value: number;
  readonly miss: number;
  readonly id: number | undefined;
}

/**
 * Where a move leads, equal states merged, kept with the node so that valuing it again (reached
 * by a likelier path) applies no move: a leaf keeps its value, a decision state its node, and
 * only a state not valued yet (cut, or on the current path) keeps the state itself.
 */
interface Branch {
  readonly key: string;
  probability: number;
  state: GameState | undefined;
  leaf: number | undefined;
}

export const search = (input: SearchInput, start: GameState): SearchResult => {
  const { game, seat, dice, keyOf, limits } = input;
  const nodes: DecisionNode[] = [];
  const ids = new Map<string, number>();
  let steps = 0;
  let cuts = 0;
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
    return { value: judge(state), miss: 1, id: undefined };
  };

  const applied = (state: GameState, legal: LegalMove): GameState => {
    if (++steps > limits.maxSteps) {
      throw new SearchStop(`the analysis took more than ${limits.maxSteps.toLocaleString('en')} moves (its work budget) with ${nodes.length.toLocaleString('en')} states valued: raise --epsilon or analyse a smaller part of the game`);
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
    if (probe.kind === 'fixed') return [{ key: keyOf(probe.next), state: probe.next, probability: 1, leaf: undefined }];
    const count = outcomeCount(probe.kinds, dice);
    if (count > limits.maxOutcomes) {
      throw new SearchStop(`'${legal.move.move}' rolls ${probe.kinds.length} dice: ${count.toLocaleString('en')} outcomes, more than the ${limits.maxOutcomes.toLocaleString('en')} one roll may have`);
    }
    const merged = new Map<string, Branch>();
    for (const outcome of rollOutcomes(probe.kinds, dice)) {
      const next = applied(rig(state, outcome.faces), legal);
      if (next.context.rigged.length > 0 || !sameRng(state, next)) {
        throw new SearchStop(`how many dice '${legal.move.move}' rolls depends on the faces rolled: the analysis enumerates one roll per move`);
      }
      const key = keyOf(next);
      const known = merged.get(key);
      if (known) known.probability += outcome.probability;
      else merged.set(key, { key, state: next, probability: outcome.probability, leaf: undefined });
    }
    return [...merged.values()];
  };

  const valueBranch = (b: Branch, p: number): Visit => {
    if (b.leaf !== undefined) return { value: b.leaf, miss: 0, id: undefined };
    if (b.state && input.isLeaf(b.state)) {
      b.leaf = judge(b.state);
      b.state = undefined;
      return { value: b.leaf, miss: 0, id: undefined };
    }
    const r = visit(b.state, p, b.key);
    // Once valued, the node holds what the state was needed for; a state with no move is a leaf.
    if ((r.id !== undefined && nodes[r.id]?.done) || (r.id === undefined && r.miss === 0)) b.state = undefined;
    if (r.id === undefined && r.miss === 0) b.leaf = r.value;
    return r;
  };

  /** The value of a state (given, or known by its key to have a node), reached with probability p. */
  const visit = (state: GameState | undefined, p: number, knownKey?: string): Visit => {
    if (state && input.isLeaf(state)) return { value: judge(state), miss: 0, id: undefined };
    const key = knownKey ?? keyOf(state as GameState);
    let id = ids.get(key);
    let node = id === undefined ? undefined : nodes[id];
    if (node && !node.done) {
      // Back on the current path (a cycle): its last value stands in, all of it missed.
      if (state) return cut(state);
      cuts++;
      return { value: node.value, miss: 1, id: undefined };
    }
    if (node && node.p >= p) return { value: node.value, miss: node.miss, id };
    if (p < limits.epsilon) return cut(state);
    if (!node || id === undefined) {
      if (!state) throw new Error(`internal: no state for ${key}`);
      const legal = legalMovesWithEvents(game, state, seat);
      if (legal.length === 0) return { value: judge(state), miss: 0, id: undefined };
      if (nodes.length >= limits.maxStates) {
        throw new SearchStop(`more than ${limits.maxStates.toLocaleString('en')} states (the limit) before the analysis finished: raise --epsilon or --max-states, or analyse a smaller part of the game`);
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
    const values: number[] = [];
    let best = -1;
    let miss = 0;
    for (const moveBranches of node.branches) {
      let value = 0;
      let moveMiss = 0;
      const children: number[] = [];
      const probs: number[] = [];
      for (const b of moveBranches) {
        const r = valueBranch(b, p * b.probability);
        value += b.probability * r.value;
        moveMiss += b.probability * r.miss;
        if (r.id !== undefined) {
          children.push(r.id);
          probs.push(b.probability);
        }
      }
      values.push(value);
      miss = Math.max(miss, moveMiss);
      if (best < 0 || value > (values[best] as number)) {
        best = values.length - 1;
        node.children = children;
        node.probs = probs;
      }
    }
    node.value = values[best] as number;
    node.miss = miss;
    node.done = true;
    if (node.choice) {
      node.choice.values = values;
      node.choice.best = best;
    }
    return { value: node.value, miss, id };
  };

  /**
   * Bounds on a node's exact value, from the final smallest and largest objective values: a leaf
   * is exact; a cut branch, or one back on the path being bounded (a cycle), may be anything
   * between them; a chance node is its branches' weighted sum; a decision is at least, and at
   * most, the best move's bound. Worked out after the search because those extremes are known only
   * then, and over the nodes' final values: a state valued again deeper bounds every way to it.
   */
  const top = visit(start, 1);
  const lowerOf = new Float64Array(nodes.length);
  const upperOf = new Float64Array(nodes.length);
  const mark = new Uint8Array(nodes.length);
  const ON_PATH = 1;
  const BOUNDED = 2;
  const bound = (id: number): void => {
    mark[id] = ON_PATH;
    let lower = -Infinity;
    let upper = -Infinity;
    for (const moveBranches of (nodes[id] as DecisionNode).branches) {
      let lo = 0;
      let hi = 0;
      for (const b of moveBranches) {
        if (b.leaf !== undefined) {
          lo += b.probability * b.leaf;
          hi += b.probability * b.leaf;
          continue;
        }
        const child = ids.get(b.key);
        if (child !== undefined && mark[child] !== ON_PATH) {
          if (mark[child] !== BOUNDED) bound(child);
          lo += b.probability * (lowerOf[child] as number);
          hi += b.probability * (upperOf[child] as number);
        } else {
          lo += b.probability * low;
          hi += b.probability * high;
        }
      }
      lower = Math.max(lower, lo);
      upper = Math.max(upper, hi);
    }
    lowerOf[id] = lower;
    upperOf[id] = upper;
    mark[id] = BOUNDED;
  };

  const lowerUpper = (): [number, number] => {
    if (top.id === undefined) return top.miss === 0 ? [top.value, top.value] : [low, high];
    bound(top.id);
    return [lowerOf[top.id] as number, upperOf[top.id] as number];
  };
  const [lower, upper] = cuts > 0 ? lowerUpper() : [top.value, top.value];
  return { value: top.value, miss: top.miss, lower, upper, root: top.id, nodes, steps, cuts, low, high, names: reader.names };
};
