/**
 * The coverage report: the counts of sim/coverage.ts laid over the spec's parts (states,
 * transitions, guard clauses, effects, moves, rule ids), what was never reached, and for each
 * house rule whether anything it changed ever fired. Pure; the text is for the CLI.
 */
import type { CompiledGame } from '../compile/index.ts';
import type { DocPath } from '../spec/diagnostics.ts';
import type { Guard, GuardClause } from '../spec/types.ts';
import { overlay, type VariantFile } from '../variants/index.ts';
import { clausePaths, pathKey, specAt, type CoverageCounts } from './coverage.ts';

export interface StateCoverage {
  readonly name: string;
  readonly path: DocPath;
  readonly entered: number;
}

export interface TransitionCoverage {
  readonly path: DocPath;
  readonly source: string;
  /** Null for a transition that stays where it is. */
  readonly target: string | null;
  readonly kind: 'move' | 'always';
  /** The move's name, or the automatic transition's id. */
  readonly label: string;
  readonly taken: number;
  /** Times its guard refused it when it was tried. */
  readonly refused: number;
}

/** What a guard clause guards: a move (by its title) or a transition. */
export type ClauseOwner =
  | { readonly kind: 'move'; readonly title: string }
  | { readonly kind: 'transition'; readonly transition: Pick<TransitionCoverage, 'source' | 'target' | 'kind' | 'label'> };

export interface ClauseCoverage {
  readonly path: DocPath;
  readonly id?: string;
  /** The move or transition the clause guards, in words. */
  readonly of: string;
  /** The same as data, for a reader that words it in another language. */
  readonly owner: ClauseOwner;
  readonly reason: string;
  readonly held: number;
  readonly refused: number;
}

export interface EffectCoverage {
  readonly path: DocPath;
  /** The effect's id, or its kind (`set`, `roll`, …). */
  readonly label: string;
  readonly runs: number;
}

export interface MoveCoverage {
  readonly name: string;
  readonly title: string;
  readonly made: number;
}

export interface RuleCoverage {
  readonly id: string;
  /** Moves made, states entered, transitions taken and refusals by guard clauses that cite it. */
  readonly count: number;
}

export interface HouseRuleCoverage {
  readonly variant: string;
  /** Its changes to parts that play counts (moves, guards, effects, states, transitions). */
  readonly counted: number;
  /** Those of them that fired at least once. */
  readonly fired: number;
  /** The places of the counted changes that never fired, as the variant names them. */
  readonly neverFired: readonly string[];
}

export interface CoverageReport {
  readonly games: number;
  readonly states: readonly StateCoverage[];
  readonly transitions: readonly TransitionCoverage[];
  readonly clauses: readonly ClauseCoverage[];
  readonly effects: readonly EffectCoverage[];
  readonly moves: readonly MoveCoverage[];
  readonly rules: readonly RuleCoverage[];
  /** With house rules: whether each one's changes fired. */
  readonly houseRules: readonly HouseRuleCoverage[];
}

/** What a variant changed, where (see variants/index.ts, AppliedChange). */
export interface HouseRuleChange {
  readonly variant: string;
  readonly place: string;
  readonly path: DocPath | undefined;
}

const rulesAt = (spec: unknown, path: DocPath): readonly string[] => {
  const node = specAt(spec, path);
  return node !== null && typeof node === 'object' && Array.isArray((node as { rules?: unknown }).rules)
    ? (node as { rules: string[] }).rules
    : [];
};

const effectLabel = (node: unknown): string => {
  if (node === null || typeof node !== 'object') return 'effect';
  const { id, ...rest } = node as Record<string, unknown>;
  return typeof id === 'string' ? id : (Object.keys(rest)[0] ?? 'effect');
};

export const transitionName = (t: Pick<TransitionCoverage, 'source' | 'target' | 'kind' | 'label'>): string =>
  `${t.source} ${t.target === null ? '(stays)' : `→ ${t.target}`} (${t.kind === 'move' ? t.label : `automatic '${t.label}'`})`;

const clausesOf = (spec: unknown, at: DocPath, owner: ClauseOwner, counts: CoverageCounts): ClauseCoverage[] => {
  const of = owner.kind === 'move' ? `move '${owner.title}'` : transitionName(owner.transition);
  const guard = specAt(spec, [...at, 'guard']) as Guard | undefined;
  return clausePaths(guard, at).map((path, i) => {
    const clause: GuardClause | undefined = typeof guard === 'string' || guard === undefined ? undefined : guard[i];
    const judged = counts.clauses[pathKey(path)] ?? { held: 0, refused: 0 };
    return {
      path,
      ...(clause?.id ? { id: clause.id } : {}),
      of,
      owner,
      reason: clause ? clause.reason || clause.test : String(guard),
      held: judged.held,
      refused: judged.refused,
    };
  });
};

const isPrefix = (a: DocPath, b: DocPath): boolean => a.length <= b.length && a.every((k, i) => String(k) === String(b[i]));

/** How often a part "fired": entered, taken, made, run, or (a guard clause) refused something. */
interface Counted {
  readonly path: DocPath;
  readonly fired: number;
  readonly clause: boolean;
}

const countedParts = (r: Omit<CoverageReport, 'houseRules' | 'rules'>): Counted[] => [
  ...r.states.map((s) => ({ path: s.path, fired: s.entered, clause: false })),
  ...r.transitions.map((t) => ({ path: t.path, fired: t.taken, clause: false })),
  ...r.clauses.map((c) => ({ path: c.path, fired: c.refused, clause: true })),
  ...r.effects.map((e) => ({ path: e.path, fired: e.runs, clause: false })),
  ...r.moves.map((m) => ({ path: ['moves', m.name], fired: m.made, clause: false })),
];

/**
 * The parts a change is counted by: those inside the changed place, or else the innermost part
 * that holds it (a changed guard test is counted by its clause, not by the move). The guard of a
 * move or transition the change adds whole only decides whether that fires: it is not counted.
 */
const partsOf = (parts: readonly Counted[], path: DocPath): Counted[] => {
  const inside = parts.filter((p) => isPrefix(path, p.path));
  const owners = inside.filter((p) => !p.clause);
  if (inside.length > 0) return inside.filter((p) => !p.clause || !owners.some((o) => isPrefix(o.path, p.path)));
  const holders = parts.filter((p) => isPrefix(p.path, path));
  const deepest = Math.max(-1, ...holders.map((p) => p.path.length));
  return holders.filter((p) => p.path.length === deepest);
};

const houseRules = (parts: readonly Counted[], changes: readonly HouseRuleChange[]): HouseRuleCoverage[] => {
  const variants = [...new Set(changes.map((c) => c.variant))];
  return variants.map((variant) => {
    const counted = changes
      .filter((c) => c.variant === variant && c.path !== undefined)
      .map((c) => ({ place: c.place, parts: partsOf(parts, c.path as DocPath) }))
      .filter((c) => c.parts.length > 0);
    const never = counted.filter((c) => c.parts.every((p) => p.fired === 0));
    return { variant, counted: counted.length, fired: counted.length - never.length, neverFired: never.map((c) => c.place) };
  });
};

export const coverageReport = (game: CompiledGame, counts: CoverageCounts, changes: readonly HouseRuleChange[] = []): CoverageReport => {
  const spec = game.spec;
  const stateNames = new Set(game.flow.states.map((s) => s.name));
  const states = game.graph.nodes
    .filter((n) => stateNames.has(n.id))
    .map((n) => ({ name: n.id, path: n.path, entered: counts.states[n.id] ?? 0 }));
  const transitions = game.flow.transitions.map((t) => {
    const tried = counts.transitions[pathKey(t.path)] ?? { taken: 0, refused: 0 };
    return { path: t.path, source: t.source, target: t.target, kind: t.kind, label: t.label, taken: tried.taken, refused: tried.refused };
  });
  const moves = Object.values(game.moves).map((m) => ({ name: m.name, title: m.title, made: counts.moves[m.name] ?? 0 }));
  const clauses = [
    ...moves.flatMap((m) => clausesOf(spec, ['moves', m.name], { kind: 'move', title: m.title }, counts)),
    ...transitions.flatMap((t) => clausesOf(spec, t.path, { kind: 'transition', transition: t }, counts)),
  ];
  const effects = Object.entries(counts.effects).map(([key, runs]) => {
    const path = key.split('.').map((k) => (/^\d+$/.test(k) ? Number(k) : k));
    return { path, label: effectLabel(specAt(spec, path)), runs };
  });
  const ruleCounts = new Map<string, number>();
  const cite = (rules: readonly string[], n: number): void => {
    for (const id of rules) ruleCounts.set(id, (ruleCounts.get(id) ?? 0) + n);
  };
  for (const m of moves) cite(rulesAt(spec, ['moves', m.name]), m.made);
  for (const s of states) cite(rulesAt(spec, s.path), s.entered);
  for (const t of transitions) cite(rulesAt(spec, t.path), t.taken);
  for (const c of clauses) cite(rulesAt(spec, c.path), c.refused);
  const rules = [...ruleCounts].map(([id, count]) => ({ id, count })).sort((a, b) => a.id.localeCompare(b.id, 'en', { numeric: true }));
  const parts = { games: counts.games, states, transitions, clauses, effects, moves };
  return { ...parts, rules, houseRules: houseRules(countedParts(parts), changes) };
};

const where = (path: DocPath): string => pathKey(path);

const share = (done: number, all: number): string => `${done} of ${all}`;

export const clauseName = (c: ClauseCoverage): string => `${c.of}: ${c.id ? `'${c.id}' ` : ''}${c.reason}`;

/** One line per kind of part: how much of it play reached. */
export const coverageSummary = (r: CoverageReport): string[] => [
  `states         ${share(r.states.filter((s) => s.entered > 0).length, r.states.length)} entered`,
  `transitions    ${share(r.transitions.filter((t) => t.taken > 0).length, r.transitions.length)} taken`,
  `guard clauses  ${share(r.clauses.filter((c) => c.refused > 0).length, r.clauses.length)} refused at least once, ${r.clauses.filter((c) => c.held === 0 && c.refused > 0).length} always refused`,
  `effects        ${share(r.effects.filter((e) => e.runs > 0).length, r.effects.length)} run`,
  `moves          ${share(r.moves.filter((m) => m.made > 0).length, r.moves.length)} made`,
  `rule ids       ${share(r.rules.filter((x) => x.count > 0).length, r.rules.length)} exercised`,
];

export const houseRuleLine = (h: HouseRuleCoverage): string =>
  h.counted === 0
    ? `house rule ${h.variant}: changes only what play does not count (params, variables, definitions…)`
    : h.fired === 0
      ? `house rule ${h.variant}: NEVER FIRED (none of its changes to play ran: ${h.counted})`
      : `house rule ${h.variant}: ${share(h.fired, h.counted)} changes fired`;

/** Which list of never-reached parts: the studio words its title by this. */
export type UnreachedKind = 'states' | 'transitions' | 'alwaysRefused' | 'neverTested' | 'effects' | 'moves' | 'rules' | 'houseRule';

export interface UnreachedItem {
  readonly text: string;
  readonly path?: DocPath;
  /** The part itself, where its text has words in it (a transition, a guard clause). */
  readonly transition?: TransitionCoverage;
  readonly clause?: ClauseCoverage;
}

export interface Unreached {
  readonly kind: UnreachedKind;
  readonly title: string;
  /** For a house rule's list: the house rule. */
  readonly variant?: string;
  readonly items: readonly UnreachedItem[];
}

/** What play never reached, by kind; kinds with nothing unreached are left out. */
export const unreached = (r: CoverageReport): Unreached[] => {
  const clauseItem = (c: ClauseCoverage): UnreachedItem => ({ text: clauseName(c), path: c.path, clause: c });
  const lists: Unreached[] = [
    {
      kind: 'states',
      title: 'States never entered',
      items: r.states.filter((s) => s.entered === 0).map((s) => ({ text: s.name, path: s.path })),
    },
    {
      kind: 'transitions',
      title: 'Transitions never taken',
      items: r.transitions
        .filter((t) => t.taken === 0)
        .map((t) => ({
          text: `${transitionName(t)}${t.refused > 0 ? `, refused ${t.refused} times` : ', never tried'}`,
          path: t.path,
          transition: t,
        })),
    },
    {
      kind: 'alwaysRefused',
      title: 'Guard clauses always refused',
      items: r.clauses.filter((c) => c.held === 0 && c.refused > 0).map(clauseItem),
    },
    {
      kind: 'neverTested',
      title: 'Guard clauses never tested',
      items: r.clauses.filter((c) => c.held === 0 && c.refused === 0).map(clauseItem),
    },
    {
      kind: 'effects',
      title: 'Effects never run',
      items: r.effects.filter((e) => e.runs === 0).map((e) => ({ text: e.label, path: e.path })),
    },
    {
      kind: 'moves',
      title: 'Moves never made',
      items: r.moves.filter((m) => m.made === 0).map((m) => ({ text: m.title, path: ['moves', m.name] })),
    },
    { kind: 'rules', title: 'Rule ids never exercised', items: r.rules.filter((x) => x.count === 0).map((x) => ({ text: x.id })) },
    ...r.houseRules
      .filter((h) => h.neverFired.length > 0)
      .map(
        (h): Unreached => ({
          kind: 'houseRule',
          variant: h.variant,
          title: `House rule ${h.variant}: changes that never fired`,
          items: h.neverFired.map((text) => ({ text })),
        }),
      ),
  ];
  return lists.filter((u) => u.items.length > 0);
};

/** The report as text: the summary, what was never reached, then every count. */
export const formatCoverage = (r: CoverageReport): string[] => {
  const lines = [...coverageSummary(r), ...r.houseRules.map(houseRuleLine)].map((line) => `  ${line}`);
  lines.push('');
  for (const u of unreached(r)) {
    lines.push(`${u.title}:`);
    for (const item of u.items) lines.push(`  ${item.text}${item.path ? `  (${where(item.path)})` : ''}`);
  }
  lines.push('', 'Counts:');
  for (const s of r.states) lines.push(`  state ${s.name}: entered ${s.entered}`);
  for (const t of r.transitions) lines.push(`  ${transitionName(t)}: taken ${t.taken}, refused ${t.refused}`);
  for (const c of r.clauses) lines.push(`  ${clauseName(c)}: held ${c.held}, refused ${c.refused}`);
  for (const e of r.effects) lines.push(`  effect ${e.label} (${where(e.path)}): ran ${e.runs}`);
  for (const m of r.moves) lines.push(`  move ${m.title}: made ${m.made}`);
  for (const x of r.rules) lines.push(`  rule ${x.id}: ${x.count}`);
  return lines;
};

/** What each house rule changed, for `coverageReport` (as the `diff` command finds it). */
export const houseRuleChanges = (base: VariantFile, variants: readonly VariantFile[]): HouseRuleChange[] =>
  variants.length === 0 ? [] : overlay(base, variants).changes.map((c) => ({ variant: c.variant, place: c.place, path: c.path }));
