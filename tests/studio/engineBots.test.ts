/**
 * The playtest's bots: a bot that fails says so in the player's words, naming the seat as the
 * board does (the spec's display name), never a 0-based seat or an exception that escapes.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileGame } from '../../src/compile/index.ts';
import { newGame } from '../../src/engine/index.ts';
import { botMove } from '../../src/studio/play/engineBots.ts';

const BUDGET = { iterations: 20 } as const;
const noClock = (): number => 0;
const file = 'templates/new-game.yaml';
const template = readFileSync(file, 'utf8');

const withBot = (score: string) => {
  const text =
    `${template}\nbots:\n  sloppy:\n    description: Scores its roll with a broken expression.\n    prefer:\n      - move: roll\n        score: "${score}"\n`.replace(
      'display:\n',
      "display:\n  seat: \"seat == 0 ? 'Ann' : 'Bob'\"\n",
    );
  const { game, diagnostics } = compileGame({ base: { file, text } });
  if (!game) throw new Error(diagnostics.map((d) => d.message).join('; '));
  const s = newGame(game, { players: 2, seed: 1 });
  if (!s.ok) throw new Error(s.error);
  return { game, state: s.state };
};

describe('bots in the playtest', () => {
  it('a bot that plays gives its move', () => {
    const { game, state } = withBot('1');
    expect(botMove(game, state, 0, 'sloppy', '1:0', BUDGET, noClock)).toEqual({ move: expect.objectContaining({ move: 'roll', seat: 0 }) });
  });

  it("a bot whose expression fails is named with the seat's display name, and nothing is thrown", () => {
    const { game, state } = withBot('[1][numPlayers]');
    const r = botMove(game, state, 0, 'sloppy', '1:0', BUDGET, noClock);
    expect(r && 'error' in r ? r.error : '').toMatch(/^The sloppy bot of Ann failed: .+/);
  });

  it('an unknown bot is named too', () => {
    const { game, state } = withBot('1');
    const r = botMove(game, state, 0, 'nobody', '1:0', BUDGET, noClock);
    expect(r && 'error' in r ? r.error : '').toMatch(/^The nobody bot of Ann failed: .+/);
  });
});
