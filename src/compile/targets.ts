/**
 * The two kinds of place an effect writes to: a variable (the key of `set` and `add`) and a zone
 * (`from`, `to`, `shuffle`, `roll`). Both are written as expressions of a fixed form, checked here.
 */
import { didYouMean, type Env, type Meter, type Type } from '../lang/index.ts';
import { checkExpr, report, typeOf, type ExprChecker, type Locals } from '../check/exprs.ts';
import type { DocPath } from '../spec/diagnostics.ts';
import type { GameSpec, VarSpec } from '../spec/types.ts';
import type { ZoneRef } from '../runtime/ops.ts';

/** The seat or team a target names, worked out on the move's meter. */
type SeatOf = (env: Env, meter: Meter) => number;

export type VarTarget =
  | { kind: 'game'; name: string; type: Type }
  | { kind: 'player'; name: string; type: Type; index: SeatOf | 'active' }
  | { kind: 'team'; name: string; type: Type; index: SeatOf }
  | { kind: 'piece'; local: string; name: string; type: Type };

const IDENT = '[A-Za-z_][A-Za-z0-9_]*';
const GAME_VAR = new RegExp(`^\\s*(game|player)\\.(${IDENT})\\s*$`);
const INDEXED_VAR = new RegExp(`^\\s*(players|teams)\\[(.+)\\]\\.(${IDENT})\\s*$`);
const PIECE_PROP = new RegExp(`^\\s*(${IDENT})\\.(${IDENT})\\s*$`);
const ZONE = new RegExp(`^\\s*zones\\.(${IDENT})\\s*(?:\\[(.+)\\])?\\s*$`);

const varType = (vars: Record<string, VarSpec> | undefined, name: string): Type | undefined => {
  const spec = vars?.[name];
  return spec ? typeOf(spec.type) : undefined;
};

const NUMBER = (): Type => typeOf('number');

/** Properties that pieces may change at run time (declared as `props` on dice and card sets). */
export const piecePropTypes = (spec: GameSpec): Map<string, Type> => {
  const props = new Map<string, Type>();
  const kinds = [...Object.values(spec.components?.dice ?? {}), ...Object.values(spec.components?.cards ?? {})];
  for (const kind of kinds) {
    for (const [name, v] of Object.entries(kind.props ?? {})) props.set(name, typeOf(v.type));
  }
  return props;
};

export const parseVarTarget = (checker: ExprChecker, spec: GameSpec, key: string, path: DocPath, locals: Locals): VarTarget | undefined => {
  const simple = GAME_VAR.exec(key);
  if (simple) {
    const [, owner = '', name = ''] = simple;
    const vars = owner === 'game' ? spec.vars?.game : spec.vars?.player;
    const type = varType(vars, name);
    if (!type) {
      report(
        checker,
        'unknown-name',
        path,
        `'${key}': there is no ${owner} variable '${name}'${didYouMean(name, Object.keys(vars ?? {}))} (a new one is declared under vars.${owner})`,
      );
      return undefined;
    }
    return owner === 'game' ? { kind: 'game', name, type } : { kind: 'player', name, type, index: 'active' };
  }
  const indexed = INDEXED_VAR.exec(key);
  if (indexed) {
    const [, owner = '', indexSource = '', name = ''] = indexed;
    const vars = owner === 'players' ? spec.vars?.player : spec.vars?.team;
    const type = varType(vars, name);
    if (!type) {
      const kind = owner === 'players' ? 'player' : 'team';
      report(
        checker,
        'unknown-name',
        path,
        `'${key}': there is no ${kind} variable '${name}'${didYouMean(name, Object.keys(vars ?? {}))} (a new one is declared under vars.${kind})`,
      );
      return undefined;
    }
    const index = checkExpr(checker, indexSource, path, locals, NUMBER());
    if (!index) return undefined;
    const run: SeatOf = (env, meter) => index.run(env, meter) as number;
    return owner === 'players' ? { kind: 'player', name, type, index: run } : { kind: 'team', name, type, index: run };
  }
  const prop = PIECE_PROP.exec(key);
  if (prop && prop[1] !== undefined && prop[1] in locals) {
    const [, local = '', name = ''] = prop;
    const type = piecePropTypes(spec).get(name);
    if (!type) {
      report(
        checker,
        'unknown-name',
        path,
        `'${key}': '${name}' is not a piece property${didYouMean(name, [...piecePropTypes(spec).keys()])} (a new one is declared under props of a die or card set)`,
      );
      return undefined;
    }
    return { kind: 'piece', local, name, type };
  }
  report(
    checker,
    'invalid-rule',
    path,
    `'${key}' is not a place an effect can set: write game.NAME, player.NAME, players[SEAT].NAME, teams[TEAM].NAME or PIECE.PROP`,
  );
  return undefined;
};

export interface CompiledZoneRef {
  readonly name: string;
  resolve(env: Env, meter: Meter): ZoneRef;
}

export const parseZoneRef = (
  checker: ExprChecker,
  spec: GameSpec,
  source: string,
  path: DocPath,
  locals: Locals,
): CompiledZoneRef | undefined => {
  const match = ZONE.exec(source);
  if (!match) {
    report(
      checker,
      'invalid-rule',
      path,
      `'${source}' is not a zone: write zones.NAME, or zones.NAME[OWNER] for a zone each player or team has`,
    );
    return undefined;
  }
  const [, name = '', indexSource] = match;
  const zone = spec.zones?.[name];
  if (!zone) {
    report(
      checker,
      'unknown-name',
      path,
      `there is no zone '${name}' (declared zones: ${Object.keys(spec.zones ?? {}).join(', ') || 'none'})`,
    );
    return undefined;
  }
  const owned = (zone.owner ?? 'game') !== 'game';
  if (owned !== (indexSource !== undefined)) {
    report(
      checker,
      'invalid-rule',
      path,
      owned
        ? `zone '${name}' belongs to each ${zone.owner}: say whose, e.g. zones.${name}[active]`
        : `zone '${name}' is shared: write zones.${name} without an index`,
    );
    return undefined;
  }
  if (indexSource === undefined) return { name, resolve: () => ({ name, index: null }) };
  const index = checkExpr(checker, indexSource, path, locals, NUMBER());
  if (!index) return undefined;
  const owner = zone.owner === 'team' ? 'team' : 'seat';
  return { name, resolve: (env, meter) => ({ name, index: index.run(env, meter) as number, owner }) };
};
