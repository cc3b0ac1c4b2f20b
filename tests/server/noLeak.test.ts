/**
 * No leak, as a property: what a seat (or a spectator) is sent depends on what it may know only.
 * Over random games of every shipped game and variant set, at every step and for every reader, a
 * second world is made that the reader cannot tell from the real one: the pieces it cannot see
 * dealt again among the places it cannot see (each where it fits: same zone kinds, same known
 * attributes, a zone of known contents keeps its own) and a new PRNG.
 * - The reader's frame (view and legal moves) is byte-identical in both worlds.
 * - The same move is made in both; where everything public still reads the same afterwards for the
 *   reader (board, flow state, variables, result: the rules revealed nothing that differs), its
 *   account of the move (log lines, the move's arguments) must be byte-identical too: a log line
 *   that tells a hidden card fails.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CompiledGame } from '../../src/compile/index.ts';
import { legalMoves, viewOf, type GameState, type Move, type Piece } from '../../src/engine/index.ts';
import { knownOf } from '../../src/engine/view.ts';
import { seedRng, Rng } from '../../src/runtime/rng.ts';
import { applyEvent, eventFor, frameOf, openRoomGame, type Frame, type RoomGame } from '../../src/server/roomGame.ts';
import { listGames } from '../../src/cli/catalog.ts';
import { withRequirements } from '../../src/variants/requirements.ts';
import { compile, source } from '../helpers/games.ts';
import { compileGame } from '../../src/compile/index.ts';

const MOVES = Number(process.env.LEAK_MOVES ?? 60);
const RUNS = Number(process.env.LEAK_GAMES ?? 3);

interface Place {
  readonly zone: string;
  readonly owner: number | null;
  readonly index: number;
  readonly group: string;
}

const pieceAt = (state: GameState, p: Place): Piece => {
  const contents = state.context.zones[p.zone] ?? [];
  return (
    p.owner === null ? (contents as readonly Piece[])[p.index] : (contents as readonly (readonly Piece[])[])[p.owner]?.[p.index]
  ) as Piece;
};

/** A world `reader` cannot tell from `state`: its hidden pieces dealt again where they fit, a new PRNG. */
const scramble = (game: CompiledGame, state: GameState, reader: number | null, rng: Rng): GameState => {
  const view = viewOf(game, state, reader);
  const places: Place[] = [];
  for (const z of view.zones) {
    const holds = [...(game.zones[z.name]?.holds ?? [])].sort().join(',');
    z.pieces.forEach((p, index) => {
      if (p.hidden !== true) return;
      const own = z.contents ? `${z.name}:${z.ownerIndex}` : '';
      places.push({ zone: z.name, owner: z.ownerIndex, index, group: `${holds}|${JSON.stringify(knownOf(p))}|${own}` });
    });
  }
  const zones: Record<string, Piece[] | Piece[][]> = {};
  for (const [name, contents] of Object.entries(state.context.zones)) {
    zones[name] = (contents as readonly (Piece | readonly Piece[])[]).map((x) => (Array.isArray(x) ? [...(x as readonly Piece[])] : x)) as
      | Piece[]
      | Piece[][];
  }
  const groups = new Map<string, Place[]>();
  for (const p of places) groups.set(p.group, [...(groups.get(p.group) ?? []), p]);
  for (const group of groups.values()) {
    const pieces = group.map((p) => pieceAt(state, p));
    for (let i = pieces.length - 1; i > 0; i--) {
      const j = rng.below(i + 1);
      [pieces[i], pieces[j]] = [pieces[j] as Piece, pieces[i] as Piece];
    }
    group.forEach((p, i) => {
      const list = p.owner === null ? (zones[p.zone] as Piece[]) : ((zones[p.zone] as Piece[][])[p.owner] as Piece[]);
      list[p.index] = pieces[i] as Piece;
    });
  }
  return { value: state.value, context: { ...state.context, zones, rng: seedRng(`other world ${rng.below(2 ** 31)}`) } };
};

const withoutLog = (frame: Frame): unknown => ({ ...frame, view: { ...frame.view, context: { ...frame.view.context, log: [] } } });

const roomAt = (game: CompiledGame, state: GameState): RoomGame => ({ game, start: state, states: [state], moves: [], history: [] });
const json = (value: unknown): string => JSON.stringify(value);

const readersOf = (state: GameState): (number | null)[] => [...Array.from({ length: state.context.numPlayers }, (_, s) => s), null];

interface Tally {
  states: number;
  afterMoves: number;
}

const playAndCompare = (game: CompiledGame, players: number, seed: number, tally: Tally): void => {
  const opened = openRoomGame(game, `leak ${seed}`, players, []);
  if ('error' in opened) throw new Error(opened.error);
  const rng = new Rng(seedRng(`moves ${seed}`));
  let state = opened.room.states[0] as GameState;
  for (let n = 0; n < MOVES && state.context.result === null; n++) {
    const legal = legalMoves(game, state);
    if (legal.length === 0) break;
    const move = legal[rng.below(legal.length)] as Move;
    const real = roomAt(game, state);
    expect(applyEvent(real, { kind: 'move', move })).toEqual({ ok: true });
    for (const reader of readersOf(state)) {
      const other = scramble(game, state, reader, rng);
      const where = `${game.title}, ${players} players, seed ${seed}, move ${n + 1}, reader ${reader}`;
      expect(json(frameOf(roomAt(game, other), reader)), where).toBe(json(frameOf(roomAt(game, state), reader)));
      tally.states++;
      const world = roomAt(game, other);
      if (!applyEvent(world, { kind: 'move', move }).ok) continue;
      // The rules made something public that differs between the worlds (a piece turned up, a hand
      // that could not pay ended the game): they may part there. Otherwise the log must not.
      if (json(withoutLog(frameOf(world, reader))) !== json(withoutLog(frameOf(real, reader)))) continue;
      const sent = (room: RoomGame) => json({ frame: frameOf(room, reader), event: eventFor(room, 1, reader) });
      expect(sent(world), `${where}: ${json(move)}`).toBe(sent(real));
      tally.afterMoves++;
    }
    state = real.states[1] as GameState;
  }
};

const variantSets = (): { name: string; game: CompiledGame }[] =>
  listGames().flatMap((entry) => [
    { name: entry.id, game: compile(entry.id) },
    ...entry.variants.map((variant) => {
      const ids = withRequirements([variant.id], (id) => entry.variants.find((v) => v.id === id)?.requires);
      return { name: `${entry.id} + ${ids.join(', ')}`, game: compile(entry.id, ids) };
    }),
  ]);

describe('what a reader is sent depends on what it may know only', () => {
  for (const { name, game } of variantSets()) {
    it(`${name}: frames and events are the same in every world the reader cannot tell apart`, () => {
      const tally: Tally = { states: 0, afterMoves: 0 };
      fc.assert(
        fc.property(
          fc.integer({ min: game.players.min, max: Math.min(game.players.max, 4) }),
          fc.integer({ min: 0, max: 2 ** 30 }),
          (players, seed) => {
            playAndCompare(game, players, seed, tally);
          },
        ),
        { numRuns: RUNS, seed: 20261204 },
      );
      expect(tally.states).toBeGreaterThan(0);
      expect(tally.afterMoves).toBeGreaterThan(0);
    });
  }

  it('the check can fail: the same line told to the whole table is caught', () => {
    // Regicide with its private line made public: the table would read the card the drawer drew.
    const { file, text } = source('regicide');
    const told = text.replace(/\n\s*to: game\.drawSeat\n/, '\n');
    expect(told).not.toBe(text);
    const { game } = compileGame({ base: { file, text: told } });
    if (!game) throw new Error('the changed spec does not compile');
    const caught = Array.from({ length: 8 }, (_, seed) => {
      try {
        playAndCompare(game, 2, seed, { states: 0, afterMoves: 0 });
        return false;
      } catch {
        return true;
      }
    });
    expect(caught).toContain(true);
  });
});
