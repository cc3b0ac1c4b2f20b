/**
 * People as the spec names them: a seat by the `display:` section's name for it (else "Player 1"
 * for seat 0), a move by its title. The engine's refusals and the display's texts both name people
 * here, so a message and the board never disagree.
 *
 * A display expression that fails while the game runs shows its error in place of the text
 * (marked with ⚠), rather than a default that would hide the mistake.
 */
import type { CompiledDisplay } from '../compile/display.ts';
import type { CompiledExpr } from '../check/exprs.ts';
import { Meter, formatValue, type Value } from '../lang/index.ts';
import { envOf, type LocalValues } from '../runtime/env.ts';
import { defaultSeatName, type People } from '../runtime/legality.ts';
import type { GameContext } from './types.ts';

/** The context a display expression reads: a state's, or a view's (a view has no hidden zones). */
export type DisplayContext = Omit<GameContext, 'zones' | 'rng' | 'rigged'> & Partial<Pick<GameContext, 'zones' | 'rng' | 'rigged'>>;

export const runDisplay = (expr: CompiledExpr, ctx: DisplayContext, locals: LocalValues): Value => {
  const full = { zones: {}, rng: [0, 0, 0, 0], rigged: [], ...ctx } as GameContext;
  return expr.run(envOf(full, locals), new Meter());
};

export const failedText = (error: unknown): string => `⚠ ${error instanceof Error ? error.message : String(error)}`;

/** A display expression's value as text, or its error marked with ⚠. */
export const displayText = (expr: CompiledExpr, ctx: DisplayContext, locals: LocalValues): string => {
  try {
    const v = runDisplay(expr, ctx, locals);
    return typeof v === 'string' ? v : formatValue(v);
  } catch (error) {
    return failedText(error);
  }
};

export interface Nameable {
  readonly display: CompiledDisplay;
  readonly moves: Readonly<Record<string, { readonly title?: string }>>;
}

export const seatName = (game: Nameable, ctx: DisplayContext, seat: number): string =>
  game.display.seat ? displayText(game.display.seat, ctx, { seat }) : defaultSeatName(seat);

export const moveTitle = (game: Nameable, name: string): string => game.moves[name]?.title ?? name;

/** How the engine's messages name people in this state. */
export const peopleOf = (game: Nameable, ctx: DisplayContext): People => ({
  seat: (seat) => seatName(game, ctx, seat),
  move: (name) => moveTitle(game, name),
});
