/**
 * The variants stage on a tiny fixture game (tests/fixtures/variants/tiny): patches addressed by
 * id (effects, guard tests, automatic transitions), composition, and every kind of bad input —
 * an unknown variant, a patch that targets nothing, two variants changing one place without a
 * declared conflict — each an error that names the files and lines involved.
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveGame } from '../../src/cli/catalog.ts';
import { main } from '../../src/cli/main.ts';
import type { Io } from '../../src/cli/command.ts';
import { compileGame, type CompiledGame } from '../../src/compile/index.ts';
import { newGame, rig, step } from '../../src/engine/index.ts';
import { formatDiagnostic } from '../../src/spec/diagnostics.ts';
import { describePlace, mergePatch, newLineage, resolvePath, type Plain } from '../../src/variants/merge.ts';

const ROOT = join(import.meta.dirname, '../..');
const TINY = join(ROOT, 'tests/fixtures/variants/tiny');
const file = (path: string) => ({ file: relative(ROOT, path), text: readFileSync(path, 'utf8') });
const variant = (id: string) => file(join(TINY, 'variants', `${id}.yaml`));

const build = (...ids: string[]): { game: CompiledGame | undefined; errors: string[] } => {
  const { game, diagnostics } = compileGame({ base: file(join(TINY, 'game.yaml')), variants: ids.map(variant) });
  return { game, errors: diagnostics.filter((d) => d.severity === 'error').map(formatDiagnostic) };
};

const rollOnce = (game: CompiledGame, face: number) => {
  const started = newGame(game, { players: 2, seed: 1 });
  if (!started.ok) throw new Error(started.error);
  const result = step(game, rig(started.state, [face]), { move: 'roll', seat: 0 });
  if (!result.ok) throw new Error(result.error);
  return result.state.context;
};

const cli = async (argv: string[]): Promise<{ code: number; err: string }> => {
  const err: string[] = [];
  const io: Io = { out: () => undefined, err: (t) => err.push(t), readStdin: async () => '' };
  return { code: await main(argv, io), err: err.join('\n') };
};

describe('patches addressed by id', () => {
  it('an effect is inserted after another by id, and a set merges into an effect by id', () => {
    const { game, errors } = build('doubles');
    expect(errors).toEqual([]);
    const ctx = rollOnce(game as CompiledGame, 4);
    expect(ctx.players[0]?.score).toBe(8);
    expect(ctx.game.rolls).toBe(1);
  });

  it('two variants insert at the same anchor and merge into one effect without overlapping', () => {
    const { game, errors } = build('doubles', 'sixes');
    expect(errors).toEqual([]);
    const effects = (game?.spec.moves?.roll?.effects ?? []).map((e) => e.id);
    expect(effects).toEqual(['throw', 'note', 'count', 'sixBonus', 'again']);
    expect((game?.spec.moves?.roll?.guard as { id?: string }[]).map((g) => g.id)).toEqual(['awake', 'playing']);
    expect(rollOnce(game as CompiledGame, 6).players[0]?.score).toBe(6 + 10 + 6);
  });

  it('an error in a node a variant inserted points into that variant, even after later insertions moved it', () => {
    const { errors } = build('bad-effect');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^tests\/fixtures\/variants\/tiny\/variants\/bad-effect\.yaml:12:30: error: .*string/);
  });

  it('merging by id works on lists where only some items have ids; written places name items by identity', () => {
    const lineage = newLineage();
    const base: Plain = { list: [{ log: 'a' }, { id: 'b', log: 'b' }] };
    const merged = mergePatch(base, { list: [{ id: 'c', $before: 'b', log: 'c' }] }, [], ['patch'], lineage);
    expect(merged.problems).toEqual([]);
    expect(merged.value).toEqual({ list: [{ log: 'a' }, { id: 'c', log: 'c' }, { id: 'b', log: 'b' }] });
    expect(merged.written.map((w) => [describePlace(w.target), w.source, w.change])).toEqual([['list.c', ['patch', 'list', 0], 'added']]);
    expect(resolvePath(merged.value, [...(merged.written[0]?.target ?? []), 'log'], lineage)).toEqual(['list', 1, 'log']);
    expect(resolvePath(merged.value, ['list', { item: {}, name: 'gone' }], lineage)).toBeUndefined();
  });
});

describe('bad input: each a clear error naming the file and line', () => {
  it('an unknown variant id', async () => {
    expect(resolveGame(join(TINY, 'game.yaml'), ['turbo'])).toEqual({
      error: expect.stringMatching(/^no variant 'turbo' for .*tiny\/game\.yaml \(variants: .*doubles.*\)$/),
    });
    const { code, err } = await cli(['validate', 'ten-thousand', '--variant', 'ful-house']);
    expect(code).toBe(1);
    expect(err).toMatch(/^no variant 'ful-house' for ten-thousand \(variants: /);
    expect(build('requires-unknown').errors).toEqual([
      "tests/fixtures/variants/tiny/variants/requires-unknown.yaml:6:12: error: variant 'requires-unknown' requires 'turbo', which is not switched on",
    ]);
  });

  it('a patch that targets nothing: $remove of a missing id, null for a missing key, $before a missing id', () => {
    expect(build('remove-missing').errors).toEqual([
      "tests/fixtures/variants/tiny/variants/remove-missing.yaml:11:13: error: variant 'remove-missing': there is no item 'lost' in flow.states.rolled.always (items: won, next)",
    ]);
    expect(build('null-missing').errors).toEqual([
      "tests/fixtures/variants/tiny/variants/null-missing.yaml:8:5: error: variant 'null-missing': there is no 'speed' in params",
    ]);
    expect(build('place-missing').errors).toEqual([
      "tests/fixtures/variants/tiny/variants/place-missing.yaml:11:11: error: variant 'place-missing': places 'shout' next to 'shake', which is not an item of moves.roll.effects (items: throw, note, count)",
    ]);
  });

  it('two variants that change the same place without declaring a conflict: both files and lines', () => {
    expect(build('target-20', 'target-30').errors).toEqual([
      'tests/fixtures/variants/tiny/variants/target-30.yaml:7:3: error: ' +
        "variants 'target-20' and 'target-30' both change params.target.default " +
        '(also at tests/fixtures/variants/tiny/variants/target-20.yaml:7:3); declare a conflict or a requirement between them',
    ]);
    expect(build('bonus-count', 'bonus-count-2').errors).toEqual([
      'tests/fixtures/variants/tiny/variants/bonus-count-2.yaml:11:18: error: ' +
        "variants 'bonus-count' and 'bonus-count-2' both change moves.roll.effects.count.add.player.score " +
        '(also at tests/fixtures/variants/tiny/variants/bonus-count.yaml:11:18); declare a conflict or a requirement between them',
    ]);
  });

  it('the same errors through the CLI', async () => {
    const { code, err } = await cli(['validate', join(TINY, 'game.yaml'), '--variant', 'target-20,target-30']);
    expect(code).toBe(1);
    expect(err).toMatch(
      /target-30\.yaml:7:3: error: variants 'target-20' and 'target-30' both change params\.target\.default \(also at .*target-20\.yaml:7:3\)/,
    );
  });
});
