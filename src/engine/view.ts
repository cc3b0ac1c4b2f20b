/**
 * What one seat may see: zones hide their pieces by their declared visibility (a hidden piece
 * keeps no id, kind or attribute that could tell it apart), and the PRNG state is never shown.
 */
import type { CompiledGame } from '../compile/index.ts';
import { teamAssignment } from '../runtime/teams.ts';
import { activeStates } from './play.ts';
import type { GameState, GameView, Piece, ZoneView } from './types.ts';

const hidden = (zone: string, index: number): Piece => ({ id: `${zone}#${index}`, kind: 'hidden', hidden: true });

export const viewOf = (game: CompiledGame, state: GameState, seat: number | null): GameView => {
  const { zones, rng: _rng, rigged: _rigged, ...context } = state.context;
  const teams = teamAssignment(game.spec, state.context.numPlayers);
  const views: ZoneView[] = [];
  for (const [name, spec] of Object.entries(game.zones)) {
    const owner = spec.owner ?? 'game';
    const visibility = spec.visibility ?? 'public';
    const contents = zones[name] ?? [];
    const lists: { index: number | null; pieces: readonly Piece[] }[] =
      owner === 'game'
        ? [{ index: null, pieces: contents as readonly Piece[] }]
        : (contents as readonly (readonly Piece[])[]).map((pieces, index) => ({ index, pieces }));
    for (const { index, pieces } of lists) {
      const owns = seat !== null && index !== null && (owner === 'player' ? index === seat : teams[seat] === index);
      const canSee = (i: number): boolean =>
        visibility === 'public' || (visibility === 'owner' && owns) || (visibility === 'top' && i === 0);
      views.push({
        name,
        owner,
        ownerIndex: index,
        visibility,
        ordered: spec.ordered ?? false,
        count: pieces.length,
        pieces: pieces.map((p, i) => (canSee(i) ? p : hidden(name, i))),
      });
    }
  }
  // The spec's display expressions (a shown value's `when`, a score) may read zones: they read
  // them as this seat sees them, hidden pieces included as hidden, never the state's own lists.
  const seen: Record<string, Piece[] | Piece[][]> = {};
  for (const v of views) {
    if (v.ownerIndex === null) seen[v.name] = [...v.pieces];
    else ((seen[v.name] ??= []) as Piece[][])[v.ownerIndex] = [...v.pieces];
  }
  return { seat, states: activeStates(state.value), context: { ...context, zones: seen }, zones: views };
};
