/**
 * `houserules diff`: what an overlay changes, rule by rule, on a game of its own (Pig,
 * tests/fixtures/overlay) — a param, a component, a scoring row, a guard clause added to a
 * one-expression guard, an effect without an id removed, a transition's effects — each with its
 * rule ids and the variant line that changed it; against the base or against other variants.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';
import type { Io } from '../../src/cli/command.ts';
import { diffSpecs } from '../../src/variants/diff.ts';
import type { Plain } from '../../src/variants/merge.ts';

const GAME = join(import.meta.dirname, '../fixtures/overlay/game.yaml');

const cli = async (argv: string[]): Promise<{ code: number; out: string; err: string }> => {
  const out: string[] = [];
  const err: string[] = [];
  const io: Io = { out: (t) => out.push(t), err: (t) => err.push(t), readStdin: async () => '' };
  return { code: await main(argv, io), out: out.join('\n'), err: err.join('\n') };
};

describe('houserules diff (issue 13, item 7)', () => {
  it('prints every changed rule with its rule ids, and each change with the file:line that made it', async () => {
    const { code, out } = await cli(['diff', GAME, '--variant', 'house,short']);
    expect(code).toBe(0);
    const house = 'tests/fixtures/overlay/variants/house.yaml';
    expect(out.split('\n').slice(3)).toEqual([
      '~ param target',
      '    ~ default: 50 → 20    (tests/fixtures/overlay/variants/short.yaml:7:3)',
      '~ param rolls  [P-2, P-H1]',
      `    ~ default: 0 → 5    (${house}:8:3)`,
      '~ component dice.d6  [P-H1]',
      `    ~ count: 1 → 2    (${house}:12:13)`,
      '+ scoring row pips.pair  [P-H1]',
      `    + { description: Two of a kind scores double., same: 2, points: 4 * face }    (${house}:16:9)`,
      '~ move roll  [P-1, P-H1]',
      `    + guard.cap: { id: cap, test: game.turnPoints < 30, reason: a turn stops at 30, rules: [ P-H1 ] }    (${house}:23:11)`,
      `    - effects.add#1: { add: { game.rolled: 1 } }    (${house}:29:11)`,
      '~ transition rolled → turnOver (transition#1)  [P-H1]',
      `    + effects.add#1: { add: { player.score: -1 } }    (${house}:39:21)`,
    ]);
  });

  it('--against compares with other variants: what both switch on is not a change', async () => {
    const { out } = await cli(['diff', GAME, '--variant', 'house,short', '--against', 'short']);
    expect(out).toContain('against tests/fixtures/overlay/variants/short.yaml');
    expect(out).not.toContain('param target');
    expect(out).toContain('~ param rolls');
    const back = await cli(['diff', GAME, '--variant', 'short', '--against', 'house,short']);
    expect(back.out).toContain('- scoring row pips.pair\n    - { description: Two of a kind scores double., same: 2, points: 4 * face }');
  });

  it('--json gives the same changes as data, with paths the studio maps onto the statechart', async () => {
    const { code, out } = await cli(['diff', GAME, '--variant', 'house', '--json']);
    expect(code).toBe(0);
    const data = JSON.parse(out) as {
      variants: string[];
      against: string[];
      changes: {
        kind: string;
        name: string;
        change: string;
        path: unknown[];
        state?: string;
        details: { source?: { variant: string; line: number } }[];
      }[];
    };
    expect(data.variants).toEqual(['tests/fixtures/overlay/variants/house.yaml']);
    expect(data.against).toEqual([]);
    expect(data.changes.map((c) => `${c.change} ${c.kind} ${c.name}`)).toEqual([
      'changed param rolls',
      'changed component dice.d6',
      'added scoring row pips.pair',
      'changed move roll',
      'changed transition rolled → turnOver (transition#1)',
    ]);
    const transition = data.changes.at(-1);
    expect([transition?.path, transition?.state]).toEqual([['flow', 'states', 'turn', 'states', 'rolled', 'always', 0], 'rolled']);
    expect(transition?.details[0]?.source).toEqual({
      variant: 'house',
      file: 'tests/fixtures/overlay/variants/house.yaml',
      line: 39,
      column: 21,
    });
  });

  it('refuses a variant that does not apply, with its errors, and asks for variants', async () => {
    const none = await cli(['diff', GAME]);
    expect([none.code, none.err]).toEqual([1, 'name the variants to show with --variant a,b (and optionally --against c,d)']);
    const unknown = await cli(['diff', GAME, '--variant', 'hose']);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toMatch(/^no variant 'hose' for .*overlay\/game\.yaml \(variants: house, short\)$/);
  });

  it('states and transitions added and removed, with the state they belong to', () => {
    const flow = (states: { [name: string]: Plain }): Plain => ({ id: 'g', flow: { initial: 'a', states } });
    const rules = diffSpecs(flow({ a: { on: { go: 'b' } }, b: { final: true } }), flow({ a: { on: { go: 'c' } }, c: { final: true } }), []);
    expect(rules.map((r) => [r.change, r.kind, r.name, r.state])).toEqual([
      ['changed', 'transition', 'a → c on go', 'a'],
      ['added', 'state', 'c', 'c'],
      ['removed', 'state', 'b', 'b'],
    ]);
  });
});
