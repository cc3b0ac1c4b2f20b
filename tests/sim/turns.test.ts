/**
 * What `simulate` counts as a game's turns: every turn played, the first one included, and no
 * more than the turn cap when the cap stops the game.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileGame, type CompiledGame } from '../../src/compile/index.ts';
import { createBots, type Bot } from '../../src/bots/index.ts';
import { playOne, simulate } from '../../src/sim/simulate.ts';
import { compile } from '../helpers/games.ts';

// Each `add` ends a turn (nextTurn); `stop` ends the game.
const together = (): CompiledGame => {
  const file = join(import.meta.dirname, '../fixtures/bots/together.yaml');
  const { game } = compileGame({ base: { file, text: readFileSync(file, 'utf8') } });
  if (!game) throw new Error('no game');
  return game;
};

describe('simulate counts turns', () => {
  const bots = (game: CompiledGame, name: string): Bot[] => {
    const made = createBots(game, name, 2);
    if ('error' in made) throw new Error(made.error);
    return made;
  };

  it('a game ended in its first turn reports 1 turn, not 0', () => {
    const game = together();
    const record = playOne(game, 2, 'one-turn', 1000, 50_000, bots(game, 'hasty'));
    expect(record).toMatchObject({ winners: [], turns: 1, moves: 1 });
    expect(simulate(game, { games: 3, seed: 'one-turn', bots: ['hasty'] }).turns).toEqual({ mean: 1, max: 1 });
  });

  it('a game of three nextTurns and a stop reports 4 turns', () => {
    const game = together();
    expect(playOne(game, 2, 'four', 1000, 50_000, bots(game, 'eager'))).toMatchObject({ winners: [0, 1], turns: 4, moves: 4 });
  });

  it('a finished game reports the turns begun after the first, plus the first', () => {
    const game = compile('ten-thousand', [], { target: 1000 });
    // Player 1 cannot win in turn 1 and Player 2 bank in it too: a 2-player game won by Player 2
    // has at least 2 turns; one won by Player 1 an odd number.
    const records = Array.from({ length: 6 }, (_, i) => playOne(game, 2, `parity-${i}`, 1000, 50_000));
    expect(records.every((r) => r.winners !== null)).toBe(true);
    for (const r of records) {
      if (r.winners?.[0] === 0) expect(r.turns % 2).toBe(1);
      if (r.winners?.[0] === 1) expect(r.turns % 2).toBe(0);
    }
  });

  it('a game stopped by the turn cap reports the cap: the turn it had just begun is not played', () => {
    const game = compile('ten-thousand');
    const record = playOne(game, 2, 'capped', 3, 50_000);
    expect(record.capped).toBe(true);
    expect(record.turns).toBe(3);
  });
});
