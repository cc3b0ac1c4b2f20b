/** Issue 16's "Smaller" findings: each refused or written safely, with a message that says where. */
import { describe, expect, it } from 'vitest';
import { graphToMermaid } from '../../src/compile/graph.ts';
import { compileText, messages, refusal, specText } from './helpers.ts';

const variant = (id: string, patch: string): { file: string; text: string } => ({
  file: `${id}.yaml`,
  text: `variant: ${id}\ngame: probe\ntitle: ${id}\ndescription: A probe.\npatch:\n${patch}\n`,
});

describe('variants', () => {
  it('a variant that deletes flow is named, in its own file', () => {
    const out = compileText(specText(), {}, [variant('noflow', '  flow: null')]);
    expect(out.game).toBeUndefined();
    expect(messages(out)).toEqual(["noflow.yaml:6:3: error: variant 'noflow' leaves the game invalid: missing required property 'flow'"]);
  });

  it('$before with $after on one item is refused', () => {
    const text = specText({ moves: 'moves:\n  go:\n    effects:\n      - { id: a, add: { game.n: 1 } }' });
    const out = compileText(text, {}, [
      variant('both', '  moves:\n    go:\n      effects:\n        - { id: b, $before: a, $after: a, add: { game.n: 1 } }'),
    ]);
    expect(out.game).toBeUndefined();
    expect(messages(out).join('\n')).toContain(
      "both.yaml:9:11: error: variant 'both': a new item goes one place: $before and $after cannot both be given",
    );
  });
});

describe('graph --format mermaid', () => {
  it('a newline inside a guard stays inside its label, so it cannot start a Mermaid line of its own', () => {
    const text = specText({
      flow: 'flow:\n  initial: s\n  states:\n    s:\n      on: { go: s }\n      always:\n        - target: done\n          guard: |-\n            game.n >= 3\n            and true\n    done: { final: true }',
    });
    const out = compileText(text);
    if (!out.game) throw new Error(messages(out).join('\n'));
    const mermaid = graphToMermaid(out.game.graph, 's');
    const lines = mermaid.split('\n');
    expect(lines.some((l) => l.includes('game.n >= 3 and true'))).toBe(true);
    expect(lines.every((l) => l === 'stateDiagram-v2' || /^ {2}(\[\*\]|[A-Za-z0-9_]+) -->/.test(l))).toBe(true);
  });
});

describe('found by fuzzing', () => {
  it('a procedure parameter of an unknown type is reported at it, not an internal error', () => {
    const procedure = 'procedures:\n  p:\n    params: { n: rmber }\n    effects: [ { add: { game.n: n } } ]';
    expect(refusal(specText({ definitions: procedure }))).toEqual([
      "probe.yaml:14:18: error: procedure 'p': the type of 'n': unknown type 'rmber' — did you mean 'number'?",
    ]);
  });
});
