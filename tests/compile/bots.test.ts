/**
 * Strategies as data: `bots:` compiles its conditions with the move's scope (seat and arguments),
 * its scores as numbers and `evaluate` with `seat`; mistakes are diagnostics at their place.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileGame } from '../../src/compile/index.ts';
import { formatDiagnostic } from '../../src/spec/diagnostics.ts';
import { createBot } from '../../src/bots/index.ts';
import { Rng, seedRng } from '../../src/runtime/rng.ts';
import { legalMovesWithEvents } from '../../src/engine/index.ts';
import { compile, start, withVars, rollWith } from '../helpers/games.ts';

const TOGETHER = join(import.meta.dirname, '../fixtures/bots/together.yaml');
const text = readFileSync(TOGETHER, 'utf8');

const errorsOf = (bots: string): string[] => {
  const spec = text.replace(/\nbots:[\s\S]*$/, `\n${bots}`);
  const { diagnostics } = compileGame({ base: { file: 'together.yaml', text: spec } });
  return diagnostics.filter((d) => d.severity === 'error').map(formatDiagnostic);
};

describe('bots: in a spec', () => {
  it('compiles preferences and evaluations', () => {
    const { game } = compileGame({ base: { file: TOGETHER, text } });
    expect(Object.keys(game?.bots ?? {})).toEqual(['eager', 'hasty']);
    expect(game?.bots.eager?.prefer.map((p) => p.move)).toEqual(['stop', 'add']);
    expect(game?.bots.hasty?.evaluate?.source).toBe('min(game.total, 3) / 4');
  });

  it('reports an unknown move with a suggestion', () => {
    expect(errorsOf('bots:\n  b:\n    prefer:\n      - move: stpo\n')).toEqual([
      expect.stringMatching(/together\.yaml:\d+:\d+: error: 'stpo' is not a move .*did you mean 'stop'/),
    ]);
  });

  it('type-checks when, score and evaluate at their place', () => {
    const errors = errorsOf(
      'bots:\n  b:\n    prefer:\n      - move: add\n        when: game.total + 1\n        score: game.total > 1\n    evaluate: "\'high\'"\n',
    );
    expect(errors).toHaveLength(3);
    expect(errors[0]).toMatch(/expected bool, found number/);
    expect(errors[1]).toMatch(/expected number, found bool/);
    expect(errors[2]).toMatch(/expected number, found string/);
  });

  it('sees the move arguments and seat in when and score, and seat in evaluate', () => {
    expect(errorsOf('bots:\n  b:\n    prefer:\n      - move: add\n        when: seat == 0\n    evaluate: seat / 2\n')).toEqual([]);
    expect(errorsOf('bots:\n  b:\n    prefer:\n      - move: add\n        when: dice == 0\n')[0]).toMatch(/unknown name 'dice'/);
  });

  it('needs prefer or evaluate', () => {
    expect(errorsOf('bots:\n  b:\n    description: nothing\n')[0]).toMatch(/bot 'b' needs 'consider', 'prefer' or 'evaluate'/);
  });
});

describe('the shipped strategies play as written', () => {
  it('10,000 careful banks at 350 or more, and rolls on below', () => {
    const game = compile('ten-thousand', [], { entry: 0 });
    const bot = createBot(game, 'careful');
    if ('error' in bot) throw new Error(bot.error);
    const decide = (points: number) => {
      let s = rollWith(game, start(game), [1, 5, 2, 3, 6]);
      s = withVars(s, { game: { turnPoints: points } });
      const moves = legalMovesWithEvents(game, s, 0);
      return bot.choose(s, 0, moves, new Rng(seedRng(1))).move.move;
    };
    expect(decide(400)).toBe('bank');
    expect(decide(300)).toBe('roll');
  });
});
