/**
 * What a search learns while it searches, from nothing but the rules: each technique can be
 * switched off (`simulate --learning`), so its effect can be measured against plain UCT.
 *
 * - `mast`: the move-average sampling technique (Finnsson and Björnsson, CadiaPlayer): every move
 *   a search makes, in the tree and in its playouts, adds the result it led to, for the seat that
 *   made it, to that move's average; a playout then plays the move of best average (moves never
 *   tried first), and a random one with probability `MAST_EPSILON`, the ε-greedy form Tak,
 *   Winands and Björnsson found best across games. With a strategy (`mcts:NAME`), its preferred
 *   move is played unless another move's average is clearly better (`clearlyBetter`).
 * - `features`: the averages also learn each part of a move (each piece or value of its
 *   arguments, as in predicate- and feature-average sampling), and a move never made is judged by
 *   the mean of its parts' averages instead of counting as best: a choice of three pieces of
 *   hundreds possible is tried first when its pieces did well in other choices, where without it
 *   every subset not yet made is played before any that was.
 * - `lean`: a move never made counts as best only when it is lean (lean.ts: no legal move is the
 *   same with one list item fewer); one that extends moves counts as the best of their averages,
 *   just below them, or below every move made when none of them was made; MAST's random move is
 *   picked as the random bot picks one, a list item by item. A position where a list may hold any of eight
 *   cards has hundreds of moves, most of them a lean move with cards added: without it, a playout
 *   plays every one of those before any move it knows, and under `widening` the tree grows them
 *   in that order. Nothing is forbidden: a move that is not lean is still made, by the random move
 *   (whose lists may go past what is needed) and in the tree, and from then on by its own average.
 * - `frugal` (frugal.ts): where the rules only spend a list (its pieces given up from the seat's
 *   own zone and read nowhere else), only its minimal choices are weighed, in the tree and the
 *   playouts, as a strategy's `minimal` would have it: read from the rules' text, not learned.
 * - `decisive` and `antidecisive`: decisive and anti-decisive moves in playouts (Teytaud and
 *   Teytaud 2010), in the form one step deep. Decisive: a move that wins the game for its seat at
 *   once is played (each step tries every move, so a playout costs as many times more as a seat
 *   has moves). Anti-decisive: a move that ends the game with its seat losing is replaced by
 *   another that does not, when there is one (the others are tried only then).
 * - `widening`: progressive widening (Coulom 2007; Chaslot et al. 2008): a node visited n times
 *   grows at most ⌈√n⌉ children, so a position with hundreds of moves (every subset of a zone's
 *   pieces) is searched deeper along a few of them instead of once along each. With `mast`, the
 *   child grown next is picked as a playout picks a move (a move never made first, else the one
 *   of best average, a random one a fifth of the time); without, a random one.
 * - `stepwise`: move decomposition in the tree (stepwise.ts): a move is chosen a step at a time,
 *   its name, then each argument, a list item by item, in or out, so a position with hundreds of
 *   moves branches a few ways at each level and a step learns from every move that takes it. A step
 *   grown in the tree is completed as a playout would pick the move (with `mast`, by the averages).
 */
import type { LegalMove, Piece } from '../engine/index.ts';
import type { Value } from '../lang/index.ts';
import { isRecord } from '../spec/own.ts';

export const TECHNIQUES = ['mast', 'features', 'lean', 'frugal', 'decisive', 'antidecisive', 'widening', 'stepwise'] as const;

export type Technique = (typeof TECHNIQUES)[number];

/**
 * The techniques a search uses unless told otherwise: the combination that measured best (docs/LANGUAGE.md,
 * "What a search learns"). `decisive` is left out: trying every move at every playout step cost up to
 * four times the time of an iteration on a shipped game for no gain measured; `features` and
 * `widening` moved no shipped game beyond the noise of the games measured. `frugal` changes no
 * search where the rules spend no list, and where a shipped game does, it won 10 games of 40 at
 * 300 iterations where the search without it won none (docs/LANGUAGE.md, Bots).
 */
export const DEFAULT_TECHNIQUES: readonly Technique[] = ['mast', 'frugal', 'antidecisive'];

/** Progressive widening: a node visited n times has at most ceil(WIDENING_C × √n) children. */
export const WIDENING_C = 1;

/** The chance that a MAST playout plays a random move instead of the move of best average. */
export const MAST_EPSILON = 0.2;

/**
 * The results a move's average must rest on before it may overrule a strategy's choice in a
 * playout of `mcts:NAME`: the strategy is the prior, and the search's own evidence, once there is
 * enough of it, has the last word.
 */
export const MAST_TRUST = 20;

/** An average known well enough to compare: its mean and the square of its standard error. */
export interface Estimate {
  readonly mean: number;
  readonly se2: number;
}

/**
 * Whether `a` is better than `b` beyond chance: by more than two standard errors of their
 * difference. A strategy's choice in a playout gives way only to such evidence, so the noise of a
 * few playouts never overrides it (overruling on the averages alone halved a strategy-guided
 * search's wins on a shipped game; docs/LANGUAGE.md, "What a search learns").
 */
export const clearlyBetter = (a: Estimate, b: Estimate): boolean => a.mean - b.mean > 2 * Math.sqrt(a.se2 + b.se2);

/** `mast,decisive`, or `none`, read into techniques; an unknown name is refused by name. */
export const readTechniques = (text: string): { techniques: readonly Technique[] } | { error: string } => {
  const names = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (names.length === 1 && names[0] === 'none') return { techniques: [] };
  if (names.length === 0) return { error: `--learning is empty: name techniques (${TECHNIQUES.join(', ')}) or 'none'` };
  const unknown = names.filter((n) => !(TECHNIQUES as readonly string[]).includes(n));
  if (unknown.length > 0) {
    return { error: `--learning: unknown technique '${unknown[0]}' (techniques: ${TECHNIQUES.join(', ')}, or 'none')` };
  }
  // Without the averages there is nothing for the parts to refine: refused, not silently ignored.
  for (const refines of ['features', 'lean']) {
    if (names.includes(refines) && !names.includes('mast')) return { error: `--learning: '${refines}' refines 'mast': name both` };
  }
  return { techniques: TECHNIQUES.filter((t) => names.includes(t)) };
};

/** A move as the averages know it: its key (`learnedKey`) and, when they learn by features, its parts (`learnedParts`). */
export interface Learned {
  readonly key: string;
  readonly parts: readonly string[];
}

const NO_PARTS: readonly string[] = [];

/**
 * The average result of each move (by its key), over every iteration of one search that made it;
 * with `byParts`, also of each part of a move (a piece it names, a number it gives), so that a
 * move never made is judged by the parts it shares with moves that were.
 */
export class MoveAverages {
  private readonly table = new Map<string, { n: number; total: number; squares: number }>();

  /** `byParts`: learn by features too; `lean`: a move never made counts as best only when it is lean (lean.ts). */
  constructor(
    readonly byParts = false,
    readonly lean = false,
  ) {}

  /** `legal` as these averages learn it. */
  learned(legal: LegalMove): Learned {
    return { key: learnedKey(legal), parts: this.byParts ? learnedParts(legal) : NO_PARTS };
  }

  /** The move's own average, else (by parts) the mean of its parts' averages, else undefined. */
  estimate(legal: LegalMove): number | undefined {
    const own = this.average(learnedKey(legal));
    if (own !== undefined || !this.byParts) return own;
    let total = 0;
    let known = 0;
    for (const part of learnedParts(legal)) {
      const v = this.average(part);
      if (v !== undefined) {
        total += v;
        known++;
      }
    }
    return known > 0 ? total / known : undefined;
  }

  /** Adds `result` to the move's average and to each of its parts'. */
  addLearned(move: Learned, result: number): void {
    this.add(move.key, result);
    for (const part of move.parts) this.add(part, result);
  }

  /** The average, or undefined for a move not yet made. */
  average(key: string): number | undefined {
    const entry = this.table.get(key);
    return entry ? entry.total / entry.n : undefined;
  }

  /** The average with its standard error when it rests on at least MAST_TRUST results, else undefined. */
  trusted(key: string): Estimate | undefined {
    const entry = this.table.get(key);
    if (!entry || entry.n < MAST_TRUST) return undefined;
    const mean = entry.total / entry.n;
    const variance = Math.max(0, entry.squares / entry.n - mean * mean) * (entry.n / (entry.n - 1));
    return { mean, se2: variance / entry.n };
  }

  add(key: string, result: number): void {
    const entry = this.table.get(key);
    if (entry) {
      entry.n++;
      entry.total += result;
      entry.squares += result * result;
    } else this.table.set(key, { n: 1, total: result, squares: result * result });
  }
}

/**
 * A move as the averages know it: its seat, name and arguments, each piece given by what it is
 * (its kind and fields), not by its id, so that taking a piece is one move whichever of the
 * pieces alike it is, and a set of pieces is the same set in any order: what the averages learn
 * carries from one roll or deal to the next. Read from the move's decoded arguments, which hold
 * the pieces themselves: no lookup in the state.
 */
export const learnedKey = (legal: LegalMove): string => {
  const { move, event } = legal;
  if (move.args === undefined) return `${move.seat} ${move.move}`;
  return `${move.seat} ${move.move} ${valueText(event.args)}`;
};

/** An argument's value: a list as the set of its items, a piece as what it is, a record field by field, anything else as JSON. */
const valueText = (value: Value): string => {
  if (Array.isArray(value)) return `[${(value as readonly Value[]).map(valueText).sort().join(',')}]`;
  if (isRecord<Value>(value)) {
    if (typeof value.id === 'string') return pieceText(value as unknown as Piece);
    return `{${Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}:${valueText(v)}`)}}`;
  }
  return JSON.stringify(value);
};

/**
 * The parts of a move the averages learn by with `features`: each piece or value of its arguments
 * (each item of a list on its own), with the seat, the move and the argument it is given for.
 * Parts are keyed apart from whole moves by a leading `|`.
 */
export const learnedParts = (legal: LegalMove): string[] => {
  const { move, event } = legal;
  if (move.args === undefined) return [];
  const out: string[] = [];
  const head = `|${move.seat} ${move.move}`;
  const visit = (at: string, value: Value): void => {
    if (Array.isArray(value)) for (const item of value as readonly Value[]) visit(at, item);
    else if (isRecord<Value>(value) && typeof value.id !== 'string') for (const [k, v] of Object.entries(value)) visit(`${at}.${k}`, v);
    else out.push(`${head} ${at} ${valueText(value)}`);
  };
  for (const [name, value] of Object.entries(event.args)) visit(name, value);
  return out;
};

/** A piece as `{kind, …fields}` without its id, written once for each piece object (states share the pieces a move leaves alone). */
const written = new WeakMap<Piece, string>();

const pieceText = (p: Piece): string => {
  let text = written.get(p);
  if (text === undefined) {
    const { id: _id, ...what } = p;
    text = JSON.stringify(what);
    written.set(p, text);
  }
  return text;
};
