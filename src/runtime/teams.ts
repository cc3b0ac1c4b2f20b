/** Seats grouped in teams, as the spec's `teams:` assigns them. */
import type { GameSpec } from '../spec/types.ts';

/** Seat → team index: alternate (0,1,0,1…) or split (first half, second half). */
export const teamAssignment = (spec: GameSpec, numPlayers: number): number[] => {
  const n = spec.teams?.ids.length ?? 0;
  if (n === 0) return Array.from({ length: numPlayers }, () => -1);
  if ((spec.teams?.assign ?? 'alternate') === 'alternate') return Array.from({ length: numPlayers }, (_, s) => s % n);
  const size = Math.ceil(numPlayers / n);
  return Array.from({ length: numPlayers }, (_, s) => Math.min(n - 1, Math.floor(s / size)));
};
