/**
 * The starting context of a game: params, variables at their initial values, and every die and
 * card created and put in its starting zone. Card sets may be listed or generated as a product of
 * attribute values, with derived attributes, a filter and copies.
 */
import { Meter, type Env } from '../lang/index.ts';
import { checkExpr, report, typeOf, type CompiledExpr, type ExprChecker, type Locals } from '../check/exprs.ts';
import { SpecLimitError, SpecRuntimeError } from '../errors.ts';
import { LIMITS, formatLimit } from '../limits.ts';
import type { DocPath } from '../spec/diagnostics.ts';
import type { CardSetSpec, GameSpec, VarSpec } from '../spec/types.ts';
import { copyContext, type GameContext, type Json, type Piece, type ZoneContents } from '../runtime/state.ts';
import { seedRng } from '../runtime/rng.ts';
import { envOf, extendEnv, type LocalValues } from '../runtime/env.ts';
import { teamAssignment } from '../runtime/teams.ts';

export interface SetupOptions {
  readonly players: number;
  readonly seed: number | string;
  readonly params: Readonly<Record<string, Json>>;
}

export type InitialContext = (options: SetupOptions) => GameContext;

type VarInit = { name: string; expr: CompiledExpr };

const compileVars = (checker: ExprChecker, vars: Record<string, VarSpec> | undefined, path: DocPath, locals: Locals): VarInit[] =>
  Object.entries(vars ?? {}).flatMap(([name, v]) => {
    const initial = Array.isArray(v.initial) ? JSON.stringify(v.initial) : v.initial;
    const expr = checkExpr(checker, initial, [...path, name, 'initial'], locals, typeOf(v.type));
    return expr ? [{ name, expr }] : [];
  });

const evalVars = (inits: readonly VarInit[], env: Env, meter: Meter): Record<string, Json> =>
  Object.fromEntries(inits.map((v) => [v.name, v.expr.run(env, meter) as Json]));

/** A count of pieces must be a whole number, and all of them together within the piece limit. */
const pieceCount = (n: unknown, path: DocPath, what: string): number => {
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0)
    throw new SpecRuntimeError(`${what} must be a whole number, 0 or more; got ${String(n)}`, path);
  if (n > LIMITS.pieces)
    throw new SpecLimitError(`${what} is ${formatLimit(n)}; a game may have at most ${formatLimit(LIMITS.pieces)} pieces`, path);
  return n;
};

interface KindSetup {
  kind: string;
  /** Where its count is written, for messages about too many pieces. */
  path: DocPath;
  start: string;
  /** The pieces of one owner's share (or of the game), before ids are given. */
  make(env: Env, meter: Meter): Record<string, Json>[];
  props: VarInit[];
}

const compileCards = (checker: ExprChecker, name: string, set: CardSetSpec, path: DocPath): KindSetup['make'] | undefined => {
  const attrLocals: Record<string, ReturnType<typeof typeOf>> = {};
  for (const [attr, type] of Object.entries(set.attributes)) attrLocals[attr] = typeOf(type);
  const derive = Object.entries(set.derive ?? {}).flatMap(([attr, source]) => {
    const type = set.attributes[attr];
    if (!type) {
      report(checker, 'unknown-name', [...path, 'derive', attr], `'${attr}' is derived but not declared under attributes of '${name}'`);
      return [];
    }
    const expr = checkExpr(checker, source, [...path, 'derive', attr], attrLocals, typeOf(type));
    return expr ? [{ attr, expr }] : [];
  });
  const where = set.where === undefined ? undefined : checkExpr(checker, set.where, [...path, 'where'], attrLocals, typeOf('bool'));
  const copies = set.copies === undefined ? undefined : checkExpr(checker, set.copies, [...path, 'copies'], attrLocals, typeOf('number'));
  const product = Object.entries(set.product ?? {});
  for (const [attr] of product) {
    if (!set.attributes[attr])
      report(checker, 'unknown-name', [...path, 'product', attr], `'${attr}' is not declared under attributes of '${name}'`);
  }
  const combinations = product.reduce((n, [, values]) => n * values.length, 1);
  if (product.length > 0 && combinations > LIMITS.pieces) {
    report(
      checker,
      'too-large',
      [...path, 'product'],
      `the product makes ${formatLimit(combinations)} cards; a game may have at most ${formatLimit(LIMITS.pieces)} pieces`,
    );
    return undefined;
  }
  return (env, meter) => {
    let generated: Record<string, Json>[] = product.length > 0 ? [{}] : [];
    for (const [attr, values] of product) generated = generated.flatMap((card) => values.map((v) => ({ ...card, [attr]: v })));
    const cards: Record<string, Json>[] = [];
    for (const base of [...(set.list ?? []), ...generated]) {
      // A fresh card per base, completed in place: each derived attribute sees the ones before it.
      const card: Record<string, Json> = { ...base };
      for (const d of derive) card[d.attr] = d.expr.run(extendEnv(env, card as LocalValues), meter) as Json;
      const scope = extendEnv(env, card as LocalValues);
      if (where && !where.run(scope, meter)) continue;
      const n = copies ? pieceCount(copies.run(scope, meter), [...path, 'copies'], `the copies of a '${name}' card`) : 1;
      if (cards.length + n > LIMITS.pieces) {
        throw new SpecLimitError(
          `'${name}' has more than ${formatLimit(LIMITS.pieces)} cards; a game may have at most ${formatLimit(LIMITS.pieces)} pieces`,
          path,
        );
      }
      for (let k = 0; k < n; k++) cards.push(card);
    }
    return cards;
  };
};

export const compileSetup = (checker: ExprChecker, spec: GameSpec): InitialContext => {
  const teamIds = spec.teams?.ids ?? [];
  const gameVars = compileVars(checker, spec.vars?.game, ['vars', 'game'], {});
  const playerVars = compileVars(checker, spec.vars?.player, ['vars', 'player'], { seat: typeOf('number') });
  const teamVars = compileVars(checker, spec.vars?.team, ['vars', 'team'], { index: typeOf('number') });
  const first =
    spec.turns?.first === undefined ? undefined : checkExpr(checker, spec.turns.first, ['turns', 'first'], {}, typeOf('number'));
  const kinds: KindSetup[] = [];
  for (const [kind, die] of Object.entries(spec.components?.dice ?? {})) {
    const path = ['components', 'dice', kind];
    const count = checkExpr(checker, die.count, [...path, 'count'], {}, typeOf('number'));
    const first = die.faces[0];
    if (first === undefined) report(checker, 'invalid-rule', [...path, 'faces'], `die '${kind}' has no faces`);
    if (!count || first === undefined) continue;
    kinds.push({
      kind,
      path: [...path, 'count'],
      start: die.start,
      make: (env, meter) =>
        Array.from({ length: pieceCount(count.run(env, meter), [...path, 'count'], `the count of die '${kind}'`) }, () => ({
          face: first,
        })),
      props: compileVars(checker, die.props, [...path, 'props'], {}),
    });
  }
  for (const [kind, set] of Object.entries(spec.components?.cards ?? {})) {
    const path = ['components', 'cards', kind];
    const make = compileCards(checker, kind, set, path);
    if (make) kinds.push({ kind, path, start: set.start, make, props: compileVars(checker, set.props, [...path, 'props'], {}) });
  }
  for (const k of kinds) {
    const zone = spec.zones?.[k.start];
    const path = ['components', spec.components?.dice?.[k.kind] ? 'dice' : 'cards', k.kind, 'start'];
    if (!zone) report(checker, 'unknown-name', path, `start zone '${k.start}' is not declared under zones`);
    else if (!zone.holds.includes(k.kind))
      report(checker, 'invalid-rule', path, `zone '${k.start}' does not hold '${k.kind}' (add it to its 'holds')`);
  }

  /**
   * The context before its PRNG is seeded, built from the players and the params alone: every
   * expression here is a pure calculation, so games with the same ones start alike and share it,
   * as later states share what did not change (a simulation of 200 games built it 200 times).
   */
  const unseeded = (numPlayers: number, params: SetupOptions['params']): GameContext => {
    const teamOfSeat = teamAssignment(spec, numPlayers);
    const blank: GameContext = {
      numPlayers,
      active: 0,
      turn: 0,
      params,
      game: {},
      players: Array.from({ length: numPlayers }, (_, seat) => ({ seat })),
      teams: teamIds.map((id, index) => ({ index, id, members: teamOfSeat.flatMap((t, s) => (t === index ? [s] : [])) })),
      zones: {},
      rng: UNSEEDED,
      rigged: [],
      log: [],
      result: null,
      auto: 0,
    };
    const env = envOf(blank);
    // Setting up is one piece of work, its expressions' steps counted together.
    const meter = new Meter();
    const game = evalVars(gameVars, env, meter);
    const playersList = blank.players.map((p, seat) => ({ ...p, ...evalVars(playerVars, extendEnv(env, { seat }), meter) }));
    const teams = blank.teams.map((t, index) => ({ ...t, ...evalVars(teamVars, extendEnv(env, { index }), meter) }));
    const owners = (zone: string): number | null => {
      const owner = spec.zones?.[zone]?.owner ?? 'game';
      return owner === 'game' ? null : owner === 'player' ? numPlayers : teamIds.length;
    };
    const zones: Record<string, ZoneContents> = {};
    for (const [name] of Object.entries(spec.zones ?? {})) {
      const n = owners(name);
      zones[name] = n === null ? [] : Array.from({ length: n }, () => []);
    }
    let pieces = 0;
    for (const k of kinds) {
      const n = owners(k.start);
      const props = evalVars(k.props, env, meter);
      let serial = 0;
      const counted = (share: Record<string, Json>[]): Record<string, Json>[] => {
        pieces += share.length;
        if (pieces > LIMITS.pieces) {
          throw new SpecLimitError(
            `with ${numPlayers} players the game would have more than ${formatLimit(LIMITS.pieces)} pieces (the limit)`,
            k.path,
          );
        }
        return share;
      };
      // Written field by field onto a new object, as `withField` copies one (runtime/ops.ts): the
      // pieces of a kind then share one V8 map per order of their fields, where spreading the
      // fields each piece was made with gave most pieces of a kind a map of their own, and every
      // expression reading a piece's field slowed to a lookup.
      const makeShare = (): Piece[] =>
        counted(k.make(env, meter)).map(
          (fields) => Object.assign({}, fields, props, { id: `${k.kind}-${++serial}`, kind: k.kind }) as Piece,
        );
      const current = zones[k.start];
      if (current === undefined) continue;
      zones[k.start] =
        n === null ? [...(current as Piece[]), ...makeShare()] : (current as Piece[][]).map((list) => [...list, ...makeShare()]);
    }
    const ctx: GameContext = { ...blank, game, players: playersList, teams, zones };
    return { ...ctx, active: first ? (first.run(envOf(ctx), meter) as number) : 0 };
  };
  const built = new WeakMap<SetupOptions['params'], Map<number, GameContext>>();
  return (options) => {
    let byPlayers = built.get(options.params);
    if (!byPlayers) built.set(options.params, (byPlayers = new Map()));
    let start = byPlayers.get(options.players);
    if (!start) byPlayers.set(options.players, (start = unseeded(options.players, options.params)));
    // The context before its seed has logged nothing and taken no automatic step.
    const ctx = copyContext(start, [], 0);
    ctx.rng = seedRng(options.seed);
    return ctx;
  };
};

const UNSEEDED: GameContext['rng'] = [0, 0, 0, 0];
