/**
 * Compiles a list of effects into one function that changes a move's draft context. The closed
 * set of primitives (set, add, let, move, shuffle, roll, deal, if, forEach, while, call, log,
 * nextTurn, endGame) composes; `let` and `forEach` bring names into scope for what follows.
 */
import { formatType, stepsSpent, typeEquals, STRING, type Env, type Type, type Value } from '../lang/index.ts';
import { fieldType } from '../lang/types.ts';
import { checkExpr, locateError, report, typeOf, type CompiledExpr, type ExprChecker, type Locals } from '../check/exprs.ts';
import type { DocPath } from '../spec/diagnostics.ts';
import type { Effect, ExprSource, GameSpec, MoveEffect } from '../spec/types.ts';
import type { Draft, GameContext, Json, Piece } from '../runtime/state.ts';
import { envOf, extendEnv, type LocalValues } from '../runtime/env.ts';
import { EffectError, VarWrites, currentPiece, release, movePieces, noSuch, pickPieces, updatePieces, withZone, zoneOf, type Put, type Take } from '../runtime/ops.ts';
import type { EffectRun } from '../runtime/table.ts';
import { parseVarTarget, parseZoneRef, type VarTarget } from './targets.ts';
import { elementType } from './types.ts';
import type { ProcedureLookup } from './procedures.ts';
import { LIMITS, formatLimit } from '../limits.ts';
import { holdingGuard } from './holding.ts';
import { pluralFormat, pluralProblem, readTemplate } from '../locale/template.ts';


export interface EffectCompiler {
  readonly checker: ExprChecker;
  readonly spec: GameSpec;
  /** Faces of each die kind, for `roll`. */
  readonly faces: ReadonlyMap<string, readonly (number | string)[]>;
  /** The seat after the active one, from `turns.next`. */
  readonly nextSeat: (ctx: GameContext) => number;
  /** The spec's procedures, compiled on first use. */
  readonly procedure: ProcedureLookup;
  /** Names of the procedures some `call` names (to warn about the others). */
  readonly called: Set<string>;
  /** Coverage only: each effect, by its path, gets a function to call every time it runs. */
  readonly probe?: EffectProbe;
  /** The language of the spec's texts (a translation's), for plurals in log lines; English when absent. */
  readonly lang?: string;
}

/** Given an effect's path at compile time, what to call each time that effect runs. */
export type EffectProbe = (path: DocPath) => () => void;

const NOTHING: EffectRun = () => undefined;

/**
 * The work done so far by the move a draft belongs to (the stepper gives a move and the automatic
 * steps after it one draft; the XState machine one per action). Each expression alone is bounded
 * by the language's budget and each list by its length, but loops nest and repeat them: a
 * `forEach` over a million items inside another is 10^12 runs, a `deal` of a billion rounds goes
 * on after its zone is empty. So every effect and loop round counts, and so do the calculation
 * steps of every expression evaluated since the move's first effect.
 *
 * Only the draft being changed is counted: drafts are changed one after another, and one that
 * another has followed is never changed again. A count per draft in a WeakMap, a new key every
 * move, cost a move about 6% of its time (the collector's work on the map's dead keys).
 */
let counted: Draft | undefined;
const work = { rounds: 0, stepsAt: 0 };

const ROUNDS_MESSAGE = `this move ran more than ${formatLimit(LIMITS.moveEffects)} effects and loop rounds (the limit of work for one move)`;
const STEPS_MESSAGE = `this move's calculations took more than ${formatLimit(LIMITS.moveSteps)} steps (the limit of work for one move)`;

/** Counts one effect or loop round of the draft's move; past a limit, an error at the effect. */
const charge = (d: Draft): void => {
  if (d !== counted) {
    counted = d;
    work.rounds = 0;
    work.stepsAt = stepsSpent();
  }
  if (++work.rounds > LIMITS.moveEffects) throw new EffectError(ROUNDS_MESSAGE);
  if (stepsSpent() - work.stepsAt > LIMITS.moveSteps) throw new EffectError(STEPS_MESSAGE);
};

/**
 * Whether a value of this type can be one of a draft's own tables or lists, or hold one: a record
 * (a variable table, a piece) or a list of such. Only those are `release`d when a name or a
 * variable is given them; a number, a text or a list of them never is a table, and releasing for
 * it made the rest of the move copy every table again (10,000 sets a list of faces per roll).
 */
const mayHoldTables = (t: Type): boolean =>
  t.kind === 'list' ? mayHoldTables(t.element) : t.kind !== 'number' && t.kind !== 'bool' && t.kind !== 'string' && t.kind !== 'never';

/**
 * An automatic transition's effects, charged as one more round of the move's work first: its
 * guard (and every guard tried before it) is judged with no effect to count the steps, so a flow
 * going round automatic transitions whose guards cost 300,000 steps each ran for 26 s before the
 * flow's own limit; now their steps count toward the move's, at the transition.
 */
export const chargedTransition = (effects: EffectRun, path: DocPath): EffectRun => (d, vals, rng) => {
  try {
    charge(d);
  } catch (error) {
    throw locateError(error, path);
  }
  effects(d, vals, rng);
};

/** One step of an effect list: an effect, or a `let` that names values for the steps after it. */
type Step = { readonly effect: EffectRun } | { readonly bind: (ctx: GameContext, locals: LocalValues) => LocalValues };

const sequence = (steps: readonly Step[]): EffectRun => {
  if (steps.length === 0) return NOTHING;
  const [only] = steps;
  if (steps.length === 1 && only && 'effect' in only) return only.effect;
  return (d, locals, rng) => {
    let vals = locals;
    for (const step of steps) {
      if ('effect' in step) step.effect(d, vals, rng);
      else vals = step.bind(d, vals);
    }
  };
};

/** Compiles `effects`; `let` grows the locals for the effects after it in the same list. */
export const compileEffects = (
  cx: EffectCompiler,
  effects: readonly Effect[] | undefined,
  path: DocPath,
  locals: Locals,
): EffectRun => {
  const steps: Step[] = [];
  let scope = locals;
  (effects ?? []).forEach((effect, i) => {
    const at = [...path, i];
    const seen = cx.probe?.(at);
    if ('let' in effect) {
      const { bind, scope: grown } = compileLet(cx, effect.let, [...at, 'let'], scope);
      scope = grown;
      steps.push({ bind: seen ? (ctx, vals) => (seen(), bind(ctx, vals)) : bind });
    } else {
      const run = compileEffect(cx, effect, at, scope);
      const located: EffectRun = (d, vals, rng) => {
        try {
          charge(d);
          run(d, vals, rng);
        } catch (error) {
          throw locateError(error, at);
        }
      };
      steps.push({ effect: seen ? (d, vals, rng) => (seen(), located(d, vals, rng)) : located });
    }
  });
  return sequence(steps);
};

const compileLet = (
  cx: EffectCompiler,
  bindings: Record<string, string | number | boolean>,
  path: DocPath,
  locals: Locals,
): { bind: (ctx: GameContext, locals: LocalValues) => LocalValues; scope: Locals } => {
  let scope = locals;
  const steps: { name: string; expr: CompiledExpr; holds: boolean }[] = [];
  for (const [name, source] of Object.entries(bindings)) {
    const expr = checkExpr(cx.checker, source, [...path, name], scope);
    if (!expr) continue;
    steps.push({ name, expr, holds: mayHoldTables(expr.type) });
    scope = { ...scope, [name]: expr.type };
  }
  const bind = (ctx: GameContext, values: LocalValues): LocalValues => {
    let vals = values;
    for (const step of steps) {
      const value = step.expr.run(envOf(ctx, vals));
      if (step.holds) release(ctx, value);
      // A copy, then the name set: a spread with a computed key showed in profiles.
      const next: Record<string, Value> = { ...vals };
      next[step.name] = value;
      vals = next;
    }
    return vals;
  };
  return { bind, scope };
};

const compileEffect = (cx: EffectCompiler, effect: Effect, path: DocPath, locals: Locals): EffectRun => {
  const { checker } = cx;
  if ('set' in effect) return compileAssign(cx, effect.set, [...path, 'set'], locals, false);
  if ('add' in effect) return compileAssign(cx, effect.add, [...path, 'add'], locals, true);
  if ('move' in effect) return compileMove(cx, effect.move, [...path, 'move'], locals);
  if ('shuffle' in effect) {
    const zone = parseZoneRef(checker, cx.spec, effect.shuffle, [...path, 'shuffle'], locals);
    if (!zone) return NOTHING;
    return (d, vals, rng) => {
      const ref = zone.resolve(envOf(d, vals));
      withZone(d, ref, rng.shuffle(zoneOf(d, ref)));
    };
  }
  if ('roll' in effect) return compileRoll(cx, effect.roll, [...path, 'roll'], locals);
  if ('deal' in effect) return compileDeal(cx, effect.deal, [...path, 'deal'], locals);
  if ('if' in effect) {
    const test = checkExpr(checker, effect.if, [...path, 'if'], locals, typeOf('bool'));
    const then = compileEffects(cx, effect.then, [...path, 'then'], locals);
    const otherwise = compileEffects(cx, effect.else, [...path, 'else'], locals);
    if (!test) return NOTHING;
    return (d, vals, rng) => (test.run(envOf(d, vals)) ? then(d, vals, rng) : otherwise(d, vals, rng));
  }
  if ('forEach' in effect) {
    const { var: name, in: source, do: body } = effect.forEach;
    const list = checkExpr(checker, source, [...path, 'forEach', 'in'], locals);
    if (!list) return NOTHING;
    const element = elementType(list.type);
    if (!element) {
      report(checker, [...path, 'forEach', 'in'], `forEach needs a list to go through, found ${list.source}`);
      return NOTHING;
    }
    const run = compileEffects(cx, body, [...path, 'forEach', 'do'], { ...locals, [name]: element });
    const holds = mayHoldTables(element);
    return (d, vals, rng) => {
      const items = list.run(envOf(d, vals)) as readonly Value[];
      if (holds) release(d, items[0]); // a list's items are all of one type: records (tables, pieces) or not
      // One scope for every item, its name overwritten in turn: effects keep no scope they are given.
      const scope: Record<string, Value> = { ...vals };
      for (const item of items) {
        charge(d);
        scope[name] = item;
        run(d, scope, rng);
      }
    };
  }
  if ('while' in effect) return compileWhile(cx, effect, path, locals);
  if ('call' in effect) return compileCall(cx, effect, path, locals);
  if ('log' in effect) return compileLog(cx, effect, path, locals);
  if ('nextTurn' in effect) {
    const seatSource = effect.nextTurn?.seat;
    const seat = seatSource === undefined ? undefined : checkExpr(checker, seatSource, [...path, 'nextTurn', 'seat'], locals, typeOf('number'));
    return (d, vals) => {
      const next = seat ? (seat.run(envOf(d, vals)) as number) : cx.nextSeat(d);
      if (!Number.isInteger(next) || next < 0 || next >= d.numPlayers) throw new EffectError(`nextTurn: ${noSuch('seat', next, d.numPlayers)}`);
      d.active = next;
      d.turn++;
    };
  }
  if ('endGame' in effect) {
    const winners = checkExpr(checker, effect.endGame.winners, [...path, 'endGame', 'winners'], locals, typeOf('list<number>'));
    if (!winners) return NOTHING;
    return (d, vals) => {
      if (d.result === null) d.result = { winners: [...new Set(winners.run(envOf(d, vals)) as number[])].sort((a, b) => a - b) };
    };
  }
  report(checker, path, `unknown effect '${Object.keys(effect as object).join(', ')}'`);
  return NOTHING;
};

interface PieceWrite {
  readonly id: string;
  readonly name: string;
  readonly value: Json;
}

const writeVar = (writes: VarWrites, d: Draft, target: VarTarget, env: Env, vals: LocalValues, value: Json, pieces: PieceWrite[]): void => {
  switch (target.kind) {
    case 'game':
      return writes.setGame(target.name, value);
    case 'player':
      return writes.setPlayer(target.index === 'active' ? d.active : target.index(env), target.name, value);
    case 'team':
      return writes.setTeam(target.index(env), target.name, value);
    case 'piece': {
      const local = vals[target.local] as Piece | undefined;
      if (!local || typeof local.id !== 'string') throw new EffectError(`'${target.local}' is not a piece`);
      pieces.push({ id: local.id, name: target.name, value });
    }
  }
};

/** Piece fields written, each piece found as it is now by the zones' index. */
const writePieces = (d: Draft, writes: readonly PieceWrite[]): void => {
  if (writes.length === 0) return;
  const updated = new Map<string, Piece>();
  for (const w of writes) {
    const piece = updated.get(w.id) ?? currentPiece(d, w.id);
    if (!piece) throw new EffectError(`piece ${w.id} is in no zone`);
    updated.set(w.id, { ...piece, [w.name]: w.value });
  }
  updatePieces(d, updated);
};

const readVar = (ctx: GameContext, target: VarTarget, env: Env, vals: LocalValues): Json => {
  switch (target.kind) {
    case 'game':
      return ctx.game[target.name] ?? null;
    case 'player':
      return ctx.players[target.index === 'active' ? ctx.active : target.index(env)]?.[target.name] ?? null;
    case 'team':
      return ctx.teams[target.index(env)]?.[target.name] ?? null;
    case 'piece':
      return (vals[target.local] as Piece | undefined)?.[target.name] ?? null;
  }
};

/** `set` and `add`: every value is computed first, then all are written, so order does not matter. */
const compileAssign = (
  cx: EffectCompiler,
  assignments: Record<string, string | number | boolean>,
  path: DocPath,
  locals: Locals,
  adding: boolean,
): EffectRun => {
  const steps: { key: string; target: VarTarget; value: CompiledExpr; holds: boolean }[] = [];
  for (const [key, source] of Object.entries(assignments)) {
    const target = parseVarTarget(cx.checker, cx.spec, key, [...path, key], locals);
    if (!target) continue;
    const expected = adding ? typeOf('number') : target.type;
    if (adding && !typeEquals(target.type, expected)) {
      report(cx.checker, [...path, key], `'add' needs a number variable; '${key}' is not a number`);
      continue;
    }
    const value = checkExpr(cx.checker, source, [...path, key], locals, expected);
    if (value) steps.push({ key, target, value, holds: mayHoldTables(value.type) });
  }
  return (d, vals) => {
    const env = envOf(d, vals);
    const values: Json[] = [];
    for (const s of steps) {
      const v = s.value.run(env) as Json;
      // A table or list written to a variable must keep its values when the draft changes its own tables in place.
      if (s.holds) release(d, v);
      if (!adding) {
        values.push(v);
        continue;
      }
      const sum = (readVar(d, s.target, env, vals) as number) + (v as number);
      // Infinity would reach the state and print as null: an error at the effect instead.
      if (!Number.isFinite(sum)) throw new EffectError(`add: ${s.key} would be too large to be a number`);
      values.push(sum);
    }
    const writes = new VarWrites(d);
    const pieces: PieceWrite[] = [];
    for (let i = 0; i < steps.length; i++) {
      const s = steps[i] as (typeof steps)[number];
      writeVar(writes, d, s.target, env, vals, values[i] as Json, pieces);
    }
    writes.commit();
    writePieces(d, pieces);
  };
};

const compileMove = (cx: EffectCompiler, move: MoveEffect, path: DocPath, locals: Locals): EffectRun => {
  const { checker, spec } = cx;
  const from = parseZoneRef(checker, spec, move.from, [...path, 'from'], locals);
  const to = parseZoneRef(checker, spec, move.to, [...path, 'to'], locals);
  const pieces = move.pieces === undefined ? undefined : checkExpr(checker, move.pieces, [...path, 'pieces'], locals);
  if (pieces && !elementType(pieces.type)) report(checker, [...path, 'pieces'], `'pieces' must be a list of pieces`);
  const count = move.count === undefined ? undefined : checkExpr(checker, move.count, [...path, 'count'], locals, typeOf('number'));
  const take: Take = move.take ?? 'top';
  const put: Put = move.put ?? 'top';
  if (!from || !to) return NOTHING;
  const admit = holdingGuard(checker, spec, from.name, to.name, [...path, 'to'], pieces !== undefined);
  return (d, vals, rng) => {
    const env = envOf(d, vals);
    const source = from.resolve(env);
    const inZone = zoneOf(d, source);
    let chosen: readonly Piece[];
    if (pieces) chosen = pieces.run(env) as unknown as Piece[];
    else if (count) chosen = pickPieces(inZone, count.run(env) as number, take, (n) => rng.below(n));
    else chosen = inZone;
    admit?.(chosen);
    movePieces(d, source, to.resolve(env), chosen, put);
  };
};

/** A face given for the next rolled die (GameContext.rigged), which must be one of the die's. */
const riggedFace = (die: Piece, faces: readonly (number | string)[], face: Json): Json => {
  if (!faces.includes(face as number | string)) throw new EffectError(`a ${die.kind} has no face ${JSON.stringify(face)}`);
  return face;
};

const compileRoll = (cx: EffectCompiler, source: string, path: DocPath, locals: Locals): EffectRun => {
  const isZone = /^\s*zones\./.test(source) && !/[()]/.test(source);
  const zone = isZone ? parseZoneRef(cx.checker, cx.spec, source, path, locals) : undefined;
  const list = isZone ? undefined : checkExpr(cx.checker, source, path, locals);
  if (!zone && !list) return NOTHING;
  return (d, vals, rng) => {
    const env = envOf(d, vals);
    const dice = zone ? zoneOf(d, zone.resolve(env)) : (list?.run(env) as unknown as Piece[]);
    const rolled = new Map<string, Piece>();
    let rigged = 0;
    for (const die of dice) {
      const faces = cx.faces.get(die.kind);
      if (!faces) throw new EffectError(`cannot roll ${die.id}: a ${die.kind} has no faces`);
      const face = rigged < d.rigged.length ? riggedFace(die, faces, d.rigged[rigged++] as Json) : (faces[rng.below(faces.length)] as Json);
      // A die read from the zone is the current one; a die from an expression may be older.
      rolled.set(die.id, { ...(rolled.get(die.id) ?? (zone ? die : currentPiece(d, die.id)) ?? die), face });
    }
    updatePieces(d, rolled);
    if (rigged > 0) d.rigged = d.rigged.slice(rigged);
  };
};

const compileDeal = (cx: EffectCompiler, deal: { from: string; to: string; count: string | number }, path: DocPath, locals: Locals): EffectRun => {
  const { checker, spec } = cx;
  const from = parseZoneRef(checker, spec, deal.from, [...path, 'from'], locals);
  const zone = spec.zones?.[deal.to];
  if (!zone || (zone.owner ?? 'game') !== 'player') {
    report(checker, [...path, 'to'], `'deal' needs a zone each player has; '${deal.to}' is not one`);
  }
  const count = checkExpr(checker, deal.count, [...path, 'count'], locals, typeOf('number'));
  if (!from || !count || !zone) return NOTHING;
  const admit = holdingGuard(checker, spec, from.name, deal.to, [...path, 'to'], false);
  return (d, vals) => {
    const env = envOf(d, vals);
    const source = from.resolve(env);
    const n = count.run(env) as number;
    for (let round = 0; round < n; round++) {
      charge(d);
      for (let k = 0; k < d.numPlayers; k++) {
        const seat = (d.active + k) % d.numPlayers;
        const top = zoneOf(d, source).slice(0, 1);
        admit?.(top);
        movePieces(d, source, { name: deal.to, index: seat, owner: 'seat' }, top, 'bottom');
      }
    }
  };
};

/** Runs of a `while` without `max`: a condition that never turns false stops with an error. */
export const WHILE_LIMIT = LIMITS.whileDefault;

const maxTooLarge = (limit: number): string => `while: max is ${formatLimit(limit)}; at most ${formatLimit(LIMITS.whileMax)} runs are allowed`;

/** `while: COND, do: [...]`: the effects again and again while the condition holds, at most `max` times. */
const compileWhile = (cx: EffectCompiler, effect: Extract<Effect, { while: unknown }>, path: DocPath, locals: Locals): EffectRun => {
  const test = checkExpr(cx.checker, effect.while, [...path, 'while'], locals, typeOf('bool'));
  const max = effect.max === undefined ? undefined : checkExpr(cx.checker, effect.max, [...path, 'max'], locals, typeOf('number'));
  const body = compileEffects(cx, effect.do, [...path, 'do'], locals);
  // A number written as the max is known when the spec is opened; an expression only when it runs.
  if (typeof effect.max === 'number' && effect.max > LIMITS.whileMax) report(cx.checker, [...path, 'max'], maxTooLarge(effect.max));
  if (!test) return NOTHING;
  return (d, vals, rng) => {
    const limit = max ? (max.run(envOf(d, vals)) as number) : WHILE_LIMIT;
    if (limit > LIMITS.whileMax) throw new EffectError(maxTooLarge(limit));
    for (let runs = 0; test.run(envOf(d, vals)) === true; runs++) {
      if (runs >= limit) throw new EffectError(`while: the condition still holds after ${limit} runs (raise 'max' or check the condition)`);
      charge(d);
      body(d, vals, rng);
    }
  };
};

/**
 * `log: "Player {active + 1} banks {game.turnPoints}"`: text with expressions in braces; with
 * `to: SEATS` (a seat or a list of seats) only those seats read the line.
 */
const compileLog = (cx: EffectCompiler, effect: Extract<Effect, { log: unknown }>, path: DocPath, locals: Locals): EffectRun => {
  const text = compileLogText(cx, effect.log, [...path, 'log'], locals);
  const to = effect.to === undefined ? undefined : compileReaders(cx, effect.to, [...path, 'to'], locals);
  if (!text || to === null) return NOTHING;
  return (d, vals) => {
    if (d.log.length >= LIMITS.logLines) throw new EffectError(`log: this move has written ${formatLimit(LIMITS.logLines)} lines already, the most a move may write`);
    const env = envOf(d, vals);
    const line = text(env);
    d.log.push(to ? { text: line, to: to(env, d.numPlayers) } : line);
  };
};

/**
 * The text of a log line, its expressions (and plurals, in the game's language) read in `env`;
 * undefined after reporting a broken template.
 */
const compileLogText = (cx: EffectCompiler, template: string, path: DocPath, locals: Locals): ((env: Env) => string) | undefined => {
  const read = readTemplate(template);
  if (!read.ok) {
    report(cx.checker, path, read.message);
    return undefined;
  }
  const lang = cx.lang ?? 'en';
  const parts: (string | CompiledExpr | PluralRun)[] = [];
  for (const part of read.parts) {
    if (part.kind === 'text') {
      parts.push(part.text);
      continue;
    }
    const expr = checkExpr(cx.checker, part.source, path, locals, part.kind === 'plural' ? typeOf('number') : undefined);
    if (!expr) continue;
    if (part.kind === 'expr') {
      parts.push(namedPieces(cx, expr, path));
      continue;
    }
    const problem = pluralProblem(part.message, lang);
    if (problem) report(cx.checker, path, `log: ${problem}`);
    else parts.push({ count: expr, format: pluralFormat(part.message, lang) });
  }
  return (env) => {
    let line = '';
    for (const p of parts) line += typeof p === 'string' ? p : 'count' in p ? p.format(p.count.run(env) as number) : formatValue(p.run(env));
    return line;
  };
};

/**
 * A log line's readers: a seat number or a list of them, each checked at run time to be a seat of
 * this game (a wrong one would hide the line from everybody, or show it to nobody real). Null
 * after reporting a type error.
 */
const compileReaders = (cx: EffectCompiler, source: ExprSource | number, path: DocPath, locals: Locals): ((env: Env, players: number) => number[]) | null => {
  const expr = checkExpr(cx.checker, source, path, locals);
  if (!expr) return null;
  const one = expr.type.kind === 'number';
  if (!one && !(expr.type.kind === 'list' && expr.type.element.kind === 'number')) {
    report(cx.checker, path, `'to' names the seats that read the line: a seat number or a list of seat numbers, not ${formatType(expr.type)}`);
    return null;
  }
  return (env, players) => {
    const value = expr.run(env);
    const seats = one ? [value as number] : [...(value as readonly number[])];
    for (const seat of seats) if (!Number.isInteger(seat) || seat < 0 || seat >= players) throw new EffectError(`log: to: ${noSuch('seat', seat, players)}`);
    return [...new Set(seats)].sort((a, b) => a - b);
  };
};

/** A plural in log text: the count's expression and the text for each count. */
interface PluralRun {
  readonly count: CompiledExpr;
  readonly format: (n: number) => string;
}

/** A value as a log line shows it: its JSON, which for a finite number is its text (found without the JSON serializer, on most lines). */
const formatValue = (v: Value): string =>
  typeof v === 'string' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : JSON.stringify(v);

const isPieceType = (t: Type): boolean =>
  t.kind === 'record' && fieldType(t, 'id')?.kind === 'string' && fieldType(t, 'kind')?.kind === 'string';

/**
 * A piece (or a list of pieces) in log text reads as the board names it, `pieceName`, joined by
 * commas: written bare, `{card}` would otherwise print the piece's data.
 */
const namedPieces = (cx: EffectCompiler, expr: CompiledExpr, path: DocPath): CompiledExpr => {
  const one = isPieceType(expr.type);
  if (!one && !(expr.type.kind === 'list' && isPieceType(expr.type.element))) return expr;
  const source = one ? 'pieceName(shown)' : "join(map(shown, p => pieceName(p)), ', ')";
  const namer = checkExpr(cx.checker, source, path, { shown: expr.type }, STRING);
  if (!namer) return expr;
  return { ...expr, type: STRING, run: (env) => namer.run(extendEnv(env, { shown: expr.run(env) })) };
};

/** `call: NAME` with `with: {param: expr}`: runs a procedure with its parameters bound. */
const compileCall = (cx: EffectCompiler, effect: Extract<Effect, { call: unknown }>, path: DocPath, locals: Locals): EffectRun => {
  const name = effect.call;
  cx.called.add(name);
  const procedure = cx.procedure(name);
  if (procedure === 'cycle') {
    report(cx.checker, [...path, 'call'], `procedure '${name}' calls itself (directly or through others): effects cannot recurse; use while or forEach`);
    return NOTHING;
  }
  if (!procedure) {
    const known = Object.keys(cx.spec.procedures ?? {});
    report(cx.checker, [...path, 'call'], `there is no procedure '${name}' (procedures: ${known.join(', ') || 'none'})`);
    return NOTHING;
  }
  const given = effect.with ?? {};
  for (const arg of Object.keys(given)) {
    if (!procedure.params.some((p) => p.name === arg)) report(cx.checker, [...path, 'with', arg], `procedure '${name}' has no parameter '${arg}'`);
  }
  const args: { name: string; value: CompiledExpr; holds: boolean }[] = [];
  for (const param of procedure.params) {
    const source = given[param.name];
    if (source === undefined) {
      report(cx.checker, [...path, 'with'], `procedure '${name}' needs '${param.name}' (with: { ${param.name}: … })`);
      continue;
    }
    const value = checkExpr(cx.checker, source, [...path, 'with', param.name], locals, param.type);
    if (value) args.push({ name: param.name, value, holds: mayHoldTables(param.type) });
  }
  return (d, vals, rng) => {
    const env = envOf(d, vals);
    const bound: Record<string, Value> = {};
    for (const arg of args) {
      bound[arg.name] = arg.value.run(env);
      if (arg.holds) release(d, bound[arg.name]);
    }
    procedure.run(d, bound, rng);
  };
};
