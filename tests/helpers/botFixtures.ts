/** The small games of tests/fixtures/bots, written for the bot tests. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileGame, type CompiledGame } from '../../src/compile/index.ts';
import type { Json } from '../../src/engine/index.ts';

export const botFixture = (name: string, params: Record<string, Json> = {}): CompiledGame => {
  const file = join(import.meta.dirname, `../fixtures/bots/${name}.yaml`);
  const { game, diagnostics } = compileGame({ base: { file, text: readFileSync(file, 'utf8') }, params });
  if (!game) throw new Error(diagnostics.map((d) => d.message).join('\n'));
  return game;
};
