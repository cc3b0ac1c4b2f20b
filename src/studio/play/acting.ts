/**
 * Who must act now, in the game's own names: the seats that have a legal move (not the active
 * player: a defender may have to answer inside the attacker's turn), grouped by team when the spec
 * has teams.
 */
import type { GameSpec } from '../../spec/types.ts';
import { teamOfSeat, type People } from './gameInfo.ts';
import { formatList, t } from '../i18n/index.ts';

const teamTitle = (spec: GameSpec, index: number): string => {
  const id = spec.teams?.ids[index] ?? t('people.team', { n: index + 1 });
  return spec.teams?.titles?.[id] ?? id;
};

const numberedSeat = (seat: number): string => t('people.player', { n: seat + 1 });

/**
 * "Player 2", "Players 1 and 3", "defenders (Player 2)", "Team D (Players 2 and 4)"; null when
 * nobody may act. With `names` (the spec's display), seats and teams are called by those names.
 */
export const actingName = (spec: GameSpec, actingSeats: Iterable<number>, players: number, names?: People): string | null => {
  const seats = [...new Set(actingSeats)].sort((a, b) => a - b);
  if (seats.length === 0) return null;
  const called = seats.map((s) => names?.seat(s) ?? numberedSeat(s));
  const numbered = called.every((n, i) => n === numberedSeat(seats[i] ?? 0));
  const people =
    seats.length === 1
      ? (called[0] ?? '')
      : numbered
        ? t('people.players', { list: formatList(seats.map((s) => String(s + 1))) })
        : formatList(called);
  const teams = [...new Set(seats.map((s) => teamOfSeat(spec, s, players)))];
  if (teams.length !== 1 || teams[0] === null || teams[0] === undefined) return people;
  return `${names?.team(teams[0]) ?? teamTitle(spec, teams[0])} (${people})`;
};
