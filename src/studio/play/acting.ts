/**
 * Who must act now, in the game's own names: the seats that have a legal move (not the active
 * player: a defender may have to answer inside the attacker's turn), grouped by team when the spec
 * has teams.
 */
import type { GameSpec } from '../../spec/types.ts';
import { seatName, teamOfSeat, teamTitle } from './gameInfo.ts';

const list = (names: readonly string[]): string =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1] ?? ''}`;

/** "Player 2", "Players 1 and 3", "defenders (Player 2)", "Team D (Players 2 and 4)"; null when nobody may act. */
export const actingName = (spec: GameSpec, actingSeats: Iterable<number>, players: number): string | null => {
  const seats = [...new Set(actingSeats)].sort((a, b) => a - b);
  if (seats.length === 0) return null;
  const people = seats.length === 1 ? seatName(seats[0] ?? 0) : `Players ${list(seats.map((s) => String(s + 1)))}`;
  const teams = [...new Set(seats.map((s) => teamOfSeat(spec, s, players)))];
  if (teams.length !== 1 || teams[0] === null || teams[0] === undefined) return people;
  return `${teamTitle(spec, teams[0])} (${people})`;
};
