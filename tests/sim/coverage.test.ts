/**
 * Coverage against a game whose answer is known by hand (tests/sim/fixtures/coverage): every
 * game is four rolls, 'Pass' is never allowed, the die never shows 7, and of two house rules one
 * adds a transition whose guard never holds.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileGame } from '../../src/compile/index.ts';
import { compileForCoverage, newCounts, playCounted } from '../../src/sim/coverage.ts';
import { coverageReport, houseRuleChanges, type CoverageReport } from '../../src/sim/coverageReport.ts';
import { playRange } from '../../src/sim/simulate.ts';
import { runCli } from '../helpers/cli.ts';

const dir = join(import.meta.dirname, 'fixtures', 'coverage');
const file = (name: string) => ({ file: join(dir, name), text: readFileSync(join(dir, name), 'utf8') });
const base = file('game.yaml');
const variants = [file('variants/dead-rule.yaml'), file('variants/live-rule.yaml')];
const GAMES = 10;

const covered = (): CoverageReport => {
  const counts = newCounts();
  const { game, diagnostics } = compileForCoverage({ base, variants }, counts);
  if (!game) throw new Error(diagnostics.map((d) => d.message).join('\n'));
  playCounted(game, counts, { seed: 1, players: 2 }, 0, GAMES);
  return coverageReport(game, counts, houseRuleChanges(base, variants));
};

const byKey = <T extends { path: readonly (string | number)[] }>(items: readonly T[], key: string): T | undefined =>
  items.find((i) => i.path.join('.') === key);

describe('simulate --coverage', () => {
  it('counts states entered, transitions taken or refused, guard clauses, effects, moves and rule ids', () => {
    const r = covered();
    expect(r.games).toBe(GAMES);
    expect(Object.fromEntries(r.states.map((s) => [s.name, s.entered]))).toEqual({
      play: 4 * GAMES,
      check: 4 * GAMES,
      nowhere: 0,
      over: GAMES,
    });
    expect(byKey(r.transitions, 'flow.states.play.on.roll')).toMatchObject({ taken: 4 * GAMES, refused: 0 });
    // 'done' is tried after each roll and holds after the fourth; 'again' takes the others.
    expect(byKey(r.transitions, 'flow.states.check.always.1')).toMatchObject({ label: 'done', taken: GAMES, refused: 3 * GAMES });
    expect(byKey(r.transitions, 'flow.states.check.always.2')).toMatchObject({ label: 'again', taken: 3 * GAMES, refused: 0 });
    // The transition the dead rule adds is tried after every roll and never holds.
    expect(byKey(r.transitions, 'flow.states.check.always.0')).toMatchObject({ label: 'marathon', taken: 0, refused: 4 * GAMES });
    // 'Pass' is refused by its clause at every decision, so its transition is never even tried.
    expect(byKey(r.clauses, 'moves.pass.guard.0')).toMatchObject({ id: 'never', held: 0, refused: 4 * GAMES });
    expect(byKey(r.transitions, 'flow.states.play.on.pass')).toMatchObject({ taken: 0, refused: 0 });
    expect(byKey(r.effects, 'moves.roll.effects.2')).toMatchObject({ label: 'seven', runs: 4 * GAMES });
    expect(byKey(r.effects, 'moves.roll.effects.2.then.0')).toMatchObject({ label: 'lucky', runs: 0 });
    expect(byKey(r.effects, 'flow.states.check.always.2.effects.1')).toMatchObject({ label: 'cheer', runs: 3 * GAMES });
    expect(r.moves).toEqual([
      { name: 'roll', title: 'Roll', made: 4 * GAMES },
      { name: 'pass', title: 'Pass', made: 0 },
    ]);
    expect(r.rules).toEqual([
      { id: 'C-1', count: 4 * GAMES },
      { id: 'C-2', count: 4 * GAMES },
      { id: 'C-3', count: 4 * GAMES },
      { id: 'C-9', count: 0 },
    ]);
  });

  it('flags the house rule whose changes never fired', () => {
    expect(covered().houseRules).toEqual([
      { variant: 'dead-rule', counted: 1, fired: 0, neverFired: ['flow.states.check.always.marathon'] },
      { variant: 'live-rule', counted: 1, fired: 1, neverFired: [] },
    ]);
  });

  it('plays the same games counted and not counted', () => {
    const { game } = compileGame({ base: file('game.yaml'), variants });
    const counted = compileForCoverage({ base, variants }, newCounts()).game;
    if (!game || !counted) throw new Error('no game');
    expect(playCounted(counted, newCounts(), { seed: 7, players: 2 }, 0, 5)).toEqual(playRange(game, { seed: 7, players: 2 }, 0, 5));
  });

  it("the CLI: text lists what was never reached; worker threads add up to one thread's counts", async () => {
    const args = ['simulate', join(dir, 'game.yaml'), '--variant', 'dead-rule,live-rule', '--games', String(GAMES), '--coverage'];
    const text = await runCli([...args, '--threads', '1']);
    expect(text.code).toBe(0);
    expect(text.out).toContain('house rule dead-rule: NEVER FIRED');
    expect(text.out).toMatch(/States never entered:\n {2}nowhere/);
    expect(text.out).toMatch(/Guard clauses always refused:\n {2}move 'Pass': 'never' never allowed/);
    const one = JSON.parse((await runCli([...args, '--threads', '1', '--json'])).out);
    const two = JSON.parse((await runCli([...args, '--threads', '2', '--json'])).out);
    expect(two.coverage).toEqual(one.coverage);
    expect(one.coverage).toEqual(JSON.parse(JSON.stringify(covered())));
    expect((await runCli([...args, '--compare', 'none'])).err).toContain('--coverage counts one variant set');
  }, 120_000);
});
