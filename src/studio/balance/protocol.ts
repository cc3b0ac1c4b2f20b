/**
 * The Balance panel's messages to and from its Web Workers. A job carries the spec's text, not
 * a compiled game (closures do not cross threads): each worker compiles it, plays its slice of
 * the games and sends the records back, so the panel's result equals a serial run.
 */
import type { BotOptions } from '../../bots/index.ts';
import type { CompileInput } from '../../compile/index.ts';
import type { GameRecord } from '../../sim/simulate.ts';
import type { CoverageCounts } from '../../sim/coverage.ts';
import type { HouseRuleChange } from '../../sim/coverageReport.ts';
import type { EngineReport } from '../../lang/index.ts';

export interface BalanceJob {
  readonly input: CompileInput;
  readonly seed: number | string;
  readonly players: number;
  readonly bots: readonly string[];
  readonly botOptions: BotOptions;
  readonly rotate: boolean;
  readonly maxTurns: number;
  /** Count coverage (sim/coverage.ts) and send the counts back with the records. */
  readonly coverage?: boolean;
  readonly from: number;
  readonly to: number;
}

export type WorkerReply =
  | { readonly kind: 'game' }
  | { readonly kind: 'done'; readonly records: GameRecord[]; readonly engine: EngineReport; readonly coverage?: SliceCoverage }
  | { readonly kind: 'error'; readonly error: string };

/** A slice's coverage counts, with what each house rule changed (for the report). */
export interface SliceCoverage {
  readonly counts: CoverageCounts;
  readonly changes: readonly HouseRuleChange[];
}
