/**
 * Determinisation: a complete game state built from what one seat knows. Its information set is
 * what `viewOf` shows it: the pieces it sees, where each face-down piece lies, the attributes a
 * zone declares known of its face-down pieces (`knownAttributes`: a stack whose layers are public) and the
 * pieces a zone is known to hold (`knownContents`: a pile everybody saw being made). Every
 * piece the seat cannot place is dealt again into the face-down places, each only where it fits:
 * the zone holds its kind, its known attributes match, a zone of known contents gets its own
 * pieces. Among the states that fit, each is equally likely. The PRNG is reseeded and the rigged
 * faces dropped, so that a bot that searches the result cannot read hidden cards, the deck order
 * or the future dice.
 *
 * The pool of unplaced pieces is every piece of the game (as a new game makes them, with their
 * initial props) minus those the view shows or lists: it depends on the view and the components only.
 */
import type { CompiledGame } from '../compile/index.ts';
import { type Rng, seedRng } from '../runtime/rng.ts';
import { everyPiece, knownOf, viewOf, type GameState, type Piece, type ZoneContents } from '../engine/index.ts';

/** A fresh PRNG state drawn from `rng`: the state's own PRNG and rigged faces are thrown away. */
export const reseed = (state: GameState, rng: Rng): GameState => ({
  ...state,
  context: { ...state.context, rng: seedRng(`${rng.below(4294967296)}:${rng.below(4294967296)}`), rigged: [] },
});

const piecesOfGames = new WeakMap<CompiledGame, Map<string, readonly Piece[]>>();

/** Every piece a game with these players and params has, in a fixed order. */
export const allPieces = (game: CompiledGame, state: GameState): readonly Piece[] => {
  let byKey = piecesOfGames.get(game);
  if (!byKey) {
    byKey = new Map();
    piecesOfGames.set(game, byKey);
  }
  const key = `${state.context.numPlayers}:${JSON.stringify(state.context.params)}`;
  let pieces = byKey.get(key);
  if (!pieces) {
    const ctx = game.initialContext({ players: state.context.numPlayers, seed: 0, params: state.context.params });
    pieces = everyPiece(ctx.zones).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    byKey.set(key, pieces);
  }
  return pieces;
};

/** A face-down place: where it is, and what a piece must be to lie there. */
export interface Place {
  readonly zone: string;
  readonly owner: number | null;
  readonly index: number;
  readonly holds: readonly string[];
  /** The attributes the view shows of the piece here (the zone's known attributes). */
  readonly known: Readonly<Record<string, Piece[string]>>;
}

export const fits = (piece: Piece, place: Place): boolean =>
  place.holds.includes(piece.kind) && Object.entries(place.known).every(([field, value]) => piece[field] === value);

/** Whether `seat` sees every piece of the state (then a determinisation only reseeds). */
export const seesEverything = (game: CompiledGame, state: GameState, seat: number): boolean =>
  viewOf(game, state, seat).zones.every((z) => z.pieces.every((p) => p.hidden !== true));

/**
 * A state `seat` cannot tell from the real one: same view, face-down pieces dealt at random where
 * they fit, a new PRNG. Reads the state only through `viewOf(game, state, seat)` and the flow's
 * state value.
 */
export const determinize = (game: CompiledGame, state: GameState, seat: number, rng: Rng): GameState =>
  determinizer(game, state, seat)(rng);

/**
 * `determinize` for one position and seat, dealt as often as asked: the view, the face-down
 * places and the pieces that may go there are worked out once (a search deals the same position
 * at every iteration), and each call deals them anew from `rng`, drawing as `determinize` does.
 */
export const determinizer = (game: CompiledGame, state: GameState, seat: number): ((rng: Rng) => GameState) => {
  const view = viewOf(game, state, seat);
  const open: Place[] = [];
  const listed = new Set<string>();
  const seen = new Set<string>();
  // Each deal of pieces into places, in the order they draw from the PRNG.
  const deals: { readonly places: readonly Place[]; readonly dealt: (rng: Rng) => Piece[] }[] = [];
  for (const z of view.zones) {
    const holds = game.zones[z.name]?.holds ?? [];
    const places: Place[] = [];
    z.pieces.forEach((p, index) => {
      if (p.hidden === true) places.push({ zone: z.name, owner: z.ownerIndex, index, holds, known: knownOf(p) });
      else seen.add(p.id);
    });
    if (z.contents) {
      for (const p of z.contents) listed.add(p.id);
      deals.push({ places, dealt: dealer(places, z.contents) });
    } else open.push(...places);
  }
  deals.push({
    places: open,
    dealt: dealer(
      open,
      allPieces(game, state).filter((p) => !seen.has(p.id) && !listed.has(p.id)),
    ),
  });
  const { seat: _seat, states: _states, context } = view;
  return (rng) => {
    const zones: Record<string, Piece[] | Piece[][]> = {};
    for (const z of view.zones) {
      if (z.ownerIndex === null) zones[z.name] = z.pieces.slice();
      else ((zones[z.name] ??= []) as Piece[][])[z.ownerIndex] = z.pieces.slice();
    }
    for (const { places, dealt } of deals)
      dealt(rng).forEach((piece, i) => {
        const place = places[i] as Place;
        const list = place.owner === null ? (zones[place.zone] as Piece[]) : ((zones[place.zone] as Piece[][])[place.owner] as Piece[]);
        list[place.index] = piece;
      });
    return {
      value: state.value,
      context: {
        ...context,
        zones: zones as Record<string, ZoneContents>,
        rng: seedRng(`${rng.below(4294967296)}:${rng.below(4294967296)}`),
        rigged: [],
      },
    };
  };
};

/** The state a strategy decides on: the real one when `seat` sees everything, else a determinisation. */
export const seenBy = (game: CompiledGame, state: GameState, seat: number, rng: Rng): GameState =>
  seesEverything(game, state, seat) ? state : determinize(game, state, seat, rng);

/**
 * One piece per place, each where it fits, uniformly over the ways to do so. Places that accept
 * the same pieces form a group; the groups are filled from the one that accepts fewest, each place
 * taking a piece at random among those left that fit. That is uniform when any two groups accept
 * either disjoint sets of pieces or one a subset of the other (attribute values, kinds: every declaration the
 * language has gives such sets); sets that overlap otherwise are refused rather than sampled unevenly.
 * The groups are formed (and checked) once; each call of the result deals anew from its `rng`.
 */
const dealer = (places: readonly Place[], pool: readonly Piece[]): ((rng: Rng) => Piece[]) => {
  if (places.length === 0) return () => [];
  if (pool.length !== places.length) {
    throw new Error(
      `cannot determinise: ${places.length} face-down places but ${pool.length} pieces to put there (pieces made or lost during the game?)`,
    );
  }
  const groups = new Map<string, { places: number[]; accepts: Set<number> }>();
  places.forEach((place, i) => {
    const key = JSON.stringify([place.holds, place.known]);
    let group = groups.get(key);
    if (!group) {
      group = { places: [], accepts: new Set(pool.flatMap((p, j) => (fits(p, place) ? [j] : []))) };
      groups.set(key, group);
    }
    group.places.push(i);
  });
  const ordered = [...groups.values()].sort((a, b) => a.accepts.size - b.accepts.size);
  ordered.forEach((g, i) => {
    for (const h of ordered.slice(i + 1)) {
      const shared = [...g.accepts].filter((j) => h.accepts.has(j)).length;
      if (shared > 0 && shared < g.accepts.size) {
        throw new Error(
          `cannot determinise evenly: the face-down places of '${places[g.places[0] as number]?.zone}' and '${places[h.places[0] as number]?.zone}' accept overlapping sets of pieces`,
        );
      }
    }
  });
  const accepts = ordered.map((g) => [...g.accepts]);
  return (rng) => {
    const taken = new Array<boolean>(pool.length).fill(false);
    const out = new Array<Piece>(places.length);
    ordered.forEach((g, k) => {
      const free = (accepts[k] as number[]).filter((j) => !taken[j]);
      for (const i of g.places) {
        if (free.length === 0) {
          const place = places[i] as Place;
          throw new Error(
            `cannot determinise: no unseen piece fits the face-down place ${place.index + 1} of '${place.zone}' (${JSON.stringify(place.known)})`,
          );
        }
        const [j] = free.splice(rng.below(free.length), 1) as [number];
        taken[j] = true;
        out[i] = pool[j] as Piece;
      }
    });
    return out;
  };
};
