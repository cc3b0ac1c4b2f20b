/** Messages between the page and the compile worker. */
import type { Diagnostic } from '../../spec/diagnostics.ts';
import type { FlowGraph, Json } from '../../engine/types.ts';
import type { LocaleInput } from '../../compile/index.ts';

export interface AnalysisInput {
  base: { file: string; text: string };
  variants: { file: string; text: string }[];
  params: Record<string, Json>;
  /** The game's texts in another language (compile/localized.ts makes it from the files and the language picked). */
  locale?: LocaleInput;
}

export interface CompileRequest {
  /** Increases with every request: a reply to an older one is stale. */
  seq: number;
  input: AnalysisInput;
}

export interface CompileReply {
  seq: number;
  diagnostics: Diagnostic[];
  /** True when the spec compiled without errors (the page may then build its own playable copy). */
  ok: boolean;
  /** Time the worker spent, in ms. */
  ms: number;
  /** The compiled flow, when `ok`: plain data, so the diagram can be laid out before the page has built its own game. */
  graph?: FlowGraph;
}
