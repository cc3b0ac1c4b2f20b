/**
 * `houserules why`: every move of a position, legal or refused with the guard's reason, its rule
 * ids and where it is written; `replay` gives the same reason for a refused move. People are
 * numbered from 1 in the text. Seed 38 opens 10,000 with 6 6 6 5 2: a turn of 650.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';

const run = runCli;

const log = (moves: unknown[]): string => {
  const file = join(mkdtempSync(join(tmpdir(), 'why-')), 'moves.json');
  writeFileSync(file, JSON.stringify(moves));
  return file;
};

const HOUSE = ['--param', '{"entry":800,"noFifties":false}'];
const ROLLED = log([{ move: 'roll', seat: 0 }]);

describe('houserules why', () => {
  it('T-B9 lists the moves of the position: roll is legal, a bank of 650 is refused for the entry of 800, with its place', async () => {
    const { code, out } = await run(['why', 'ten-thousand', '--seed', '38', '--moves', ROLLED, ...HOUSE]);
    expect(code).toBe(0);
    expect(out).toMatch(/Player 1 to play/);
    expect(out).toMatch(/Player 1: Roll — legal/);
    expect(out).toMatch(
      /Player 1: Bank — not allowed: the first bank needs at least the entry score \(T-B9\)\n\s+at .*games\/ten-thousand\/game\.yaml:\d+:\d+/,
    );
  });

  it('T-B9 answers about one move, by name or as JSON; the same bank is legal with the entry of 500', async () => {
    const named = await run(['why', 'ten-thousand', '--seed', '38', '--moves', ROLLED, ...HOUSE, '--move', 'bank']);
    expect(named.out).toMatch(/^Player 1: Bank — not allowed: .*entry score \(T-B9\)/);
    const json = await run(['why', 'ten-thousand', '--seed', '38', '--moves', ROLLED, ...HOUSE, '--move', '{"move":"bank","seat":0}']);
    expect(json.out).toMatch(/^Player 1: Bank — not allowed: .*entry score \(T-B9\)/);
    const open = await run(['why', 'ten-thousand', '--seed', '38', '--moves', ROLLED, '--param', '{"noFifties":false}', '--move', 'bank']);
    expect(open.out).toMatch(/^Player 1: Bank — legal/);
  });

  it('T-B8 with the default params the same bank is refused because it ends in 50', async () => {
    const { out } = await run(['why', 'ten-thousand', '--seed', '38', '--moves', ROLLED, '--move', 'bank']);
    expect(out).toMatch(/ending in 50 cannot be banked \(T-B8\)/);
  });

  it('replay says why a move of the log is refused, and where the rule is written', async () => {
    const file = log([
      { move: 'roll', seat: 0 },
      { move: 'bank', seat: 0 },
    ]);
    const { code, err } = await run(['replay', 'ten-thousand', '--seed', '38', '--moves', file, ...HOUSE]);
    expect(code).toBe(1);
    expect(err).toMatch(/move 2 .* is illegal: the first bank needs at least the entry score \(T-B9\) \(.*game\.yaml:\d+:\d+\)/);
  });

  it('refuses --player 0 and bad input with one line', async () => {
    expect((await run(['why', 'ten-thousand', '--seed', '1', '--player', '0', '--move', 'roll'])).err).toMatch(/counts from 1/);
    expect((await run(['why', 'ten-thousand'])).err).toMatch(/needs --seed/);
    expect((await run(['why', 'ten-thousand', '--seed', '1', '--move', '{bad'])).err).toMatch(/not valid JSON/);
  });
});
