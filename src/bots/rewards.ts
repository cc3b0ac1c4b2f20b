/**
 * What a position is worth to each seat, from 0 to 1: a finished game pays every winner 1, a
 * little less the more moves it took (see WIN_DECAY), so teammates and the players of a
 * cooperative game share their reward; it pays 0 to the others;
 * a finished game that nobody won is judged by the spec's evaluation scaled below half a win (see
 * NO_WINNER_SHARE); an unfinished one is judged by the evaluation, clamped to 0…1, or worth 0
 * without one.
 */
import type { CompiledExpr } from '../check/exprs.ts';
import type { CompiledGame } from '../compile/index.ts';
import { Meter } from '../lang/index.ts';
import { envOf } from '../runtime/env.ts';
import type { GameState } from '../engine/index.ts';
import { own } from '../spec/own.ts';

export type Evaluation = CompiledExpr | undefined;

/**
 * A game that ends with no winner (every player of a cooperative game lost, or a draw) is worth
 * this share of its evaluation: so any win (1) is worth more than any such end, yet a search in a
 * game that it loses in every playout still learns which losses came nearer to winning.
 */
export const NO_WINNER_SHARE = 0.49;

/**
 * A win is worth this much less for each move it took from the position being decided, down to
 * half: of two sure wins a search prefers the sooner one, where without it a bot sure to win
 * later has no reason ever to finish (every move it puts off the win with is worth 1 too).
 */
export const WIN_DECAY = 0.001;

/** The evaluation of the named spec bot, or of the first spec bot that declares one. */
export const evaluationOf = (game: CompiledGame, botName?: string): Evaluation => {
  if (botName !== undefined) return own(game.bots, botName)?.evaluate;
  return Object.values(game.bots).find((b) => b.evaluate !== undefined)?.evaluate;
};

const clamp01 = (x: number): number => (Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0);

const evaluate = (state: GameState, seat: number, evaluation: Evaluation, meter: Meter): number => {
  if (!evaluation) return 0;
  try {
    return clamp01(evaluation.run(envOf(state.context, { seat }), meter) as number);
  } catch {
    // A determinised state may be one the spec never meets (a card where none can be): no value.
    return 0;
  }
};

/** The value of `state` for `seat`, reached `moves` moves after the position being decided. */
export const valueFor = (state: GameState, seat: number, evaluation: Evaluation, moves = 0, meter = new Meter()): number => {
  const result = state.context.result;
  if (!result) return evaluate(state, seat, evaluation, meter);
  if (result.winners.length === 0) return NO_WINNER_SHARE * evaluate(state, seat, evaluation, meter);
  return result.winners.includes(seat) ? Math.max(0.5, 1 - WIN_DECAY * moves) : 0;
};

export const rewards = (state: GameState, evaluation: Evaluation, moves = 0): number[] =>
  Array.from({ length: state.context.numPlayers }, (_, seat) => valueFor(state, seat, evaluation, moves));
