/**
 * Determinisation: a complete game state built from what one seat can see. The pieces the seat
 * cannot see are dealt again at random into the places it cannot see (each piece only into a zone
 * that holds its kind), and the PRNG is reseeded and the rigged faces dropped, so that a bot that
 * searches the result cannot read hidden cards, the deck order or the future dice.
 *
 * The pool of unseen pieces is every piece of the game (as a new game makes them, with their
 * initial props) minus those the view shows: it depends on the view and the components only.
 */
import type { CompiledGame } from '../compile/index.ts';
import { Rng, seedRng } from '../runtime/rng.ts';
import { viewOf, type GameState, type Piece, type ZoneContents } from '../engine/index.ts';

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
    const out: Piece[] = [];
    for (const contents of Object.values(ctx.zones)) {
      for (const item of contents) {
        if (Array.isArray(item)) out.push(...(item as readonly Piece[]));
        else out.push(item as Piece);
      }
    }
    pieces = out.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    byKey.set(key, pieces);
  }
  return pieces;
};

interface Place {
  readonly zone: string;
  readonly owner: number | null;
  readonly index: number;
  readonly holds: ReadonlySet<string>;
}

/** Whether `seat` sees every piece of the state (then a determinisation only reseeds). */
export const seesEverything = (game: CompiledGame, state: GameState, seat: number): boolean =>
  viewOf(game, state, seat).zones.every((z) => z.pieces.every((p) => p.hidden !== true));

/**
 * A state `seat` cannot tell from the real one: same view, hidden pieces dealt at random, a new
 * PRNG. Reads the state only through `viewOf(game, state, seat)` and the flow's state value.
 */
export const determinize = (game: CompiledGame, state: GameState, seat: number, rng: Rng): GameState => {
  const view = viewOf(game, state, seat);
  const places: Place[] = [];
  const seen = new Set<string>();
  for (const z of view.zones) {
    const holds = new Set(game.zones[z.name]?.holds ?? []);
    z.pieces.forEach((p, index) => {
      if (p.hidden === true) places.push({ zone: z.name, owner: z.ownerIndex, index, holds });
      else seen.add(p.id);
    });
  }
  const pool = allPieces(game, state).filter((p) => !seen.has(p.id));
  const zones: Record<string, Piece[] | Piece[][]> = {};
  for (const z of view.zones) {
    if (z.ownerIndex === null) zones[z.name] = z.pieces.slice();
    else {
      const lists = (zones[z.name] ?? []) as Piece[][];
      lists[z.ownerIndex] = z.pieces.slice();
      zones[z.name] = lists;
    }
  }
  if (places.length > 0) {
    const dealt = deal(places, pool, rng);
    places.forEach((place, i) => {
      const piece = dealt[i] as Piece;
      const list = place.owner === null ? (zones[place.zone] as Piece[]) : ((zones[place.zone] as Piece[][])[place.owner] as Piece[]);
      list[place.index] = piece;
    });
  }
  const { seat: _seat, states: _states, context } = view;
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

/**
 * One piece per place, at random, each into a place whose zone holds its kind. The pool has as
 * many pieces as there are places whenever pieces are neither made nor destroyed during a game.
 */
const deal = (places: readonly Place[], pool: readonly Piece[], rng: Rng): Piece[] => {
  if (pool.length !== places.length) {
    throw new Error(`cannot determinise: ${places.length} hidden places but ${pool.length} unseen pieces (pieces made or lost during the game?)`);
  }
  const shuffled = rng.shuffle(pool);
  const out: (Piece | undefined)[] = new Array<Piece | undefined>(places.length);
  // Places that hold every kind are filled last: the constrained ones choose first.
  const order = places.map((_, i) => i).sort((a, b) => (places[a] as Place).holds.size - (places[b] as Place).holds.size);
  const left = shuffled.slice();
  for (const i of order) {
    const holds = (places[i] as Place).holds;
    let at = left.findIndex((p) => holds.has(p.kind));
    if (at < 0) at = 0;
    out[i] = left.splice(at, 1)[0];
  }
  return out as Piece[];
};
