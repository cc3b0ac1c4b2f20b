/**
 * A strategy the spec declares under `bots:`: of the moves it considers (consider.ts), its
 * preferences are tried in order; the first that
 * allows some legal move decides (the highest `score`, or any of them); when none applies, the
 * bot plays greedily on its `evaluate`, or at random. Conditions are evaluated on a state built
 * from the seat's own view, so a strategy cannot read hidden cards even if it names their zone.
 */
import type { CompiledBot, CompiledGame } from '../compile/index.ts';
import type { CompiledExpr } from '../check/exprs.ts';
import type { Meter } from '../lang/index.ts';
import { decisionBudget } from './budget.ts';
import type { Rng } from '../runtime/rng.ts';
import type { GameState, LegalMove } from '../engine/index.ts';
import { considered } from './consider.ts';
import { seenBy } from './determinize.ts';
import { moveRunner } from './moveScope.ts';
import { greedyValues, pickBest, TIE } from './greedy.ts';
import type { Bot, BotOptions } from './types.ts';

/**
 * Of `allowed`, scored by `values`, the best-scored that the strategy weighs, in their order: the
 * scan goes down from the highest score and asks `weighs` only until the best weighed score is
 * passed, so a move scored below it is never judged.
 */
const bestWeighed = (allowed: readonly LegalMove[], values: readonly number[], weighs: (m: LegalMove) => boolean): LegalMove[] => {
  const order = allowed.map((_, i) => i).sort((a, b) => (values[b] as number) - (values[a] as number));
  const top: number[] = [];
  let best: number | undefined;
  for (const i of order) {
    const value = values[i] as number;
    if (best !== undefined && value < best - TIE) break;
    if (!weighs(allowed[i] as LegalMove)) continue;
    best ??= value;
    top.push(i);
  }
  return top.sort((a, b) => a - b).map((i) => allowed[i] as LegalMove);
};

export const weighsAll = (): boolean => true;

/**
 * The preferred move, or undefined when no preference applies (within one decision's budget).
 * Only the moves `weighs` keeps count; without it, every move of `moves` does. A playout passes
 * the strategy's considerations here (consider.ts's weighsOf) rather than the considered moves,
 * so that of a scored preference only the best-scored moves are judged. Its expressions run on
 * `meter`, the decision's when given.
 */
export const preferred = (
  bot: CompiledBot,
  state: GameState,
  moves: readonly LegalMove[],
  rng: Rng,
  weighs: (m: LegalMove) => boolean = weighsAll,
  meter?: Meter,
): LegalMove | undefined => {
  const { spent, meter: decision } = decisionBudget(bot.name, moves.length, meter);
  const onMove = moveRunner(state, decision);
  for (const pref of bot.prefer) {
    const run = (expr: CompiledExpr, m: LegalMove) => {
      const value = onMove(expr, m);
      spent(expr.path, `its 'when' and 'score' run`);
      return value;
    };
    const when = pref.when;
    const allowed = moves.filter((m) => m.move.move === pref.move && (!when || run(when, m) === true));
    const score = pref.score;
    const top = score
      ? bestWeighed(
          allowed,
          allowed.map((m) => run(score, m) as number),
          weighs,
        )
      : allowed.filter(weighs);
    if (top.length > 0) return top[rng.below(top.length)];
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
    if (bot.evaluate)
      return pickBest(moves, greedyValues(game, state, seat, moves, rng, bot.evaluate, options.samples ?? 6, bot.name), rng);
    return moves[rng.below(moves.length)] as LegalMove;
  },
});
