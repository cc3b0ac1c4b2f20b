/**
 * What a position is worth to each seat, from 0 to 1: a finished game pays 1 to every winner
 * (so teammates and the players of a cooperative game share their reward); an unfinished one is
 * judged by the spec's evaluation, clamped to 0…1, or worth 0 without one.
 */
import type { CompiledExpr } from '../check/exprs.ts';
import type { CompiledGame } from '../compile/index.ts';
import { envOf } from '../runtime/env.ts';
import type { GameState } from '../engine/index.ts';
import { own } from '../spec/own.ts';

export type Evaluation = CompiledExpr | undefined;

/** The evaluation of the named spec bot, or of the first spec bot that declares one. */
export const evaluationOf = (game: CompiledGame, botName?: string): Evaluation => {
  if (botName !== undefined) return own(game.bots, botName)?.evaluate;
  return Object.values(game.bots).find((b) => b.evaluate !== undefined)?.evaluate;
};

const clamp01 = (x: number): number => (Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0);

export const valueFor = (state: GameState, seat: number, evaluation: Evaluation): number => {
  const result = state.context.result;
  if (result) return result.winners.includes(seat) ? 1 : 0;
  if (!evaluation) return 0;
  try {
    return clamp01(evaluation.run(envOf(state.context, { seat })) as number);
  } catch {
    // A determinised state may be one the spec never meets (a card where none can be): no value.
    return 0;
  }
};

export const rewards = (state: GameState, evaluation: Evaluation): number[] =>
  Array.from({ length: state.context.numPlayers }, (_, seat) => valueFor(state, seat, evaluation));
