/**
 * Greedy one-ply: each legal move is tried on a few determinisations of the position (hidden
 * pieces dealt again, a fresh PRNG, so a roll's outcome is not known in advance) and the move
 * whose positions the evaluation likes best on average is played; a move that wins is worth 1,
 * one that ends the game with nobody winning the share of its evaluation that rewards.ts gives
 * (below half), so it ranks under playing on unless the evaluation finds that position less than
 * half as good.
 */
import type { CompiledBot, CompiledGame } from '../compile/index.ts';
import { considered } from './consider.ts';
import type { Rng } from '../runtime/rng.ts';
import { applyLegal, legalMovesWithEvents, type GameState, type LegalMove } from '../engine/index.ts';
import { determinizer, reseed, seenBy, seesEverything } from './determinize.ts';
import { legalKey } from './keys.ts';
import { valueFor, type Evaluation } from './rewards.ts';
import type { Bot, BotOptions } from './types.ts';
import { decisionBudget } from './budget.ts';
import { DEFAULT_SAMPLES } from './spend.ts';

/** The average value of each move for `seat`, over `samples` determinisations. */
export const greedyValues = (
  game: CompiledGame,
  state: GameState,
  seat: number,
  moves: readonly LegalMove[],
  rng: Rng,
  evaluation: Evaluation,
  samples: number,
  bot: string,
): number[] => {
  const { spent, meter } = decisionBudget(bot, moves.length);
  // Blamed on the evaluation, or, without one, on the moves whose trials took the steps.
  const blamed = evaluation?.path ?? ['moves'];
  const perfect = seesEverything(game, state, seat);
  const totals = moves.map(() => 0);
  const counts = moves.map(() => 0);
  const settled = moves.map(() => false);
  const dealt = perfect ? undefined : determinizer(game, state, seat);
  for (let k = 0; k < samples; k++) {
    const det = dealt ? dealt(rng) : reseed(state, rng);
    // The moves of the determinised state, matched to the real ones by their identity.
    let here: Map<string, LegalMove> | null = null;
    if (!perfect) {
      try {
        here = new Map(legalMovesWithEvents(game, det, seat, undefined, undefined, meter).map((m) => [legalKey(m), m]));
      } catch {
        here = new Map();
      }
    }
    moves.forEach((real, i) => {
      if (settled[i]) return;
      const move = here ? here.get(legalKey(real)) : real;
      if (!move) return;
      const next = applyLegal(game, det, move, undefined, meter);
      const value = next.ok ? valueFor(next.state, seat, evaluation, 0, meter) : 0;
      spent(blamed, `each of ${samples} samples tries and evaluates the move`);
      totals[i] = (totals[i] as number) + value;
      counts[i] = (counts[i] as number) + 1;
      // A move that drew nothing from the PRNG on a fully visible position has one outcome.
      if (perfect && next.ok && next.state.context.rng === det.context.rng) settled[i] = true;
    });
  }
  return totals.map((t, i) => ((counts[i] as number) > 0 ? t / (counts[i] as number) : -1));
};

/** How far below the best a value may be and still tie with it (sums of rewards round). */
export const TIE = 1e-12;

/** The best of `moves` by `values`; ties are broken at random. */
export const pickBest = (moves: readonly LegalMove[], values: readonly number[], rng: Rng): LegalMove => {
  const best = Math.max(...values);
  const top = moves.filter((_, i) => (values[i] as number) >= best - TIE);
  return top[rng.below(top.length)] ?? (moves[0] as LegalMove);
};

/** `strategy`: greedy:NAME weighs only the moves that strategy considers (consider.ts). */
export const greedyBot = (
  game: CompiledGame,
  evaluation: Evaluation,
  options: BotOptions,
  name = 'greedy',
  strategy?: CompiledBot,
): Bot => ({
  name,
  choose: (state, seat, legal, rng) => {
    const moves = strategy ? considered(strategy, seenBy(game, state, seat, rng), legal) : legal;
    if (moves.length === 1) return moves[0] as LegalMove;
    return pickBest(moves, greedyValues(game, state, seat, moves, rng, evaluation, options.samples ?? DEFAULT_SAMPLES, name), rng);
  },
});
