/**
 * What the studio reads from a compiled game. The compiler's CompiledGame has these fields, so it
 * is passed as is; keeping the views to this subset lets them be tried on hand-made games and
 * keeps them independent of how the compiler represents machines and expressions.
 */
import type { Locator } from '../../check/locator.ts';
import { teamAssignment } from '../../runtime/teams.ts';
import type { FlowGraph, Json } from '../../engine/types.ts';
import type { GameSpec, ParamSpec } from '../../spec/types.ts';

export interface GameInfo {
  readonly id: string;
  readonly title: string;
  readonly description: string;
  readonly players: { readonly min: number; readonly max: number; readonly default: number };
  /** The declared params after variants, and the values in force. */
  readonly params: Readonly<Record<string, ParamSpec>>;
  readonly paramValues: Readonly<Record<string, Json>>;
  readonly graph: FlowGraph;
  readonly moves: Readonly<Record<string, { readonly title?: string; readonly description?: string }>>;
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

export const teamTitle = (spec: GameSpec, index: number): string => {
  const id = spec.teams?.ids[index] ?? `team ${index + 1}`;
  return spec.teams?.titles?.[id] ?? id;
};

export const seatName = (seat: number): string => `Player ${seat + 1}`;

export const moveTitle = (game: GameInfo, name: string): string => game.moves[name]?.title ?? name;
