/**
 * One bot move of the playtest, in two pure halves around the wait for the bots' worker: whose
 * move it is and what to ask, then what the answer does to the game.
 */
import type { GameState } from '../../engine/types.ts';
import type { BotAnswer } from '../botWorker/protocol.ts';
import { LIMITS } from '../../limits.ts';
import { isBot, type SeatKind } from './seats.ts';
import { current, playMove, type PlayEngine, type Session } from './session.ts';
import { t } from '../i18n/index.ts';

/** A bot's move to ask for, or why the bots stop here (a notice for people, or none when the game is simply not the bots' to play). */
export type BotTurn =
  | { readonly ask: { readonly state: GameState; readonly seat: number; readonly bot: string; readonly seed: string } }
  | { readonly stop: string | null };

export const nextBotTurn = <G>(engine: PlayEngine<G>, game: G, s: Session, seats: readonly SeatKind[]): BotTurn => {
  if (s.cursor >= LIMITS.botMoves) return { stop: t('play.botsPaused', { n: LIMITS.botMoves }) };
  const state = current(s);
  if (state.context.result) return { stop: null };
  let acting: number[];
  try {
    acting = [...new Set(engine.legalMoves(game, state).map((m) => m.seat))].filter((seat) => isBot(seats[seat]));
  } catch {
    // The board shows the engine's failure to list moves; the bots just wait.
    return { stop: null };
  }
  // The seat whose turn it is goes first, then any bot that may react.
  const seat = acting.includes(state.context.active) ? state.context.active : acting[0];
  const bot = seat === undefined ? undefined : seats[seat];
  if (seat === undefined || bot === undefined) return { stop: null };
  return { ask: { state, seat, bot, seed: `${s.seed}:${s.cursor}` } };
};

/** The game after the bot's answer, or why the bots stop. */
export const afterBotAnswer = <G>(
  engine: PlayEngine<G>,
  game: G,
  s: Session,
  answer: BotAnswer,
): { readonly session: Session } | { readonly stop: string | null } => {
  if (!answer) return { stop: null };
  if ('error' in answer) return { stop: answer.error };
  const r = playMove(engine, game, s, answer.move);
  return r.ok ? { session: r.session } : { stop: t('play.botRefused', { error: r.error }) };
};
