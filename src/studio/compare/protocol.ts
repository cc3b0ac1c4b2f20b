/** Messages between the page and the comparison worker. */
import type { SourceFile } from '../../compile/index.ts';
import type { Comparison } from './compare.ts';

export interface CompareRequest {
  readonly base: SourceFile;
  /** The variants of the side compared against (none: the base game). */
  readonly before: readonly SourceFile[];
  readonly after: readonly SourceFile[];
}

export type CompareReply = Comparison | { readonly ok: false; readonly crashed: string };
