/**
 * `--lang` on the command line: validate lists the texts a translation leaves in English (info
 * lines, exit 0) and its errors (exit 1); replay prints the game's log in the language.
 */
import { mkdtempSync, writeFileSync, cpSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { GAMES } from '../helpers/games.ts';

const scratch = mkdtempSync(join(tmpdir(), 'locale-cli-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A copy of ten-thousand with a locale file of this text, given by path. */
const gameWithLocale = (lang: string, text: string): string => {
  const dir = join(scratch, `${lang}-${Math.random().toString(36).slice(2)}`);
  cpSync(join(GAMES, 'ten-thousand', 'game.yaml'), join(dir, 'game.yaml'));
  cpSync(join(GAMES, 'ten-thousand', 'variants'), join(dir, 'variants'), { recursive: true });
  cpSync(join(GAMES, 'ten-thousand', 'locales'), join(dir, 'locales'), { recursive: true });
  writeFileSync(join(dir, 'locales', `${lang}.yaml`), text);
  return join(dir, 'game.yaml');
};

describe('--lang', () => {
  it('validate: a complete translation is valid', async () => {
    const r = await runCli(['validate', 'regicide', '--lang', 'ru']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain('games/regicide/locales/ru.yaml: complete');
  });

  it('validate: what is missing is listed as info lines, and the exit code is 0', async () => {
    const file = gameWithLocale('de', 'locale: de\ngame: ten-thousand\nmoves:\n  roll: { title: Würfeln }\n');
    const r = await runCli(['validate', file, '--lang', 'de']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/game\.yaml:\d+:\d+: info: no 'de' text for moves\.bank\.title: "Bank"/);
    expect(r.out).toMatch(/info: no 'de' text for variants\.joker\.title: "Jokers"/);
    expect(r.out).not.toContain('moves.roll.title');
  });

  it('validate: an error in the translation is located and exits 1', async () => {
    const file = gameWithLocale('de', 'locale: de\ngame: ten-thousand\nmoves:\n  roll: { titel: Würfeln }\n');
    const r = await runCli(['validate', file, '--lang', 'de']);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/locales\/de\.yaml:4:11: error: unknown key 'titel'/);
  });

  it('a language the game has no file for is named', async () => {
    const r = await runCli(['validate', 'regicide', '--lang', 'de']);
    expect(r.code).toBe(1);
    expect(r.err).toBe("no 'de' translation of games/regicide/game.yaml (languages: en, bg, ro, ru)");
  });

  it('replay prints the log in the language, the same game as in English', async () => {
    const moves = join(scratch, 'moves.json');
    writeFileSync(moves, JSON.stringify([{ move: 'roll', seat: 0 }]));
    const ru = await runCli(['replay', 'ten-thousand', '--seed', '3', '--moves', moves, '--lang', 'ru', '--log']);
    const en = await runCli(['replay', 'ten-thousand', '--seed', '3', '--moves', moves, '--log']);
    expect(ru.code).toBe(0);
    const [roll] = ru.out.split('\n');
    expect(roll).toMatch(/^Игрок 1 бросает: (\d ){4}\d$/);
    expect(en.out.split('\n')[0]).toBe(`Player 1 rolls ${roll?.split(': ')[1]}`);
  });
});
