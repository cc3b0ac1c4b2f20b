import type { DocPath, ProblemFix } from '../../spec/diagnostics.ts';
import type { Lineage, Place } from './place.ts';
import type { Plain } from './plain.ts';

export type Change = 'added' | 'changed' | 'removed';

export interface Written {
  /** The place in the merged spec. */
  readonly target: Place;
  /** The place in the patch that wrote it. */
  readonly source: DocPath;
  readonly change: Change;
}

export interface MergeProblem {
  readonly source: DocPath;
  readonly message: string;
  /** Its fixes, by places in the variant (see `Fix` for what one or several mean). */
  readonly fixes?: readonly ProblemFix[];
}

/** What every kind of merge shares: where it reports, the lineage of items, and the merge of a node inside it. */
export interface MergeContext {
  readonly lineage: Lineage;
  readonly problem: (source: DocPath, message: string, fixes?: readonly ProblemFix[]) => void;
  readonly wrote: (target: Place, source: DocPath, change: Change) => void;
  readonly merge: (base: Plain | undefined, patch: Plain, target: Place, source: DocPath) => Plain | undefined;
}
