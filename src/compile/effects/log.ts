/**
 * `log: "Player {active + 1} banks {game.turnPoints}"`: text with expressions in braces; with
 * `to: SEATS` (a seat or a list of seats) only those seats read the line.
 */
import { formatType, STRING, type Env, type Meter, type Type, type Value } from '../../lang/index.ts';
import { fieldType } from '../../lang/types.ts';
import { checkExpr, report, typeOf, type CompiledExpr, type Locals } from '../../check/exprs.ts';
import type { DocPath } from '../../spec/diagnostics.ts';
import type { ExprSource } from '../../spec/types.ts';
import { envOf, extendEnv } from '../../runtime/env.ts';
import { EffectError } from '../../errors.ts';
import { noSuch } from '../../runtime/ops.ts';
import { LIMITS, formatLimit } from '../../limits.ts';
import { pluralFormat, pluralProblem, readTemplate } from '../../locale/template.ts';
import { NOTHING, type EffectCompiler, type EffectKind } from './kind.ts';

/**
 * The text of a log line, its expressions (and plurals, in the game's language) read in `env`;
 * undefined after reporting a broken template.
 */
const compileLogText = (
  cx: EffectCompiler,
  template: string,
  path: DocPath,
  locals: Locals,
): ((env: Env, meter: Meter) => string) | undefined => {
  const read = readTemplate(template);
  if (!read.ok) {
    report(cx.checker, 'expression-syntax', path, read.message);
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
    if (problem) report(cx.checker, 'expression-syntax', path, `log: ${problem}`);
    else parts.push({ count: expr, format: pluralFormat(part.message, lang) });
  }
  return (env, meter) => {
    let line = '';
    for (const p of parts)
      line += typeof p === 'string' ? p : 'count' in p ? p.format(p.count.run(env, meter) as number) : formatValue(p.run(env, meter));
    return line;
  };
};

/**
 * A log line's readers: a seat number or a list of them, each checked at run time to be a seat of
 * this game (a wrong one would hide the line from everybody, or show it to nobody real). Null
 * after reporting a type error.
 */
const compileReaders = (
  cx: EffectCompiler,
  source: ExprSource | number,
  path: DocPath,
  locals: Locals,
): ((env: Env, meter: Meter, players: number) => number[]) | null => {
  const expr = checkExpr(cx.checker, source, path, locals);
  if (!expr) return null;
  const one = expr.type.kind === 'number';
  if (!one && !(expr.type.kind === 'list' && expr.type.element.kind === 'number')) {
    report(
      cx.checker,
      'type-mismatch',
      path,
      `'to' names the seats that read the line: a seat number or a list of seat numbers, not ${formatType(expr.type)}`,
    );
    return null;
  }
  return (env, meter, players) => {
    const value = expr.run(env, meter);
    const seats = one ? [value as number] : [...(value as readonly number[])];
    for (const seat of seats)
      if (!Number.isInteger(seat) || seat < 0 || seat >= players) throw new EffectError(`log: to: ${noSuch('seat', seat, players)}`);
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
  return { ...expr, type: STRING, run: (env, meter) => namer.run(extendEnv(env, { shown: expr.run(env, meter) }), meter) };
};

export const logKind: EffectKind<'log'> = {
  compile: (effect, { cx, path, locals }) => {
    const text = compileLogText(cx, effect.log, [...path, 'log'], locals);
    const to = effect.to === undefined ? undefined : compileReaders(cx, effect.to, [...path, 'to'], locals);
    if (!text || to === null) return NOTHING;
    return (d, vals, _rng, work) => {
      if (d.log.length >= LIMITS.logLines)
        throw new EffectError(
          `log: this move has written ${formatLimit(LIMITS.logLines)} lines already, the most a move may write`,
          'work-limit',
        );
      const env = envOf(d, vals);
      const line = text(env, work.meter);
      d.log.push(to ? { text: line, to: to(env, work.meter, d.numPlayers) } : line);
    };
  },
  // Nothing in play reads the log back: what a line shows makes no part of the state live.
  flow: (_effect, f) => f,
};
