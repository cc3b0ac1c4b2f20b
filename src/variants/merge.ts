/**
 * A variant's patch applied to a spec, with nothing implicit:
 * - a mapping merges key by key into the mapping at the same place; every key must already be
 *   there (a misspelled name is an error with a did-you-mean) unless it is written `+key`, which
 *   declares it new; `key: null` removes a key that exists;
 * - a list is changed by a list of item operations: an item is named by its `id` or, when it has
 *   none, by `$item: KEY` (its derived key, e.g. `move#1`, see `itemKeys`); a named item is merged
 *   into, replaced (`$replace: true`) or removed (`$remove: true`); a new item says where it goes
 *   (`$append: true`, `$prepend: true`, `$before: KEY`, `$after: KEY`);
 * - a list of values (rule ids, zone kinds, choices) is changed with `{$append: [..]}`,
 *   `{$prepend: [..]}` or `{$remove: [..]}`;
 * - `{$replace: VALUE}` replaces whatever is there, list or mapping; a value replaces a value of the
 *   same kind; any other change of shape is an error that says to write `$replace`;
 * - a guard written as one expression is a list of one clause (`clause#1`) to a patch that lists
 *   clauses, so a variant adds a clause without restating the guard.
 * Every written place is recorded with where it came from. A list item in such a record is named
 * by its identity (`ItemRef`), so places written by different variants compare by what they are,
 * not by where earlier patches happened to put them.
 */
import type { DocPath, ProblemFix } from '../spec/diagnostics.ts';
import type { Change, MergeContext, MergeProblem, Written } from './merge/context.ts';
import { mergeNode } from './merge/node.ts';
import { newLineage, type Lineage, type Place } from './merge/place.ts';
import type { Plain } from './merge/plain.ts';

export type { Change, MergeProblem, Written } from './merge/context.ts';
export { itemKeys } from './merge/itemKeys.ts';
export {
  describePlace,
  newLineage,
  overlaps,
  resolvePath,
  type ItemRef,
  type Lineage,
  type Place,
} from './merge/place.ts';
export type { Plain } from './merge/plain.ts';

export interface MergeResult {
  value: Plain;
  written: Written[];
  problems: MergeProblem[];
}

export const mergePatch = (
  base: Plain | undefined,
  patch: Plain,
  target: Place,
  source: DocPath,
  lineage: Lineage = newLineage(),
): MergeResult => {
  const written: Written[] = [];
  const problems: MergeProblem[] = [];
  const ctx: MergeContext = {
    lineage,
    problem: (s: DocPath, message: string, fixes?: readonly ProblemFix[]): void => {
      problems.push({ source: s, message, ...(fixes && fixes.length > 0 ? { fixes } : {}) });
    },
    wrote: (t: Place, s: DocPath, change: Change): void => {
      written.push({ target: t, source: s, change });
    },
    merge: (b, p, t, s) => mergeNode(ctx, b, p, t, s),
  };
  const value = ctx.merge(base, patch, target, source);
  return { value: value === undefined ? null : value, written, problems };
};
