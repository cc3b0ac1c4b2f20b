/**
 * Strategies as data: the spec's `bots:` compiled once. Each consideration's and preference's
 * `when`, and each `score`, see the move's scope (`seat` and the move's arguments by name) on top of the game state; `evaluate`
 * sees `seat`, the seat whose position it judges.
 */
import { checkExpr, report, typeOf, type CompiledExpr, type ExprChecker } from '../check/exprs.ts';
import { didYouMean } from '../lang/index.ts';
import type { ConsiderSpec, GameSpec } from '../spec/types.ts';
import type { DocPath } from '../spec/diagnostics.ts';
import type { CompiledMove } from './moves.ts';

export interface CompiledPreference {
  readonly move: string;
  readonly when?: CompiledExpr;
  readonly score?: CompiledExpr;
}

/** Of one move's legal choices, those a strategy weighs (see bots/consider.ts). */
export interface CompiledConsideration {
  readonly move: string;
  /** Where it is written, for a limit's message. */
  readonly path: DocPath;
  readonly when?: CompiledExpr;
  /** A `subsetOf` argument of the move: only its minimal legal choices. */
  readonly minimal?: string;
}

export interface CompiledBot {
  readonly name: string;
  readonly description: string;
  readonly consider: readonly CompiledConsideration[];
  /** Of `consider`: the `minimal` arguments by move, so listing the legal moves can spare the others (engine/moves.ts). */
  readonly minimal: ReadonlyMap<string, readonly string[]>;
  readonly prefer: readonly CompiledPreference[];
  /** How good the state is for `seat`, from 0 (lost) to 1 (won); values outside are clamped. */
  readonly evaluate?: CompiledExpr;
}

/** The move an item names, or a located error. */
const namedMove = (checker: ExprChecker, moves: ReadonlyMap<string, CompiledMove>, name: string, at: DocPath): CompiledMove | undefined => {
  const move = moves.get(name);
  if (!move)
    report(
      checker,
      'unknown-name',
      [...at, 'move'],
      `'${name}' is not a move (moves: ${[...moves.keys()].join(', ') || 'none'})${didYouMean(name, [...moves.keys()])}`,
    );
  return move;
};

const compileConsideration = (
  checker: ExprChecker,
  c: ConsiderSpec,
  at: DocPath,
  move: CompiledMove,
): CompiledConsideration | undefined => {
  if (c.when === undefined && c.minimal === undefined) {
    report(
      checker,
      'invalid-rule',
      at,
      `considering '${c.move}' needs 'when' (a condition on its choices) or 'minimal' (one of its subsetOf arguments)`,
    );
    return undefined;
  }
  const lists = move.args.filter((a) => a.kind === 'subsetOf').map((a) => a.name);
  if (c.minimal !== undefined && !lists.includes(c.minimal)) {
    const known = lists.length ? `its subsetOf arguments: ${lists.join(', ')}` : 'it has no subsetOf argument';
    report(
      checker,
      'unknown-name',
      [...at, 'minimal'],
      `'${c.minimal}' is not a subsetOf argument of the move '${c.move}' (${known})${didYouMean(c.minimal, lists)}`,
    );
    return undefined;
  }
  const when = c.when === undefined ? undefined : checkExpr(checker, c.when, [...at, 'when'], move.locals, typeOf('bool'));
  if (c.when !== undefined && !when) return undefined;
  return { move: c.move, path: at, ...(when ? { when } : {}), ...(c.minimal !== undefined ? { minimal: c.minimal } : {}) };
};

export const compileBots = (
  checker: ExprChecker,
  spec: GameSpec,
  moves: ReadonlyMap<string, CompiledMove>,
): Record<string, CompiledBot> => {
  const out: Record<string, CompiledBot> = {};
  for (const [name, bot] of Object.entries(spec.bots ?? {})) {
    const path = ['bots', name];
    const consider = (bot.consider ?? []).flatMap((c, i) => {
      const at = [...path, 'consider', i];
      const move = namedMove(checker, moves, c.move, at);
      const compiled = move && compileConsideration(checker, c, at, move);
      return compiled ? [compiled] : [];
    });
    const prefer: CompiledPreference[] = [];
    (bot.prefer ?? []).forEach((p, i) => {
      const at = [...path, 'prefer', i];
      const move = namedMove(checker, moves, p.move, at);
      if (!move) return;
      const when = p.when === undefined ? undefined : checkExpr(checker, p.when, [...at, 'when'], move.locals, typeOf('bool'));
      const score = p.score === undefined ? undefined : checkExpr(checker, p.score, [...at, 'score'], move.locals, typeOf('number'));
      prefer.push({ move: p.move, ...(when ? { when } : {}), ...(score ? { score } : {}) });
    });
    const evaluate =
      bot.evaluate === undefined
        ? undefined
        : checkExpr(checker, bot.evaluate, [...path, 'evaluate'], { seat: typeOf('number') }, typeOf('number'));
    if (!bot.consider?.length && !bot.prefer?.length && bot.evaluate === undefined)
      report(checker, 'invalid-rule', path, `bot '${name}' needs 'consider', 'prefer' or 'evaluate'`);
    const minimal = new Map<string, string[]>();
    for (const c of consider) if (c.minimal !== undefined) minimal.set(c.move, [...(minimal.get(c.move) ?? []), c.minimal]);
    out[name] = { name, description: bot.description ?? '', consider, minimal, prefer, ...(evaluate ? { evaluate } : {}) };
  }
  return out;
};
