/**
 * A variant's effect for the studio's side-by-side view: the two merged specs (as YAML), their two
 * statecharts and the rule-by-rule diff the CLI's `diff` prints, with each changed part marked on
 * both sides (its lines in each text, its state or transition in each chart). Runs in a worker.
 */
import { stringify } from 'yaml';
import { compileGame, type SourceFile } from '../../compile/index.ts';
import type { FlowGraph } from '../../engine/types.ts';
import { locate, parseSpecText } from '../../parse/index.ts';
import type { Diagnostic, DocPath } from '../../spec/diagnostics.ts';
import { hasErrors } from '../../spec/diagnostics.ts';
import { diffSpecs, type DiffChange, type RuleDiff } from '../../variants/diff.ts';
import { overlay } from '../../variants/index.ts';

export interface CompareSide {
  /** The variant files applied on this side (none: the base game). */
  readonly variants: readonly string[];
  /** The merged spec, as YAML. */
  readonly text: string;
  readonly graph: FlowGraph;
  /** What changed, by graph node (state name) or edge id. */
  readonly states: Readonly<Record<string, DiffChange>>;
  readonly edges: Readonly<Record<string, DiffChange>>;
  /** The lines of `text` (1-based, first to last) of each changed rule, by its index in `rules`. */
  readonly spans: readonly ({ readonly from: number; readonly to: number; readonly change: DiffChange } | null)[];
}

export type Comparison =
  | { readonly ok: true; readonly before: CompareSide; readonly after: CompareSide; readonly rules: readonly RuleDiff[] }
  | { readonly ok: false; readonly diagnostics: readonly Diagnostic[] };

const same = (a: DocPath, b: DocPath): boolean => a.length === b.length && a.every((s, i) => s === b[i]);

/**
 * The places a changed rule marks on one side: a part added or removed whole, else the keys of it
 * that differ (a state's `entry`, not the states inside it).
 */
const placesOf = (rule: RuleDiff, path: DocPath): DocPath[] => {
  if (rule.change !== 'changed') return [path];
  const keys = new Set(rule.details.map((d) => d.where.split('.')[0] ?? ''));
  return keys.has('') ? [path] : [...keys].map((k) => [...path, k]);
};

const side = (
  variants: readonly SourceFile[],
  spec: unknown,
  graph: FlowGraph,
  rules: readonly RuleDiff[],
  which: 'before' | 'after',
): CompareSide => {
  const text = stringify(spec, { lineWidth: 0 });
  const doc = parseSpecText(text, 'merged.yaml').doc;
  const states: Record<string, DiffChange> = {};
  const edges: Record<string, DiffChange> = {};
  const spans = rules.map((rule) => {
    const shown = which === 'after' ? rule.change !== 'removed' : rule.change !== 'added';
    if (!shown) return null;
    const path = which === 'before' ? (rule.pathBefore ?? rule.path) : rule.path;
    if (rule.kind === 'state' && rule.state) states[rule.state] = rule.change;
    if (rule.kind === 'transition') for (const e of graph.edges) if (same(e.path, path)) edges[e.id] = rule.change;
    if (!doc) return null;
    const lines = placesOf(rule, path).flatMap((p) => [locate(doc, p, 'head').line, locate(doc, p).endLine ?? locate(doc, p).line]);
    return { from: Math.min(...lines), to: Math.max(...lines), change: rule.change };
  });
  return { variants: variants.map((f) => f.file), text, graph, states, edges, spans };
};

/** `after` (the base with those variants) against `before` (the base with these, often none). */
export const compareVariants = (base: SourceFile, before: readonly SourceFile[], after: readonly SourceFile[]): Comparison => {
  const gameBefore = compileGame({ base, variants: before });
  const gameAfter = compileGame({ base, variants: after });
  const a = overlay(base, before);
  const b = overlay(base, after);
  const problems = [...gameBefore.diagnostics, ...gameAfter.diagnostics, ...a.diagnostics, ...b.diagnostics].filter(
    (d) => d.severity === 'error',
  );
  if (!gameBefore.game || !gameAfter.game || a.spec === undefined || b.spec === undefined || hasErrors(problems))
    return { ok: false, diagnostics: problems };
  const rules = diffSpecs(a.spec, b.spec, b.changes, b.variantRules);
  return {
    ok: true,
    rules,
    before: side(before, a.spec, gameBefore.game.graph, rules, 'before'),
    after: side(after, b.spec, gameAfter.game.graph, rules, 'after'),
  };
};
