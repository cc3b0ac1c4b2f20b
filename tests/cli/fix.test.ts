/**
 * Issue 37: `houserules fix` applies every problem's only fix in place, keeps everything else of
 * the file (comments, order, quotes, blank lines), says what it changed, leaves a problem with two
 * readings alone and says so; a second run changes nothing; `--check` changes nothing and exits 1
 * when something would change.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';

const TINY = join(import.meta.dirname, '../fixtures/variants/tiny');
const GAMES = join(import.meta.dirname, '../../games');

const OLD = `# yaml-language-server: $schema=../../../../../schema/variant.schema.json
variant: loud
game: tiny
title: Loud
description: Says every roll, and remembers who must roll.

patch:
  vars:
    game:
      # who must roll next, a new variable
      mustRoll:
        type: number
        initial: 0
        description: The seat that must roll.
  moves:
    roll:
      guard:
        - id: playing
          test: "player.scroe < params.target"   # a typo
      effects:
        - id: shout
          log: 'rolled'
`;

let dir: string;
let game: string;
let variant: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'houserules-fix-'));
  game = join(dir, 'tiny');
  mkdirSync(join(game, 'variants'), { recursive: true });
  cpSync(join(TINY, 'game.yaml'), join(game, 'game.yaml'));
  variant = join(game, 'variants', 'loud.yaml');
  writeFileSync(variant, OLD);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const shown = (path: string): string => relative(process.cwd(), path);

describe('houserules fix', () => {
  it('fixes a variant in place, round after round, keeping its comments, quotes and blank lines; a second run changes nothing', async () => {
    const first = await runCli(['fix', game]);
    expect(first.code).toBe(0);
    expect(first.out.split('\n')).toEqual([
      `${shown(variant)}:11:7: variant: fixed: Declare 'mustRoll' new: '+mustRoll'`,
      `${shown(variant)}:21:11: variant: fixed: Add 'shout' as a new item at the end ($append: true)`,
      `${shown(variant)}:19:25: unknown-name: fixed: Change 'scroe' to 'score'`,
      '1 file changed',
    ]);
    const text = readFileSync(variant, 'utf8');
    expect(text).toBe(
      OLD.replace('      mustRoll:', '      +mustRoll:')
        .replace('player.scroe', 'player.score')
        .replace("        - id: shout\n          log: 'rolled'", "        - $append: true\n          id: shout\n          log: 'rolled'"),
    );
    expect((await runCli(['validate', join(game, 'game.yaml'), '--variant', 'loud'])).code).toBe(0);
    const second = await runCli(['fix', game]);
    expect(second.out).toBe('nothing to fix');
    expect(readFileSync(variant, 'utf8')).toBe(text);
  });

  it('--check changes nothing and exits 1 when something would change, 0 when nothing would', async () => {
    const check = await runCli(['fix', '--check', variant]);
    expect(check.code).toBe(1);
    expect(check.out).toContain(': variant: would fix: ');
    expect(check.out.split('\n').at(-1)).toBe('1 file would change');
    expect(readFileSync(variant, 'utf8')).toBe(OLD);
    await runCli(['fix', variant]);
    expect(await runCli(['fix', '--check', variant])).toMatchObject({ code: 0, out: 'nothing to fix' });
  });

  it('leaves a problem with two readings alone, and says which', async () => {
    writeFileSync(variant, OLD.replace('  moves:', '  params:\n    targte:\n      default: 20\n  moves:'));
    const result = await runCli(['fix', variant]);
    expect(result.code).toBe(0);
    expect(result.out).toContain(
      `${shown(variant)}:16:5: variant: left alone, choose one: Change 'targte' to 'target' / Declare 'targte' new: '+targte'`,
    );
    expect(readFileSync(variant, 'utf8')).toContain('    targte:\n');
  });

  it('on every shipped game, changes nothing', async () => {
    expect(await runCli(['fix', '--check', GAMES])).toMatchObject({ code: 0, out: 'nothing to fix' });
  });

  it('refuses a path that is not there, or a folder without a game', async () => {
    expect(await runCli(['fix', join(dir, 'nothing')])).toMatchObject({ code: 1 });
    expect((await runCli(['fix', dir, join(dir, 'nothing')])).err).toContain('no such file or folder');
    expect((await runCli(['fix'])).code).toBe(1);
  });
});
