/**
 * Issue 39's adaptation test: plain search follows a house rule that a strategy written for the
 * base rules does not. In Stones (tests/fixtures/bots/stones), `fours` leaves a multiple of four
 * stones and weighs nothing else when it can: perfect play when the last stone wins. Under the
 * misère house rule (the last stone loses) that play loses, and plain `mcts`, which knows only the
 * compiled rules, beats both `fours` and `mcts:fours`, which searches only the moves `fours`
 * considers. Fixed seeds and iterations, seats rotated; asserted with a margin, not a timing.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileGame, type CompiledGame } from '../../src/compile/index.ts';
import { playRange, type GameRecord } from '../../src/sim/simulate.ts';

const DIR = join(import.meta.dirname, '../fixtures/bots/stones');
const GAMES = 20;
const ITERATIONS = 100;

const stones = (variants: readonly string[]): CompiledGame => {
  const read = (file: string): { file: string; text: string } => ({ file, text: readFileSync(file, 'utf8') });
  const { game, diagnostics } = compileGame({
    base: read(join(DIR, 'game.yaml')),
    variants: variants.map((v) => read(join(DIR, 'variants', `${v}.yaml`))),
  });
  if (!game) throw new Error(diagnostics.map((d) => d.message).join('\n'));
  return game;
};

/** The games `bot` won against `other`, seats rotated, on fixed seeds. */
const winsOf = (game: CompiledGame, bot: string, other: string): number => {
  const records: GameRecord[] = playRange(
    game,
    { seed: 'adapt', bots: [bot, other], rotate: true, botOptions: { iterations: ITERATIONS } },
    0,
    GAMES,
  );
  expect(records.filter((r) => r.error)).toEqual([]);
  return records.filter((r) => (r.winners ?? []).some((seat) => r.bots?.[seat] === bot)).length;
};

describe('a search adapts to a house rule its strategy was not written for (issue 39)', () => {
  it('under the base rules the strategy is right: fours and mcts:fours beat plain mcts', () => {
    const game = stones([]);
    expect(winsOf(game, 'fours', 'mcts')).toBeGreaterThanOrEqual(0.8 * GAMES);
    expect(winsOf(game, 'mcts:fours', 'mcts')).toBeGreaterThanOrEqual(0.8 * GAMES);
  });

  it('under misère plain mcts beats fours and mcts:fours', () => {
    const game = stones(['misere']);
    expect(game.paramValues.lastLoses).toBe(true);
    expect(winsOf(game, 'mcts', 'fours')).toBeGreaterThanOrEqual(0.8 * GAMES);
    expect(winsOf(game, 'mcts', 'mcts:fours')).toBeGreaterThanOrEqual(0.8 * GAMES);
  });
});
