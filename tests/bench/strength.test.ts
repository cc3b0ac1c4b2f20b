/**
 * The strength bench's parts that need no clock: a worker's slice of games gives the games the
 * simulator plays and sums every search the bots made; a row prints its wins with their 95%
 * Wilson interval. (The table itself runs in `npm run bench`, never in the unit tests.)
 */
import { describe, expect, it } from 'vitest';
import { playSlice } from '../../bench/strengthWorker.ts';
import { winLine } from '../../bench/strength.ts';
import { playRange } from '../../src/sim/simulate.ts';
import { compile } from '../helpers/games.ts';

describe('the strength bench', () => {
  it('plays a slice as the simulator does, with the learning and playouts asked for, and counts the iterations of every search', () => {
    const job = {
      game: 'ten-thousand',
      variants: [],
      players: 2,
      bots: ['mcts', 'careful'],
      rotate: true,
      iterations: 3,
      learning: ['mast' as const],
      rolloutTurns: 'end' as const,
      seed: 's',
      maxTurns: 3,
      from: 1,
      to: 3,
    };
    let games = 0;
    const slice = playSlice(job, () => games++);
    expect(games).toBe(2);
    expect(slice.records).toEqual(
      playRange(compile('ten-thousand'), { ...job, botOptions: { iterations: 3, learning: ['mast'], rolloutTurns: 'end' } }, 1, 3),
    );
    expect(slice.searches).toBeGreaterThan(0);
    expect(slice.iterations).toBe(3 * slice.searches);
  });

  it('gives each row its wins, share and 95% Wilson interval', () => {
    expect(winLine(0, 10)).toBe('0 of 10, 0.0% [0.0%, 27.8%]');
    expect(winLine(5, 10)).toBe('5 of 10, 50.0% [23.7%, 76.3%]');
  });
});
