/**
 * Coverage counting: how often play entered each state, took or refused each transition, held or
 * refused each guard clause, ran each effect and made each move. The counts come from the play
 * observer (runtime/observer.ts) and the effect probe a game compiled for coverage carries; plain
 * play has neither. Counts are plain data keyed by the spec path of what they count, so the
 * counts of worker threads add up.
 */
import { compileGame, type CompileInput, type CompileOutput } from '../compile/index.ts';
import type { CompiledGame } from '../compile/index.ts';
import type { EffectProbe } from '../compile/effects.ts';
import type { CompiledGuardClause } from '../runtime/legality.ts';
import type { PlayObserver } from '../runtime/observer.ts';
import type { DocPath } from '../spec/diagnostics.ts';
import type { Guard } from '../spec/types.ts';
import { playRange, type GameRecord } from './simulate.ts';

export interface Tried {
  taken: number;
  refused: number;
}

export interface Judged {
  held: number;
  refused: number;
}

export interface CoverageCounts {
  games: number;
  /** By state name: times entered. */
  states: Record<string, number>;
  /** By the transition's path: times taken, and times its guard refused it when it was tried. */
  transitions: Record<string, Tried>;
  /**
   * By the guard clause's path: times it held, and times it was the clause that refused a move
   * or a transition (a clause after a refusing one is not tested). A move's guard is judged at
   * each decision of the games, for every choice of its arguments.
   */
  clauses: Record<string, Judged>;
  /** By the effect's path: times it ran (every effect the game compiled is listed, run or not). */
  effects: Record<string, number>;
  /** By move name: times made. */
  moves: Record<string, number>;
}

export const newCounts = (): CoverageCounts => ({ games: 0, states: {}, transitions: {}, clauses: {}, effects: {}, moves: {} });

export const pathKey = (path: DocPath): string => path.join('.');

const addInto = <T>(into: Record<string, T>, from: Readonly<Record<string, T>>, add: (a: T, b: T) => T): void => {
  for (const [key, value] of Object.entries(from)) into[key] = key in into ? add(into[key] as T, value) : value;
};

/** Adds the counts of another run of the same game (a worker thread's) into `into`. */
export const addCounts = (into: CoverageCounts, from: CoverageCounts): void => {
  into.games += from.games;
  const sum = (x: number, y: number): number => x + y;
  addInto(into.states, from.states, sum);
  addInto(into.effects, from.effects, sum);
  addInto(into.moves, from.moves, sum);
  addInto(into.transitions, from.transitions, (x, y) => ({ taken: x.taken + y.taken, refused: x.refused + y.refused }));
  addInto(into.clauses, from.clauses, (x, y) => ({ held: x.held + y.held, refused: x.refused + y.refused }));
};

/** Counts each effect's runs into `counts`; every effect compiled is listed with 0 first. */
export const effectProbe =
  (counts: CoverageCounts): EffectProbe =>
  (path) => {
    const key = pathKey(path);
    counts.effects[key] ??= 0;
    return () => {
      counts.effects[key] = (counts.effects[key] ?? 0) + 1;
    };
  };

/** The paths of a guard's clauses, as compileGuard numbers them: one clause for a bare expression. */
export const clausePaths = (guard: Guard | undefined, at: DocPath): DocPath[] =>
  guard === undefined ? [] : typeof guard === 'string' ? [[...at, 'guard']] : guard.map((_, i) => [...at, 'guard', i]);

/** The node of a spec at `path`, if there is one. */
export const specAt = (root: unknown, path: DocPath): unknown =>
  path.reduce<unknown>(
    (node, key) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
    root,
  );

interface Owner {
  /** The transition's key, for a transition; undefined for a move. */
  readonly transition: string | undefined;
  readonly clauses: readonly string[];
}

/** What owns each compiled guard (found by the guard's identity: each is its own list). */
const owners = (game: CompiledGame): Map<readonly CompiledGuardClause[], Owner> => {
  const out = new Map<readonly CompiledGuardClause[], Owner>();
  for (const [name, move] of Object.entries(game.moves)) {
    const at = ['moves', name];
    out.set(move.guard, {
      transition: undefined,
      clauses: clausePaths(specAt(game.spec, [...at, 'guard']) as Guard | undefined, at).map(pathKey),
    });
  }
  for (const t of game.flow.transitions) {
    const guard = specAt(game.spec, t.path) as { guard?: Guard } | string | undefined;
    out.set(t.guard, {
      transition: pathKey(t.path),
      clauses: clausePaths(typeof guard === 'object' ? guard.guard : undefined, t.path).map(pathKey),
    });
  }
  return out;
};

/** The observer that counts a game's play into `counts`. */
export const coverageObserver = (game: CompiledGame, counts: CoverageCounts): PlayObserver => {
  const byGuard = owners(game);
  const transitionKey = new Map(game.flow.transitions.map((t) => [t.guard, pathKey(t.path)] as const));
  const tried = (key: string): Tried => (counts.transitions[key] ??= { taken: 0, refused: 0 });
  const judged = (key: string): Judged => (counts.clauses[key] ??= { held: 0, refused: 0 });
  return {
    judged: (owner, failed) => {
      const known = byGuard.get(owner.guard);
      if (!known) return;
      const stop = failed === undefined ? owner.guard.length : owner.guard.indexOf(failed);
      for (let i = 0; i < stop; i++) judged(known.clauses[i] as string).held++;
      if (failed !== undefined) {
        judged(known.clauses[stop] as string).refused++;
        if (known.transition !== undefined) tried(known.transition).refused++;
      }
    },
    moved: (move) => {
      counts.moves[move.name] = (counts.moves[move.name] ?? 0) + 1;
    },
    taken: (transition) => {
      const key = transitionKey.get(transition.guard);
      if (key !== undefined) tried(key).taken++;
    },
    entered: (names) => {
      for (const name of names) counts.states[name] = (counts.states[name] ?? 0) + 1;
    },
  };
};

/** A game compiled to count its effects into `counts`. */
export const compileForCoverage = (input: CompileInput, counts: CoverageCounts): CompileOutput =>
  compileGame({ ...input, probe: effectProbe(counts) });

/** Games `from` to `to` of a run (as `playRange`), counted into `counts`. */
export const playCounted = (
  game: CompiledGame,
  counts: CoverageCounts,
  options: Parameters<typeof playRange>[1],
  from: number,
  to: number,
  onGame?: () => void,
): GameRecord[] => {
  const records = playRange(game, options, from, to, onGame, coverageObserver(game, counts));
  counts.games += records.length;
  return records;
};
