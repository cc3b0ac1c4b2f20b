/** A context of one seat holding only the given zones: what the draft tests of runtime/ops.ts change. */
import type { GameContext, Piece } from '../../src/runtime/state.ts';

export const zonesContext = (zones: Readonly<Record<string, readonly Piece[]>>): GameContext => ({
  numPlayers: 1,
  active: 0,
  turn: 0,
  params: {},
  game: {},
  players: [{}],
  teams: [],
  zones,
  rng: [1, 2, 3, 4],
  rigged: [],
  log: [],
  result: null,
  auto: 0,
});
