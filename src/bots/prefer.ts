/**
 * A strategy the spec declares under `bots:`: of the moves it considers (consider.ts), its
 * preferences are tried in order; the first that
 * allows some legal move decides (the highest `score`, or any of them); when none applies, the
 * bot plays greedily on its `evaluate`, or at random. Conditions are evaluated on a state built
 * from the seat's own view, so a strategy cannot read hidden cards even if it names their zone.
 */
import type { CompiledBot, CompiledGame } from '../compile/index.ts';
import type { CompiledExpr } from '../check/exprs.ts';
import { decisionBudget } from './budget.ts';
import type { Rng } from '../runtime/rng.ts';
import type { GameState, LegalMove } from '../engine/index.ts';
import { considered } from './consider.ts';
import { seenBy } from './determinize.ts';
import { moveRunner } from './moveScope.ts';
import { greedyValues, pickBest } from './greedy.ts';
import type { Bot, BotOptions } from './types.ts';

/** The preferred moves, or undefined when no preference applies (within one decision's budget). */
export const preferred = (bot: CompiledBot, state: GameState, moves: readonly LegalMove[], rng: Rng): LegalMove | undefined => {
  const spent = decisionBudget(bot.name, moves.length);
  const onMove = moveRunner(state);
  for (const pref of bot.prefer) {
    const run = (expr: CompiledExpr, m: LegalMove) => {
      const value = onMove(expr, m);
      spent(expr.path, `its 'when' and 'score' run`);
      return value;
    };
    const when = pref.when;
    const allowed = moves.filter((m) => m.move.move === pref.move && (!when || run(when, m) === true));
    if (allowed.length === 0) continue;
    if (!pref.score) return allowed[rng.below(allowed.length)];
    const score = pref.score;
    const values = allowed.map((m) => run(score, m) as number);
    return pickBest(allowed, values, rng);
  }
  return undefined;
};

export const preferenceBot = (game: CompiledGame, bot: CompiledBot, options: BotOptions): Bot => ({
  name: bot.name,
  choose: (state, seat, legal, rng) => {
    const seen = seenBy(game, state, seat, rng);
    const moves = considered(bot, seen, legal);
    const chosen = preferred(bot, seen, moves, rng);
    if (chosen) return chosen;
    if (moves.length === 1) return moves[0] as LegalMove;
    if (bot.evaluate) return pickBest(moves, greedyValues(game, state, seat, moves, rng, bot.evaluate, options.samples ?? 6, bot.name), rng);
    return moves[rng.below(moves.length)] as LegalMove;
  },
});
