/**
 * The editor compiles the spec on every keystroke and reuses what did not change since the last
 * one (sections read by their text, frozen section values, the piece-count check keyed by those
 * values). Issue 10: the result must be the one a cold compile gives. Over a sequence of edits of
 * the largest shipped spec — comments, a changed value, an expression error and its fix, a YAML
 * error and its fix, too many pieces at the params' maximum and back — each warm compile is
 * compared with a compile by a fresh copy of the modules (no cache of any kind): the same
 * diagnostics, the same spec, and the same seeded game move by move.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type * as Compile from '../../src/compile/index.ts';
import type * as Engine from '../../src/engine/index.ts';
import { compileGame } from '../../src/compile/index.ts';
import { legalMoves, newGame, step } from '../../src/engine/index.ts';

const file = 'regicide/game.yaml';
const base = readFileSync(join(import.meta.dirname, '../../games', file), 'utf8');

/** Each edit applies to the text before it; the spec compiles again after each "fix". */
const edits: { name: string; edit: (text: string) => string }[] = [
  { name: 'a comment at the end of the params', edit: (t) => t.replace('\ncomponents:', '# a note\n\ncomponents:') },
  { name: 'a comment in the flow', edit: (t) => t.replace('\nflow:\n', '\nflow:\n  # the flow\n') },
  { name: 'a param default changed', edit: (t) => t.replace('    default: 7\n', '    default: 6\n') },
  { name: 'an expression error', edit: (t) => t.replace('health: "2 * attack"', 'health: "2 * atack"') },
  { name: 'the expression fixed', edit: (t) => t.replace('health: "2 * atack"', 'health: "2 * attack"') },
  { name: 'a YAML error', edit: (t) => t.replace('\nbots:', '\nbots: [\n') },
  { name: 'the YAML fixed', edit: (t) => t.replace('\nbots: [\n', '\nbots:') },
  {
    name: 'too many pieces with hand2 at its maximum',
    edit: (t) => t.replace('      start: box\n', '      copies: "params.hand2 * 10"\n      start: box\n'),
  },
  { name: 'a comment while the warning stands', edit: (t) => t.replace('\nturns:', '# note\n\nturns:') },
  { name: 'back to one copy', edit: (t) => t.replace('      copies: "params.hand2 * 10"\n', '') },
];

/** The same compiled game played the same way: what the players would see after every move. */
const play = (engine: typeof Engine, game: Compile.CompiledGame): unknown[] => {
  const start = engine.newGame(game, { players: 2, seed: 7 });
  if (!start.ok) return [start.error];
  let state = start.state;
  const seen: unknown[] = [];
  for (let i = 0; i < 40; i++) {
    const moves = engine.legalMoves(game, state);
    const move = moves[i % Math.max(1, moves.length)];
    if (!move) break;
    const next = engine.step(game, state, move);
    if (!next.ok) return [...seen, next.error];
    state = next.state;
    seen.push({ move, value: state.value, context: state.context });
  }
  return seen;
};

describe('incremental compile (issue 10)', () => {
  it('gives what a cold compile gives after every edit, errors introduced and fixed included', async () => {
    let text = base;
    compileGame({ base: { file, text } });
    for (const { name, edit } of edits) {
      const next = edit(text);
      expect(next, name).not.toBe(text);
      text = next;
      const warm = compileGame({ base: { file, text } });
      vi.resetModules();
      const cold = (await import('../../src/compile/index.ts')).compileGame({ base: { file, text } });
      const coldEngine = await import('../../src/engine/index.ts');
      expect(warm.diagnostics, name).toEqual(cold.diagnostics);
      expect(warm.game === undefined, name).toBe(cold.game === undefined);
      if (!warm.game || !cold.game) continue;
      expect(warm.game.spec, name).toEqual(cold.game.spec);
      expect(warm.game.graph, name).toEqual(cold.game.graph);
      expect(play({ newGame, legalMoves, step } as typeof Engine, warm.game), name).toEqual(play(coldEngine, cold.game));
    }
  });

  it('sees the edits it must: the error, its fix and the piece warning', () => {
    const messages = (text: string): string[] =>
      compileGame({ base: { file, text } }).diagnostics.map((d) => `${d.severity}: ${d.message}`);
    const texts: string[] = [];
    for (const { edit } of edits) texts.push(edit(texts[texts.length - 1] ?? base));
    expect(messages(texts[3] as string).join('\n')).toMatch(/error: unknown name 'atack'/);
    expect(messages(texts[4] as string)).toEqual(messages(base));
    expect(messages(texts[7] as string).join('\n')).toMatch(/warning: .*when the params are at their maximum \(.*hand2: 20/);
    expect(messages(texts[8] as string)).toEqual(messages(texts[7] as string));
    expect(messages(texts[9] as string)).toEqual(messages(base));
  });
});
