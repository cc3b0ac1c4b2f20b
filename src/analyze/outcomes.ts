/**
 * The exact outcomes of a roll. Dice of one kind rolled together are interchangeable, so a roll
 * of n of them has one outcome per multiset of faces (C(n + m - 1, m - 1) of them for m faces),
 * each with its multinomial probability; dice of different kinds multiply.
 */
import type { Json } from '../engine/types.ts';

/** A die kind as the roll sees it: its distinct faces with the chance of each. */
export interface DieFaces {
  readonly faces: readonly Json[];
  readonly chances: readonly number[];
}

/** The faces a spec lists, duplicates counted as extra sides showing the same face. */
export const dieFaces = (listed: readonly (number | string)[]): DieFaces => {
  const counts = new Map<number | string, number>();
  for (const f of listed) counts.set(f, (counts.get(f) ?? 0) + 1);
  return { faces: [...counts.keys()], chances: [...counts.values()].map((c) => c / listed.length) };
};

/** One outcome: the faces for each rolled position, in the order the roll assigns them. */
export interface Outcome {
  readonly faces: readonly Json[];
  readonly probability: number;
}

const logFactorial = (() => {
  const table = [0];
  return (n: number): number => {
    for (let i = table.length; i <= n; i++) table.push((table[i - 1] as number) + Math.log(i));
    return table[n] as number;
  };
})();

/** Every multiset of `n` faces of one die kind, as face counts, with its probability. */
const multisets = (die: DieFaces, n: number): { counts: number[]; probability: number }[] => {
  const out: { counts: number[]; probability: number }[] = [];
  const m = die.faces.length;
  const counts = new Array<number>(m).fill(0);
  const walk = (i: number, left: number): void => {
    if (i === m - 1) {
      counts[i] = left;
      let log = logFactorial(n);
      counts.forEach((c, f) => {
        log += c * Math.log(die.chances[f] as number) - logFactorial(c);
      });
      out.push({ counts: counts.slice(), probability: Math.exp(log) });
      return;
    }
    for (let c = left; c >= 0; c--) {
      counts[i] = c;
      walk(i + 1, left - c);
    }
  };
  if (m > 0) walk(0, n);
  return out;
};

/**
 * The outcomes of rolling dice whose kinds, position by position, are `kinds`. Positions of one
 * kind get that kind's multiset in the order of its faces, so equal multisets give equal queues.
 */
export const rollOutcomes = (kinds: readonly string[], dice: ReadonlyMap<string, DieFaces>): Outcome[] => {
  const byKind = new Map<string, number[]>();
  kinds.forEach((kind, position) => byKind.set(kind, [...(byKind.get(kind) ?? []), position]));
  let partial: Outcome[] = [{ faces: new Array<Json>(kinds.length).fill(null), probability: 1 }];
  for (const [kind, positions] of byKind) {
    const die = dice.get(kind);
    if (!die) throw new Error(`no die kind '${kind}'`);
    const next: Outcome[] = [];
    for (const set of multisets(die, positions.length)) {
      const queue: Json[] = [];
      set.counts.forEach((c, f) => {
        for (let k = 0; k < c; k++) queue.push(die.faces[f] as Json);
      });
      for (const o of partial) {
        const faces = o.faces.slice();
        positions.forEach((p, k) => {
          faces[p] = queue[k] as Json;
        });
        next.push({ faces, probability: o.probability * set.probability });
      }
    }
    partial = next;
  }
  return partial;
};

/** How many outcomes `rollOutcomes` would give, without listing them: a guard on the work. */
export const outcomeCount = (kinds: readonly string[], dice: ReadonlyMap<string, DieFaces>): number => {
  const sizes = new Map<string, number>();
  for (const kind of kinds) sizes.set(kind, (sizes.get(kind) ?? 0) + 1);
  let total = 1;
  for (const [kind, n] of sizes) {
    const m = dice.get(kind)?.faces.length ?? 1;
    let c = 1;
    for (let i = 1; i < m; i++) c = (c * (n + i)) / i;
    total *= Math.round(c);
  }
  return total;
};
