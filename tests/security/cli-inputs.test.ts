/**
 * Issue 16: typed inputs at the command line's edge. Every bad number, seed, --param, --vars,
 * --variant or move-log entry is one line naming the option or the field, exit 1, never an
 * internal error or a silently different run.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';

const run = runCli;

const dir = mkdtempSync(join(tmpdir(), 'houserules-cli-inputs-'));
const movesFile = (content: string): string => {
  const file = join(dir, `moves-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, content);
  return file;
};

describe('whole-number options are read strictly, within caps', () => {
  it.each([
    ['--games', '1e12'],
    ['--games', ''],
    ['--games', '0x10'],
    ['--games', '-5'],
    ['--games', '0'],
    ['--games', '2000000'],
    ['--games', '1.5'],
    ['--iterations', '0'],
    ['--threads', '257'],
    ['--players', '-1'],
    ['--max-turns', ' 7'],
  ])('simulate %s %j is refused, naming the option and its range', async (option, value) => {
    const { code, err, out } = await run(['simulate', 'ten-thousand', option, value]);
    expect(code).toBe(1);
    expect(out).toBe('');
    expect(err).toMatch(
      new RegExp(`^${option} must be a whole number from \\d[\\d,]* to [\\d,]+, got '${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}'$`),
    );
  });

  it('a negative number is the option’s own message, not node’s "ambiguous" and the whole help', async () => {
    const { err } = await run(['simulate', 'ten-thousand', '--games', '-3']);
    expect(err).not.toContain('ambiguous');
    expect(err).not.toContain('Usage');
  });

  it('a huge seed is refused instead of colliding with its neighbours; words stay seeds', async () => {
    const huge = await run(['simulate', 'ten-thousand', '--games', '1', '--seed', '100000000000000000000001']);
    expect(huge.code).toBe(1);
    expect(huge.err).toContain('--seed 100000000000000000000001 is too large');
    const word = await run(['simulate', 'ten-thousand', '--games', '1', '--seed', 'tuesday', '--json']);
    expect(word.code).toBe(0);
    expect(JSON.parse(word.out).seed).toBe('tuesday');
  });
});

describe('--param, --vars and --variant', () => {
  it.each(['null', '5', '[1,2]', '"x"'])('--param %s is refused: it must be an object', async (value) => {
    const { code, err } = await run(['simulate', 'ten-thousand', '--games', '1', '--param', value]);
    expect(code).toBe(1);
    expect(err).toBe(`--param must be a JSON object of param names and values, like {"entry":800}; got ${value}`);
  });

  it('--param {"constructor":5} is "no param", not an internal error', async () => {
    const { code, err } = await run(['simulate', 'ten-thousand', '--games', '1', '--param', '{"constructor":5}']);
    expect(code).toBe(1);
    expect(err).toContain("there is no param 'constructor' to set");
    expect(err).not.toContain('internal error');
  });

  it('--param with a number JSON reads as Infinity (1e400) says so instead of "got null"', async () => {
    const { code, err } = await run(['simulate', 'ten-thousand', '--games', '1', '--param', '{"entry":1e400}']);
    expect(code).toBe(1);
    expect(err).toMatch(/^games\/ten-thousand\/game\.yaml:\d+:\d+: error: param 'entry': expected a finite number, got Infinity$/);
  });

  it('--vars with a list of mixed types names the item instead of printing "1a"', async () => {
    const { code, err, out } = await run(['eval', 'ten-thousand', '--expr', 'sum(x)', '--vars', '{"x":[1,"a"]}']);
    expect(code).toBe(1);
    expect(out).toBe('');
    expect(err).toBe("item 2 of variable 'x' is string, but the items before it are number");
  });

  it('--vars with a reserved name or a null is refused, naming the field', async () => {
    expect((await run(['eval', 'ten-thousand', '--expr', '1', '--vars', '{"__proto__":1}'])).err).toBe(
      "variable '__proto__': a reserved name, choose another",
    );
    expect((await run(['eval', 'ten-thousand', '--expr', '1', '--vars', '{"r":{"a":null}}'])).err).toBe(
      "field 'a' of variable 'r' is null, which has no type",
    );
  });

  it('pow(10,400) is a runtime error, not Infinity printed as null', async () => {
    const { code, err } = await run(['eval', 'ten-thousand', '--expr', 'pow(10, 400)']);
    expect(code).toBe(1);
    expect(err).toBe('runtime error: pow(10, 400) is too large to be a number');
  });

  it('--variant a,a is refused instead of listed twice', async () => {
    const { code, err } = await run(['simulate', 'ten-thousand', '--games', '1', '--variant', 'no-fifties,no-fifties']);
    expect(code).toBe(1);
    expect(err).toBe("--variant names 'no-fifties' twice");
  });

  it('--bot __proto__ is an unknown bot, and no report is printed', async () => {
    const { code, err, out } = await run(['simulate', 'ten-thousand', '--games', '1', '--bot', '__proto__']);
    expect(code).toBe(1);
    expect(err).toMatch(/^unknown bot '__proto__'/);
    expect(out).toBe('');
  });
});

describe('replay move logs are typed entry by entry', () => {
  it.each([
    ['[null]', 'move 1 must be an object like {"move": "roll", "seat": 0}, found null'],
    ['["roll"]', 'move 1 must be an object like {"move": "roll", "seat": 0}, found string "roll"'],
    ['[{"move":{"a":1},"seat":0}]', "move 1: 'move' must be the move's name as a string, found an object"],
    ['[{"move":"roll","seat":"1"}]', 'move 1: \'seat\' must be a whole number from 0, found string "1"'],
    ['[{"move":"roll"}]', "move 1: 'seat' is missing (the seat making the move, counted from 0)"],
    ['[{"move":"roll","seat":0,"args":[1]}]', "move 1: 'args' must be an object of argument names and values, found a list"],
    ['[{"move":"roll","seat":0,"sat":1}]', "move 1 has an unknown field 'sat' (fields: move, seat, args)"],
    ['{"moves": 3}', 'expected a list of moves (or {"moves": [...]})'],
    // JSON reads 1e400 as Infinity, which JSON prints as null: this said 'found number null'.
    ['[{"move":"roll","seat":1e400}]', "move 1: 'seat' must be a whole number from 0, found number Infinity"],
  ])('%s → %s', async (content, message) => {
    const file = movesFile(content);
    const { code, err } = await run(['replay', 'ten-thousand', '--seed', '1', '--moves', file]);
    expect(code).toBe(1);
    expect(err).toBe(`${file}: ${message}`);
  });

  it('a move named __proto__ is "no move", not a crash', async () => {
    const file = movesFile('[{"move":"__proto__","seat":0}]');
    const { code, err } = await run(['replay', 'ten-thousand', '--seed', '1', '--moves', file]);
    expect(code).toBe(1);
    expect(err).toContain("there is no move '__proto__'");
  });
});
