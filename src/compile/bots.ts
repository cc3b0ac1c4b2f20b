/**
 * Strategies as data: the spec's `bots:` compiled once. Each preference's `when` and `score` see
 * the move's scope (`seat` and the move's arguments by name) on top of the game state; `evaluate`
 * sees `seat`, the seat whose position it judges.
 */
import { checkExpr, report, typeOf, type CompiledExpr, type ExprChecker } from '../check/exprs.ts';
import { didYouMean } from '../lang/index.ts';
import type { GameSpec } from '../spec/types.ts';
import type { CompiledMove } from './moves.ts';

export interface CompiledPreference {
  readonly move: string;
  readonly when?: CompiledExpr;
  readonly score?: CompiledExpr;
}

export interface CompiledBot {
  readonly name: string;
  readonly description: string;
  readonly prefer: readonly CompiledPreference[];
  /** How good the state is for `seat`, from 0 (lost) to 1 (won); values outside are clamped. */
  readonly evaluate?: CompiledExpr;
}

export const compileBots = (checker: ExprChecker, spec: GameSpec, moves: ReadonlyMap<string, CompiledMove>): Record<string, CompiledBot> => {
  const out: Record<string, CompiledBot> = {};
  for (const [name, bot] of Object.entries(spec.bots ?? {})) {
    const path = ['bots', name];
    const prefer: CompiledPreference[] = [];
    (bot.prefer ?? []).forEach((p, i) => {
      const at = [...path, 'prefer', i];
      const move = moves.get(p.move);
      if (!move) {
        report(checker, [...at, 'move'], `'${p.move}' is not a move (moves: ${[...moves.keys()].join(', ') || 'none'})${didYouMean(p.move, [...moves.keys()])}`);
        return;
      }
      const when = p.when === undefined ? undefined : checkExpr(checker, p.when, [...at, 'when'], move.locals, typeOf('bool'));
      const score = p.score === undefined ? undefined : checkExpr(checker, p.score, [...at, 'score'], move.locals, typeOf('number'));
      prefer.push({ move: p.move, ...(when ? { when } : {}), ...(score ? { score } : {}) });
    });
    const evaluate = bot.evaluate === undefined ? undefined : checkExpr(checker, bot.evaluate, [...path, 'evaluate'], { seat: typeOf('number') }, typeOf('number'));
    if (!bot.prefer?.length && bot.evaluate === undefined) report(checker, path, `bot '${name}' needs 'prefer' or 'evaluate'`);
    out[name] = { name, description: bot.description ?? '', prefer, ...(evaluate ? { evaluate } : {}) };
  }
  return out;
};
