/**
 * The run-time values of the names every expression sees (see check/scope.ts for their types).
 */
import type { Env, Value } from '../lang/index.ts';
import type { GameContext } from '../engine/types.ts';

export type LocalValues = Readonly<Record<string, Value>>;

export const envOf = (ctx: GameContext, locals?: LocalValues): Env => {
  const base = {
    params: ctx.params,
    game: ctx.game,
    players: ctx.players,
    player: ctx.players[ctx.active] ?? {},
    teams: ctx.teams,
    zones: ctx.zones,
    numPlayers: ctx.numPlayers,
    active: ctx.active,
    turn: ctx.turn,
  } as unknown as Env;
  return locals ? { ...base, ...locals } : base;
};
