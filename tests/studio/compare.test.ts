/**
 * Issue 13 item 7, the studio's side of a variant's effect, on a game of its own: the comparison
 * the worker makes holds the very diff the CLI prints, and marks each changed state, transition
 * and spec line on the side it belongs to (added on the variant's side, removed on the base's,
 * changed on both). The worker client gives up past its time limit.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareVariants, type CompareSide } from '../../src/studio/compare/compare.ts';
import { requestComparison, type CompareWorker } from '../../src/studio/compare/compareClient.ts';
import { formatDiff } from '../../src/variants/formatDiff.ts';
import { runCli } from '../helpers/cli.ts';

const BASE = `id: lights
title: Lights
description: Flip the light four times.
players: { min: 1, max: 2 }
vars: { game: { flips: { type: number, initial: 0 } } }
moves:
  flip:
    effects: [{ add: { game.flips: 1 } }]
  wait: {}
flow:
  initial: off
  states:
    off:
      on:
        flip: on
        wait: off
    on:
      on:
        flip: off
      always:
        - target: over
          guard: game.flips >= 4
    over: { final: true }
`;

const VARIANT = `variant: dim
game: lights
title: Dimmer
description: A dim step between on and off; no waiting.
rules: [L-1]
patch:
  moves:
    wait: null
  flow:
    states:
      off:
        on:
          wait: null
      on:
        on:
          flip: { $replace: dim }
      +dim:
        rules: [L-1]
        on:
          flip: off
`;

const files = (variant = VARIANT) => {
  const dir = mkdtempSync(join(tmpdir(), 'houserules-compare-'));
  mkdirSync(join(dir, 'variants'));
  writeFileSync(join(dir, 'game.yaml'), BASE);
  writeFileSync(join(dir, 'variants', 'dim.yaml'), variant);
  // Named as the CLI names them: relative to where it runs.
  const file = (name: string): string => relative(process.cwd(), join(dir, name));
  return { base: { file: file('game.yaml'), text: BASE }, variant: { file: file('variants/dim.yaml'), text: variant } };
};

const linesOf = (side: CompareSide, index: number): string => {
  const span = side.spans[index];
  return span
    ? side.text
        .split('\n')
        .slice(span.from - 1, span.to)
        .join('\n')
    : '';
};

describe('the comparison shown in the studio', () => {
  it('holds the diff the CLI prints, line for line', async () => {
    const { base, variant } = files();
    const c = compareVariants(base, [], [variant]);
    if (!c.ok) throw new Error(JSON.stringify(c));
    const cli = await runCli(['diff', base.file, '--variant', 'dim']);
    expect(cli.code).toBe(0);
    expect(formatDiff(c.rules)).toEqual(cli.out.split('\n').slice(3));
    expect(c.before.variants).toEqual([]);
    expect(c.after.variants).toEqual([variant.file]);
  });

  it('marks added parts on the variant side, removed ones on the base side, changed ones on both', () => {
    const { base, variant } = files();
    const c = compareVariants(base, [], [variant]);
    if (!c.ok) throw new Error(JSON.stringify(c));
    const at = (kind: string, name: RegExp): number => c.rules.findIndex((r) => r.kind === kind && name.test(r.name));
    const edge = (side: CompareSide, source: string, label: string): string | undefined =>
      side.graph.edges.find((e) => e.source === source && e.label === label)?.id;

    expect(c.after.states).toEqual({ dim: 'added' });
    expect(c.before.states).toEqual({});
    // off → off on wait: removed, so only on the base side; on → dim on flip: changed (its target).
    expect(c.before.edges).toEqual({
      [edge(c.before, 'off', 'wait') as string]: 'removed',
      [edge(c.before, 'on', 'flip') as string]: 'changed',
    });
    expect(c.after.edges).toEqual({
      [edge(c.after, 'on', 'flip') as string]: 'changed',
      [edge(c.after, 'dim', 'flip') as string]: 'added',
    });

    const dim = at('state', /^dim$/);
    expect(c.before.spans[dim]).toBeNull();
    expect(linesOf(c.after, dim)).toMatch(/^ {4}dim:\n {6}rules:/);
    const wait = at('move', /^wait$/);
    expect(c.after.spans[wait]).toBeNull();
    expect(linesOf(c.before, wait)).toMatch(/^ {2}wait:/);
    const flip = at('transition', /^on → /);
    expect(linesOf(c.before, flip)).toMatch(/flip: off/);
    expect(linesOf(c.after, flip)).toMatch(/flip: dim/);
    expect(c.before.spans[flip]?.change).toBe('changed');
  });

  it('a variant against itself changes nothing and marks nothing', () => {
    const { base, variant } = files();
    const c = compareVariants(base, [variant], [variant]);
    if (!c.ok) throw new Error(JSON.stringify(c));
    expect(c.rules).toEqual([]);
    expect([c.before.states, c.before.edges, c.after.states, c.after.edges]).toEqual([{}, {}, {}, {}]);
  });

  it('a variant with an error gives its located diagnostics, not a comparison', () => {
    const { base, variant } = files(VARIANT.replace('+dim:', 'dimm:'));
    const c = compareVariants(base, [], [variant]);
    expect(c.ok).toBe(false);
    if (c.ok) return;
    expect(c.diagnostics[0]).toMatchObject({ severity: 'error', file: variant.file });
  });

  it('the client stops a worker that does not answer in time, and on cancel', async () => {
    const terminated: string[] = [];
    const silent = (name: string) => (): CompareWorker => ({
      postMessage: () => undefined,
      terminate: () => terminated.push(name),
      onmessage: null,
      onerror: null,
    });
    const { base } = files();
    const late = requestComparison({ base, before: [], after: [] }, silent('late'), 20);
    expect(await late.reply).toEqual({ ok: false, crashed: 'comparing took more than 0.02 s and was stopped' });
    const cancelled = requestComparison({ base, before: [], after: [] }, silent('cancelled'), 10_000);
    cancelled.cancel();
    expect(terminated).toEqual(['late', 'cancelled']);
  });
});
