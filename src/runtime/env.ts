/**
 * The run-time values of the names every expression sees (see check/scope.ts for their types).
 * A context is its own environment; with locals, an environment is a small flat object built for
 * the evaluation: V8 makes these cheaply, whereas chaining them by prototype (an object turned
 * into a prototype) costs far more.
 */
import type { Env, Value } from '../lang/index.ts';
import type { GameContext } from './state.ts';

export type LocalValues = Readonly<Record<string, Value>>;

/** An environment of one's own, whose names a caller overwrites in turn (a move's arguments while its choices are listed). */
export type Scope = Record<string, Value>;

const globalsOf = (ctx: GameContext): Scope =>
  ({
    params: ctx.params,
    game: ctx.game,
    players: ctx.players,
    // Read by an expression whose locals hide `players` or `active` (lang/library.ts libraryUnder).
    player: ctx.players[ctx.active] ?? {},
    teams: ctx.teams,
    zones: ctx.zones,
    numPlayers: ctx.numPlayers,
    active: ctx.active,
    turn: ctx.turn,
  }) as unknown as Scope;

/** `env` with more names on top; `env` itself is left as it is. */
export const extendEnv = (env: Env, locals: LocalValues): Env => Object.assign({}, env, locals);

/** No names beyond the context's: the effects of automatic steps and of entering and leaving states get these. */
export const NO_LOCALS: LocalValues = Object.freeze({});

/** An environment of one's own: the context's names, and `locals` on top, which the caller may overwrite. */
export const scopeOf = (ctx: GameContext, locals?: LocalValues): Scope => {
  const globals = globalsOf(ctx);
  return locals && locals !== NO_LOCALS ? Object.assign(globals, locals) : globals;
};

/**
 * The names an expression sees in `ctx`, with `locals` on top. Without locals, the context itself:
 * it holds every global by name but `player`, which such an expression reads through `players`
 * (check/scope.ts), and no expression writes its environment. An environment built for every
 * evaluation was a quarter of the bytes a move allocated.
 */
export const envOf = (ctx: GameContext, locals?: LocalValues): Env =>
  locals && locals !== NO_LOCALS ? Object.assign(globalsOf(ctx), locals) : (ctx as unknown as Env);
