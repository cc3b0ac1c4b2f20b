/**
 * What one seat may see: zones hide their pieces by their declared visibility (a hidden piece
 * keeps no id, kind or attribute that could tell it apart, but for the attributes the zone
 * declares known), and the PRNG state is never shown. A zone whose contents are known lists its
 * face-down pieces apart, in id order, so that the list tells which but not where.
 */
import type { CompiledGame } from '../compile/index.ts';
import { teamAssignment } from '../runtime/teams.ts';
import { activeStates } from './play.ts';
import { readsLine } from '../runtime/state.ts';
import type { GameState, GameView, Piece, ZoneView } from './types.ts';

const hidden = (zone: string, index: number, piece: Piece, known: readonly string[]): Piece => {
  const face: Record<string, Piece[string]> = { id: `${zone}#${index}`, kind: 'hidden', hidden: true };
  for (const field of known) if (piece[field] !== undefined) face[field] = piece[field];
  return face as Piece;
};

const VIEW_ONLY = new Set(['id', 'kind', 'hidden']);

/** What a view shows of a face-down piece besides its place: the attributes its zone declares known. */
export const knownOf = (shown: Piece): Record<string, Piece[string]> => {
  const known: Record<string, Piece[string]> = {};
  for (const [field, value] of Object.entries(shown)) if (!VIEW_ONLY.has(field)) known[field] = value;
  return known;
};

const byId = (a: Piece, b: Piece): number => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export const viewOf = (game: CompiledGame, state: GameState, seat: number | null): GameView => {
  const { zones, rng: _rng, rigged: _rigged, ...context } = state.context;
  const teams = teamAssignment(game.spec, state.context.numPlayers);
  const views: ZoneView[] = [];
  for (const [name, spec] of Object.entries(game.zones)) {
    const owner = spec.owner ?? 'game';
    const visibility = spec.visibility ?? 'public';
    const known = spec.knownAttributes ?? [];
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
        pieces: pieces.map((p, i) => (canSee(i) ? p : hidden(name, i, p, known))),
        ...(spec.knownContents === true ? { contents: pieces.filter((_, i) => !canSee(i)).sort(byId) } : {}),
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
  // A line for some seats only reaches them: the others read the public lines alone.
  const log = context.log.every((line) => typeof line === 'string') ? context.log : context.log.filter((line) => readsLine(line, seat));
  return { seat, states: activeStates(state.value), context: { ...context, log, zones: seen }, zones: views };
};
