/** Small specs written in the tests, compiled through the whole front of the pipeline. */
import { compileGame, type CompileOutput } from '../../src/compile/index.ts';
import { formatDiagnostic } from '../../src/spec/diagnostics.ts';
import type { Json } from '../../src/engine/index.ts';

/** A one-die game whose parts a test replaces: every key given overrides the default text. */
export const specText = (parts: Record<string, string> = {}): string => {
  const defaults: Record<string, string> = {
    head: 'id: probe\ntitle: Probe\nplayers: { min: 1, max: 2 }',
    params: '',
    components: 'components:\n  dice:\n    d6: { faces: [1, 2, 3, 4, 5, 6], count: 1, start: pool }',
    zones: 'zones:\n  pool: { holds: [d6] }',
    vars: 'vars:\n  game:\n    n: { type: number, initial: 0 }',
    definitions: '',
    moves: 'moves:\n  go:\n    effects:\n      - roll: zones.pool\n      - add: { game.n: 1 }',
    flow: 'flow:\n  initial: s\n  states:\n    s:\n      on: { go: s }\n      always:\n        - { target: done, guard: game.n >= 3 }\n    done: { final: true }',
  };
  return `${Object.values({ ...defaults, ...parts })
    .filter(Boolean)
    .join('\n')}\n`;
};

export const compileText = (
  text: string,
  params: Record<string, Json> = {},
  variants: { file: string; text: string }[] = [],
): CompileOutput => compileGame({ base: { file: 'probe.yaml', text }, variants, params });

/** The diagnostics as `file:line:col: severity: message` lines. */
export const messages = (out: CompileOutput): string[] => out.diagnostics.map(formatDiagnostic);

/** The messages of a spec that must not compile (fails the test when it does). */
export const refusal = (text: string): string[] => {
  const out = compileText(text);
  if (out.game) throw new Error('the spec compiled');
  return messages(out);
};
