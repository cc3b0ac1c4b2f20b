/**
 * The optional play observer (runtime/observer.ts): it sees every state entered, every transition
 * taken and every guard judged, and watching changes nothing in the game.
 */
import { describe, expect, it } from 'vitest';
import { applyLegal, legalMovesWithEvents, newGame, type GameState } from '../../src/engine/index.ts';
import type { PlayObserver } from '../../src/runtime/observer.ts';
import { Rng, seedRng } from '../../src/runtime/rng.ts';
import { compileGame, type CompiledGame } from '../../src/compile/index.ts';
import { compile, source } from '../helpers/games.ts';

const recorder = () => {
  const seen = { entered: [] as string[], taken: 0, moved: [] as string[], held: 0, refused: 0 };
  const observer: PlayObserver = {
    judged: (_owner, failed) => (failed ? seen.refused++ : seen.held++),
    moved: (move) => seen.moved.push(move.name),
    taken: () => seen.taken++,
    entered: (names) => seen.entered.push(...names),
  };
  return { seen, observer };
};

const playOut = (observer: PlayObserver | undefined, seed: number, game: CompiledGame = compile('ten-thousand')): GameState => {
  const start = newGame(game, { players: 2, seed, ...(observer ? { observer } : {}) });
  if (!start.ok) throw new Error(start.error);
  let state = start.state;
  const rng = new Rng(seedRng(`observer:${seed}`));
  for (let i = 0; i < 200 && state.context.result === null; i++) {
    const legal = legalMovesWithEvents(game, state, undefined, observer);
    const next = applyLegal(game, state, legal[rng.below(legal.length)] as (typeof legal)[number], observer);
    if (!next.ok) throw new Error(next.error);
    state = next.state;
  }
  return state;
};

describe('play observer', () => {
  it('sees the states entered, the moves made and the guards judged, and changes nothing', () => {
    for (const seed of [1, 2, 3]) {
      const { seen, observer } = recorder();
      const watched = playOut(observer, seed);
      expect(watched).toEqual(playOut(undefined, seed));
      expect(seen.entered.slice(0, 2)).toEqual(['turn', 'start']);
      expect(seen.moved.length).toBeGreaterThan(10);
      expect(seen.moved).toContain('roll');
      // Every move takes one transition, and automatic ones follow (the scoring after each roll).
      expect(seen.taken).toBeGreaterThan(seen.moved.length);
      expect(seen.entered).toContain('rolled');
      expect(seen.held).toBeGreaterThan(0);
      expect(seen.refused).toBeGreaterThan(0);
    }
  });
});

describe('effect probe', () => {
  it("counts each effect of a game compiled with it by the effect's path, and changes nothing", () => {
    const runs = new Map<string, number>();
    const { game } = compileGame({
      base: source('ten-thousand'),
      probe: (path) => {
        const key = path.join('.');
        return () => runs.set(key, (runs.get(key) ?? 0) + 1);
      },
    });
    if (!game) throw new Error('no game');
    const { seen, observer } = recorder();
    expect(playOut(observer, 4, game)).toEqual(playOut(undefined, 4));
    const rolls = seen.moved.filter((m) => m === 'roll').length;
    expect(runs.get('moves.roll.effects.0')).toBe(rolls);
    expect(runs.get('moves.roll.effects.2')).toBe(rolls);
    expect(runs.get('flow.states.turn.entry.0')).toBe(seen.entered.filter((n) => n === 'turn').length);
    expect(runs.get('moves.keep.effects.0')).toBeUndefined();
  });
});
