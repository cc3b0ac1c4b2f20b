/**
 * What the studio reads from a compiled game. The compiler's CompiledGame has these fields, so it
 * is passed as is; keeping the views to this subset lets them be tried on hand-made games and
 * keeps them independent of how the compiler represents machines and expressions.
 */
import type { Locator } from '../../check/locator.ts';
import { teamAssignment } from '../../runtime/teams.ts';
import type { CompiledDisplay } from '../../compile/display.ts';
import type { CompiledArg } from '../../runtime/legality.ts';
import { seatName as displaySeat, teamName as displayTeam, type DisplayContext } from '../../display/present.ts';
import type { FlowGraph, Json } from '../../engine/types.ts';
import type { GameSpec, ParamSpec } from '../../spec/types.ts';
import { t } from '../i18n/index.ts';

export interface GameInfo {
  readonly id: string;
  readonly title: string;
  readonly description: string;
  readonly players: { readonly min: number; readonly max: number; readonly default: number };
  /** The declared params after variants, and the values in force. */
  readonly params: Readonly<Record<string, ParamSpec>>;
  readonly paramValues: Readonly<Record<string, Json>>;
  readonly graph: FlowGraph;
  readonly moves: Readonly<
    Record<string, { readonly title?: string; readonly description?: string; readonly args?: readonly CompiledArg[] }>
  >;
  /** How the state reads to players (the spec's `display:` section, compiled). */
  readonly display: CompiledDisplay;
  /** The spec after variants: component declarations (for drawing pieces), zone and var docs. */
  readonly spec: GameSpec;
  /** Where a spec path is written (in the base file or the variant that wrote it). */
  readonly locator: Locator;
}

/** Seat → team index (null without teams), by the same rule the engine uses. */
export const teamOfSeat = (spec: GameSpec, seat: number, players: number): number | null => {
  const team = teamAssignment(spec, players)[seat];
  return team === undefined || team < 0 ? null : team;
};

/** People's names for one position: every view names seats and teams through this. */
export interface People {
  seat(seat: number): string;
  team(team: number): string;
}

export const peopleOf = (game: GameInfo, ctx: DisplayContext): People => ({
  // A seat the spec does not name is numbered in the interface's language.
  seat: (seat) => (game.display.seat ? displaySeat(game, ctx, seat) : t('people.player', { n: seat + 1 })),
  team: (team) => displayTeam(game, ctx, team),
});

export const moveTitle = (game: GameInfo, name: string): string => game.moves[name]?.title ?? name;
