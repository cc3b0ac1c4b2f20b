/**
 * The whole front of the pipeline for one game: parse → validate → apply variants → check →
 * compile. Returns a CompiledGame, or the diagnostics that stopped it; never throws on user input.
 */
import { createLibrary, fixedValues, parseType, type Library, type Meter, type Scope } from '../lang/index.ts';
import { checkFlow } from '../check/flow.ts';
import { unacknowledged, unmatchedAcknowledgements } from '../check/acknowledge.ts';
import { WARNING_CODES, type CheckedWarning } from '../check/warnings.ts';
import { GLOBAL_ITEMS, globalTypes } from '../check/scope.ts';
import { SpecLimitError } from '../errors.ts';
import { checkExpr, exprProblem, report, scopeKey, typeOf, type ExprChecker, type Locals } from '../check/exprs.ts';
import type { Locator } from '../check/locator.ts';
import { diagnosticFrom } from '../check/locator.ts';
import { hasErrors, type Diagnostic, type Problem } from '../spec/diagnostics.ts';
import type { GameSpec, ParamSpec, ZoneSpec } from '../spec/types.ts';
import type { GameContext, Json } from '../runtime/state.ts';
import { paramDeclarationProblems, paramProblem } from '../spec/params.ts';

// The simulator's sweeps read param values as --param does.
export { paramProblem } from '../spec/params.ts';
import { loadSpec, type LocaleInput, type SourceFile } from './load.ts';
import type { MissingText } from '../locale/index.ts';
import { compileMachine, type CompiledFlow } from './machine.ts';
import { flattenFlow } from './flatten.ts';
import type { FlowTable } from '../runtime/table.ts';
import { compileProcedures, procedureTable, unusedProcedures } from './procedures.ts';
import type { EffectCompiler, EffectProbe } from './effects.ts';
import { compileMove, type CompiledMove } from './moves.ts';
import { compileSetup, type InitialContext } from './setup.ts';
import { flowGraph, type FlowGraph } from './graph.ts';
import { hostFunctions, type PieceNamers, type ScoringTables } from './host.ts';
import { compileTable } from './scoring.ts';
import { resolveFaces } from './faces.ts';
import { compileBots, type CompiledBot } from './bots.ts';
import { compileMetrics, type CompiledMetric } from './metrics.ts';
import { envOf } from '../runtime/env.ts';
import { compileDisplay, type CompiledDisplay } from './display.ts';
import { own } from '../spec/own.ts';

export type { LocaleInput, SourceFile } from './load.ts';
export type { CompiledBot, CompiledConsideration, CompiledPreference } from './bots.ts';
export type { CompiledMetric } from './metrics.ts';
export type { CompiledDisplay, CompiledShownVar, VarOwner } from './display.ts';

export interface CompileInput {
  readonly base: SourceFile;
  readonly variants?: readonly SourceFile[];
  /** Param values that override the defaults (a house-rules panel, the CLI's --param). */
  readonly params?: Readonly<Record<string, Json>>;
  /** Coverage only: counts each effect's runs (sim/coverage.ts); plain play compiles without it. */
  readonly probe?: EffectProbe;
  /** A translation of the game's texts (games/<id>/locales/<lang>.yaml): the game plays the same, in that language. */
  readonly locale?: LocaleInput;
}

export interface CompiledGame {
  readonly id: string;
  readonly title: string;
  readonly description: string;
  readonly players: { readonly min: number; readonly max: number; readonly default: number };
  readonly teams: readonly string[];
  /** The params as declared after variants, and the values in force. */
  readonly params: Readonly<Record<string, ParamSpec>>;
  readonly paramValues: Readonly<Record<string, Json>>;
  readonly zones: Readonly<Record<string, ZoneSpec>>;
  readonly moves: Readonly<Record<string, CompiledMove>>;
  readonly flow: CompiledFlow;
  /** The same flow as flat tables, for the fast stepping path (runtime/stepper.ts). */
  readonly table: FlowTable;
  readonly graph: FlowGraph;
  readonly initialContext: InitialContext;
  readonly spec: GameSpec;
  readonly globals: Scope;
  readonly library: Library;
  readonly locator: Locator;
  /** The seat after the active one, by the spec's turn order. */
  readonly nextSeat: (ctx: GameContext, meter: Meter) => number;
  /** The strategies the spec declares under `bots:`, by name. */
  readonly bots: Readonly<Record<string, CompiledBot>>;
  /** What the balance report measures in every game (`metrics:`), by name. */
  readonly metrics: Readonly<Record<string, CompiledMetric>>;
  /** How the state reads to players (the spec's `display:` section). */
  readonly display: CompiledDisplay;
  /** The local names every expression of the spec sees, by `scopeKey(path)` (for the editor's completion). */
  readonly scopes: ReadonlyMap<string, Locals>;
  /** The language of the game's texts: the locale's, or undefined for the spec's own. */
  readonly lang?: string;
}

export interface CompileOutput {
  readonly game: CompiledGame | undefined;
  readonly diagnostics: readonly Diagnostic[];
  /** With a locale: the texts it does not translate (the spec's own are shown). */
  readonly missing?: readonly MissingText[];
}

/** Param values: declared defaults, overridden by `values`; a value of the wrong kind is an error. */
const resolveParams = (spec: GameSpec, values: Readonly<Record<string, Json>>, checker: ExprChecker): Record<string, Json> => {
  const out: Record<string, Json> = {};
  for (const [name, p] of Object.entries(spec.params ?? {})) out[name] = p.default;
  for (const [name, value] of Object.entries(values)) {
    const p = own(spec.params, name);
    if (!p) {
      report(
        checker,
        'unknown-name',
        ['params'],
        `there is no param '${name}' to set (params: ${Object.keys(spec.params ?? {}).join(', ') || 'none'})`,
      );
      continue;
    }
    const problem = paramProblem(p, value);
    if (problem) report(checker, 'bad-value', ['params', name], `param '${name}': ${problem}`);
    else out[name] = value;
  }
  return out;
};

/** The piece-limit error of setting up a game this way, if it has one (other setup errors show when a game starts). */
const pieceLimitError = (
  initialContext: InitialContext,
  players: number,
  params: Readonly<Record<string, Json>>,
): SpecLimitError | undefined => {
  try {
    initialContext({ players, seed: 0, params });
  } catch (error) {
    if (error instanceof SpecLimitError) return error;
  }
  return undefined;
};

/**
 * Too many pieces is found before anybody plays: with the params in force, at the fewest and the
 * most players (an error), and with every number param at its declared maximum (a warning: the
 * house-rules panel would let a player ask for it).
 */
const pieceCountProblems = (spec: GameSpec, initialContext: InitialContext, params: Readonly<Record<string, Json>>): Problem[] => {
  for (const players of [spec.players.min, spec.players.max]) {
    const error = pieceLimitError(initialContext, players, params);
    if (error) return [{ code: 'too-large', path: error.path, message: error.message }];
  }
  const atMax = Object.entries(spec.params ?? {}).filter(([, p]) => p.type === 'number' && p.max !== undefined);
  if (atMax.length === 0) return [];
  const largest = { ...params, ...Object.fromEntries(atMax.map(([name, p]) => [name, (p as { max: number }).max])) };
  const error = pieceLimitError(initialContext, spec.players.max, largest);
  if (!error) return [];
  const names = atMax.map(([name, p]) => `${name}: ${(p as { max: number }).max}`).join(', ');
  return [
    {
      code: 'too-large',
      path: error.path,
      message: `${error.message} when the params are at their maximum (${names}): lower their max`,
      severity: 'warning',
    },
  ];
};

/**
 * Everything the starting pieces depend on: the expressions that make them, the names and
 * functions those see (globals, definitions, scoring tables, display names, teams) and the seats.
 */
const SETUP_SECTIONS = ['players', 'teams', 'params', 'components', 'zones', 'vars', 'turns', 'definitions', 'scoring', 'display'] as const;

/**
 * Building every starting piece twice or three times is the largest single cost of an editor
 * keystroke that does not touch the setup. A parsed section that did not change is the same
 * frozen object as before (src/parse/sections.ts), so the check's outcome is reused while those
 * sections are the very same objects and the params the same values.
 */
const pieceChecks: { sections: readonly unknown[]; params: string; problems: readonly Problem[] }[] = [];
const PIECE_CHECKS_KEPT = 8;

const checkPieceCounts = (
  spec: GameSpec,
  initialContext: InitialContext,
  params: Readonly<Record<string, Json>>,
  checker: ExprChecker,
): void => {
  const sections = SETUP_SECTIONS.map((key) => spec[key]);
  const paramsKey = JSON.stringify(params);
  const same = (e: (typeof pieceChecks)[number]): boolean => e.params === paramsKey && e.sections.every((s, i) => s === sections[i]);
  // Only frozen sections can be trusted not to change behind the key's back.
  const trusted = sections.every((s) => s === undefined || Object.isFrozen(s));
  let entry = trusted ? pieceChecks.find(same) : undefined;
  if (!entry) {
    entry = { sections, params: paramsKey, problems: pieceCountProblems(spec, initialContext, params) };
    if (trusted) {
      pieceChecks.unshift(entry);
      pieceChecks.length = Math.min(pieceChecks.length, PIECE_CHECKS_KEPT);
    }
  }
  for (const p of entry.problems) checker.diagnostics.push(diagnosticFrom(checker.locator, p));
};

export const compileGame = (input: CompileInput): CompileOutput => {
  const loaded = loadSpec(input.base, input.variants ?? [], input.locale);
  if (!loaded.spec) return { game: undefined, diagnostics: loaded.diagnostics };
  const { locator, lang, missing } = loaded;
  const diagnostics: Diagnostic[] = [...loaded.diagnostics];
  // Faces written as expressions are computed first, with the param values asked for (a value
  // of the wrong kind falls back to the default here and is reported by resolveParams below).
  const asked = Object.fromEntries(
    Object.entries(loaded.spec.params ?? {}).map(([name, p]) => {
      const value = input.params?.[name];
      return [name, value !== undefined && !paramProblem(p, value) ? value : p.default];
    }),
  );
  const { spec, problems } = resolveFaces(loaded.spec, asked);
  for (const p of problems) diagnostics.push(diagnosticFrom(locator, p));

  const scope = globalTypes(spec);
  for (const p of scope.problems) diagnostics.push(diagnosticFrom(locator, p));
  const globals: Scope = Object.fromEntries(Object.entries(scope.names).map(([name, text]) => [name, typeOf(text)]));

  const tables: ScoringTables = new Map();
  const namers: PieceNamers = new Map();
  const defs = Object.entries(spec.definitions ?? {}).map(([name, d]) => ({
    name,
    params: Object.entries(d.params ?? {}).map(([p, type]) => ({ name: p, type })),
    returns: d.returns,
    body: d.body,
  }));
  const { library, errors } = createLibrary(hostFunctions(tables, spec, namers), defs, globals, GLOBAL_ITEMS);
  const scopes = new Map<string, Locals>();
  for (const d of defs)
    scopes.set(
      scopeKey(['definitions', d.name, 'body']),
      Object.fromEntries(d.params.map((p) => [p.name, parseType(p.type).ok ? typeOf(p.type) : typeOf('number')])),
    );
  const checker: ExprChecker = { globals, library, diagnostics, locator, scopes };
  for (const e of errors) {
    const body = e.where === 'body' ? spec.definitions?.[e.name]?.body : undefined;
    diagnostics.push(
      diagnosticFrom(
        locator,
        body === undefined
          ? { code: e.error.code, path: ['definitions', e.name, e.where], message: e.error.message }
          : exprProblem(e.error, ['definitions', e.name, 'body'], body),
      ),
    );
  }
  for (const [name, table] of Object.entries(spec.scoring ?? {})) tables.set(name, compileTable(checker, table, ['scoring', name]));

  for (const p of paramDeclarationProblems(spec.params ?? {})) diagnostics.push(diagnosticFrom(locator, p));
  const paramValues = resolveParams(spec, input.params ?? {}, checker);
  const flow = checkFlow(spec);
  const warnings: CheckedWarning[] = [];
  for (const p of flow.problems) {
    if (p.severity === 'warning') warnings.push(p);
    else diagnostics.push(diagnosticFrom(locator, p));
  }
  const warn = (found: readonly CheckedWarning[]): void => {
    for (const w of unacknowledged(spec, found))
      diagnostics.push(diagnosticFrom(locator, { code: WARNING_CODES[w.kind], path: w.path, message: w.message, severity: 'warning' }));
  };
  warn(warnings);

  // The code of play takes the params as the constants they are for this game (lang/fixed.ts);
  // the setup's does not, and neither do the scoring tables it may call: the piece count check
  // sets a game up with other params.
  const played: ExprChecker = { ...checker, library: { ...library, fixed: fixedValues(new Map([['params', paramValues]])) } };
  const next = spec.turns?.next === undefined ? undefined : checkExpr(played, spec.turns.next, ['turns', 'next'], {}, typeOf('number'));
  const nextSeat = (ctx: GameContext, meter: Meter): number =>
    next ? (next.run(envOf(ctx), meter) as number) : (ctx.active + 1) % ctx.numPlayers;
  const faces = new Map(Object.entries(spec.components?.dice ?? {}).map(([kind, die]) => [kind, die.faces as (number | string)[]]));
  const cx: EffectCompiler = {
    checker: played,
    spec,
    faces,
    nextSeat,
    procedure: procedureTable(spec, () => cx),
    called: new Set(),
    probe: input.probe,
    lang,
  };
  const moves: Record<string, CompiledMove> = {};
  for (const [name, move] of Object.entries(spec.moves ?? {})) {
    const compiled = compileMove(cx, name, move, ['moves', name]);
    if (compiled) moves[name] = compiled;
  }
  const initialContext = compileSetup(checker, spec);
  compileProcedures(cx);
  const bots = compileBots(played, spec, new Map(Object.entries(moves)));
  const metrics = compileMetrics(played, spec);
  const display = compileDisplay(played, spec, new Map(Object.entries(moves)));
  for (const [kind, namer] of Object.entries(display.pieces)) namers.set(kind, namer);
  if (hasErrors(diagnostics)) return { game: undefined, diagnostics, missing };

  let compiledFlow: CompiledFlow;
  let table: FlowTable;
  try {
    compiledFlow = compileMachine(cx, spec, flow.states, flow.transitions, new Map(Object.entries(moves)));
    table = flattenFlow(compiledFlow, moves, spec.flow.initial);
  } catch (error) {
    diagnostics.push(
      diagnosticFrom(locator, {
        code: 'flow-build',
        path: ['flow'],
        message: `the flow could not be built as a statechart: ${(error as Error).message}`,
      }),
    );
    return { game: undefined, diagnostics, missing };
  }
  const unused = unusedProcedures(cx);
  warn(unused);
  // Every acknowledgeable warning is known only now that everything compiled.
  for (const a of unmatchedAcknowledgements(spec, [...warnings, ...unused]))
    diagnostics.push(diagnosticFrom(locator, { code: 'unmatched-acknowledgement', path: a.path, message: a.message, severity: 'warning' }));
  checkPieceCounts(spec, initialContext, paramValues, checker);
  if (hasErrors(diagnostics)) return { game: undefined, diagnostics, missing };

  const players = { min: spec.players.min, max: spec.players.max, default: spec.players.default ?? spec.players.min };
  return {
    game: {
      id: spec.id,
      title: spec.title,
      description: spec.description ?? '',
      players,
      teams: spec.teams?.ids ?? [],
      params: spec.params ?? {},
      paramValues,
      zones: spec.zones ?? {},
      moves,
      flow: compiledFlow,
      table,
      graph: flowGraph(spec, flow.states, flow.transitions),
      initialContext,
      spec,
      globals,
      library,
      locator,
      nextSeat,
      bots,
      metrics,
      display,
      scopes,
      lang,
    },
    diagnostics,
    missing,
  };
};
