/** The shipped games, compiled from games/ for the benchmarks. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileGame, type CompiledGame } from '../src/compile/index.ts';
import { engineReport, type Engine } from '../src/lang/index.ts';
import { selectEngine } from '../src/lang/emit/select.ts';

export const GAMES = join(import.meta.dirname, '../games');

export const readShipped = (id: string, file: string): { file: string; text: string } => ({
  file: `${id}/${file}`,
  text: readFileSync(join(GAMES, id, file), 'utf8'),
});

export const compileShipped = (id: string, variants: readonly string[] = []): CompiledGame => {
  const { game, diagnostics } = compileGame({
    base: readShipped(id, 'game.yaml'),
    variants: variants.map((v) => readShipped(id, `variants/${v}.yaml`)),
  });
  if (!game) throw new Error(`${id} does not compile: ${diagnostics.map((d) => d.message).join('; ')}`);
  return game;
};

/** `compileShipped` on `engine`, which must compile every expression; the engine chosen before is chosen again after. */
export const compileShippedOn = (engine: Engine, id: string, variants: readonly string[] = []): CompiledGame => {
  const before = engineReport().engine;
  selectEngine(engine);
  try {
    const game = compileShipped(id, variants);
    const { fallbacks, reason } = engineReport();
    if (fallbacks > 0) throw new Error(`${id}: ${fallbacks} expression(s) fell back to the interpreter: ${reason}`);
    return game;
  } finally {
    selectEngine(before);
  }
};
