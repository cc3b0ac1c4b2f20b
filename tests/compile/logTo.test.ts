/**
 * `log:` with `to:`: a line only some seats read. The view of any other seat, and a spectator's,
 * never holds it; a `to` that is not a seat number (or a list of them) is refused where it is
 * written, one that names no seat of the game stops the move at the effect.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileGame } from '../../src/compile/index.ts';
import { logText, newGame, step, viewOf, type GameState } from '../../src/engine/index.ts';
import type { CompiledGame } from '../../src/compile/index.ts';

const file = 'templates/new-game.yaml';

const withLog = (lines: string): ReturnType<typeof compileGame> =>
  compileGame({
    base: { file, text: readFileSync(file, 'utf8').replace('      - roll: zones.pool\n', `      - roll: zones.pool\n${lines}`) },
  });

const afterRoll = (game: CompiledGame): GameState | string => {
  const s = newGame(game, { players: 3, seed: 5 });
  if (!s.ok) return s.error;
  const r = step(game, s.state, { move: 'roll', seat: 0 });
  return r.ok ? r.state : r.error;
};

const playable = (lines: string): CompiledGame => {
  const { game, diagnostics } = withLog(lines);
  if (!game) throw new Error(diagnostics.map((d) => d.message).join('; '));
  return game;
};

describe('log lines for some seats only', () => {
  it('a line to the active seat is read by that seat alone; the public line by everybody', () => {
    const game = playable('      - log: "public line"\n      - log: "secret {active + 1}"\n        to: active\n');
    const state = afterRoll(game);
    if (typeof state === 'string') throw new Error(state);
    expect(state.context.log).toContainEqual({ text: 'secret 1', to: [0] });
    const read = (seat: number | null): string[] => viewOf(game, state, seat).context.log.map(logText);
    expect(read(0)).toEqual(expect.arrayContaining(['public line', 'secret 1']));
    for (const other of [1, 2, null]) {
      expect(read(other)).toContain('public line');
      expect(read(other)).not.toContain('secret 1');
    }
  });

  it('a list of seats: each of them reads it, once, in seat order', () => {
    const game = playable('      - log: "to two"\n        to: "[2, 0, 2]"\n');
    const state = afterRoll(game);
    if (typeof state === 'string') throw new Error(state);
    expect(state.context.log).toContainEqual({ text: 'to two', to: [0, 2] });
    expect(viewOf(game, state, 1).context.log.map(logText)).not.toContain('to two');
    expect(viewOf(game, state, 2).context.log.map(logText)).toContain('to two');
  });

  it("a 'to' that is not a seat number is a located type error", () => {
    const { game, diagnostics } = withLog('      - log: "x"\n        to: "\'everybody\'"\n');
    expect(game).toBeUndefined();
    const d = diagnostics.find((x) => x.message.includes("'to' names the seats"));
    expect(d?.message).toMatch(/not string/);
    expect(d?.path.at(-1)).toBe('to');
    expect(d?.line).toBeGreaterThan(1);
  });

  it('a seat past the table stops the move with an error at the effect', () => {
    const state = afterRoll(playable('      - log: "x"\n        to: numPlayers\n'));
    expect(typeof state === 'string' ? state : 'the move was taken').toMatch(/log: to: .*seat/);
  });
});
