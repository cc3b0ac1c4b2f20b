/**
 * The `display:` section: how the state reads to players. Every expression is checked here with
 * the names its place makes visible (`seat`, `team`, `value`, `piece`, a move's arguments), and
 * every name it refers to (a variable, zone, component or move) must exist: a display entry that
 * names nothing would silently show nothing.
 */
import { formatType, type Type } from '../lang/index.ts';
import { didYouMean } from '../lang/index.ts';
import { checkExpr, report, typeOf, type CompiledExpr, type ExprChecker, type Locals } from '../check/exprs.ts';
import { pieceFieldsByKind, pieceTypeText } from '../check/scope.ts';
import type { DisplaySpec, DisplayVarSpec, GameSpec } from '../spec/types.ts';
import type { CompiledMove } from './moves.ts';
import { piecePropTypes } from './targets.ts';

export type VarOwner = 'game' | 'player' | 'team';

export interface CompiledShownVar {
  readonly name: string;
  readonly label: string;
  readonly format?: CompiledExpr;
  readonly when?: CompiledExpr;
}

export interface CompiledDisplay {
  readonly seat?: CompiledExpr;
  readonly team?: CompiledExpr;
  readonly score?: { readonly label: string; readonly value: CompiledExpr };
  /** The variables shown on the board, in the order the spec lists them. */
  readonly vars: Readonly<Record<VarOwner, readonly CompiledShownVar[]>>;
  readonly pieces: Readonly<Record<string, CompiledExpr>>;
  /** How a piece's props read on its face, by prop name. */
  readonly props: Readonly<Record<string, CompiledShownVar>>;
  readonly zones: Readonly<Record<string, { readonly label?: string; readonly hidden: boolean }>>;
  readonly moves: Readonly<Record<string, CompiledExpr>>;
}

const STRING = typeOf('string');
const NUMBER = typeOf('number');
const OWNER_LOCAL: Record<VarOwner, Locals> = { game: {}, player: { seat: NUMBER }, team: { team: NUMBER } };

/** A name the display refers to must be declared; otherwise a located error with a suggestion. */
const known = (checker: ExprChecker, path: (string | number)[], what: string, name: string, names: readonly string[]): boolean => {
  if (names.includes(name)) return true;
  report(checker, 'unknown-name', path, `display: there is no ${what} '${name}'${didYouMean(name, names)}`);
  return false;
};

/** A shown value's label, and its format and when checked with `locals` (which hold `value`). */
const shownValue = (
  checker: ExprChecker,
  path: (string | number)[],
  name: string,
  shown: DisplayVarSpec,
  locals: Locals,
): CompiledShownVar => {
  const format = shown.format === undefined ? undefined : checkExpr(checker, shown.format, [...path, 'format'], locals, STRING);
  const when = shown.when === undefined ? undefined : checkExpr(checker, shown.when, [...path, 'when'], locals, typeOf('bool'));
  return { name, label: shown.label, format, when };
};

const shownVars = (
  checker: ExprChecker,
  spec: GameSpec,
  owner: VarOwner,
  entries: Readonly<Record<string, DisplayVarSpec>>,
): CompiledShownVar[] => {
  const declared = spec.vars?.[owner] ?? {};
  return Object.entries(entries).flatMap(([name, shown]) => {
    const path = ['display', 'vars', owner, name];
    if (!known(checker, path, `${owner} variable`, name, Object.keys(declared))) return [];
    return [shownValue(checker, path, name, shown, { ...OWNER_LOCAL[owner], value: typeOf(declared[name]?.type ?? 'number') })];
  });
};

const isScoreType = (t: Type): boolean => ['number', 'string'].includes(formatType(t));

export const compileDisplay = (checker: ExprChecker, spec: GameSpec, moves: ReadonlyMap<string, CompiledMove>): CompiledDisplay => {
  const d: DisplaySpec = spec.display ?? {};
  const seat = d.seat === undefined ? undefined : checkExpr(checker, d.seat, ['display', 'seat'], { seat: NUMBER }, STRING);
  if (d.team !== undefined && !spec.teams)
    report(checker, 'invalid-rule', ['display', 'team'], 'display: a team name needs teams (the game declares none)');
  const team = d.team === undefined || !spec.teams ? undefined : checkExpr(checker, d.team, ['display', 'team'], { team: NUMBER }, STRING);
  let score: CompiledDisplay['score'];
  if (d.score) {
    const value = checkExpr(checker, d.score.value, ['display', 'score', 'value'], { seat: NUMBER });
    if (value && !isScoreType(value.type))
      report(
        checker,
        'type-mismatch',
        ['display', 'score', 'value'],
        `display: a score must be a number or a string, found ${formatType(value.type)}`,
      );
    else if (value) score = { label: d.score.label ?? 'Score', value };
  }
  const owners: VarOwner[] = ['game', 'player', 'team'];
  const vars = Object.fromEntries(owners.map((o) => [o, shownVars(checker, spec, o, d.vars?.[o] ?? {})])) as Record<
    VarOwner,
    CompiledShownVar[]
  >;

  const kinds = pieceFieldsByKind(spec);
  const pieces: Record<string, CompiledExpr> = {};
  for (const [kind, source] of Object.entries(d.pieces ?? {})) {
    const path = ['display', 'pieces', kind];
    const fields = kinds.get(kind);
    if (!known(checker, path, 'die or card set', kind, [...kinds.keys()]) || !fields) continue;
    const expr = checkExpr(checker, source, path, { piece: typeOf(pieceTypeText(fields)) }, STRING);
    if (expr) pieces[kind] = expr;
  }

  const propTypes = piecePropTypes(spec);
  const props: Record<string, CompiledShownVar> = {};
  for (const [name, shown] of Object.entries(d.props ?? {})) {
    const path = ['display', 'props', name];
    const type = propTypes.get(name);
    if (known(checker, path, 'piece prop', name, [...propTypes.keys()]) && type)
      props[name] = shownValue(checker, path, name, shown, { value: type });
  }

  const zones: Record<string, { label?: string; hidden: boolean }> = {};
  for (const [name, z] of Object.entries(d.zones ?? {})) {
    if (known(checker, ['display', 'zones', name], 'zone', name, Object.keys(spec.zones ?? {})))
      zones[name] = { label: z.label, hidden: z.hidden === true };
  }

  const moveTexts: Record<string, CompiledExpr> = {};
  for (const [name, source] of Object.entries(d.moves ?? {})) {
    const path = ['display', 'moves', name];
    const move = moves.get(name);
    if (!known(checker, path, 'move', name, Object.keys(spec.moves ?? {})) || !move) continue;
    const expr = checkExpr(checker, source, path, move.locals, STRING);
    if (expr) moveTexts[name] = expr;
  }
  return { seat, team, score, vars, pieces, props, zones, moves: moveTexts };
};
