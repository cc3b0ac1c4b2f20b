/**
 * `simulate`'s plan without playing a game: each mode the command line can ask for, each option
 * that excludes another, and each refusal, as values.
 */
import { describe, expect, it } from 'vitest';
import { plan, readRequest, type Games, type Planned, type Request } from '../../src/cli/commands/simulate/plan.ts';
import type { Values } from '../../src/cli/command.ts';
import { compile } from '../helpers/games.ts';

const tenThousand = compile('ten-thousand');
const entry1000 = { game: compile('ten-thousand', ['entry-1000']), variants: ['entry-1000'] };
const base: Games = { target: 'ten-thousand', game: tenThousand };

const request = (values: Values): Request => {
  const read = readRequest(values);
  if ('errors' in read) throw new Error(read.errors.join('\n'));
  return read.request;
};

const planOf = (values: Values, games: Games = base, cores = 4): Planned => plan(request(values), games, cores);

const modeOf = (planned: Planned): string => ('plan' in planned ? planned.plan.mode : `refused: ${planned.error}`);

describe('simulate: reading the command line', () => {
  it('gives the defaults: 100 games, seed 1, 1000 turns, random bots not named', () => {
    expect(request({})).toMatchObject({
      games: 100,
      seed: 1,
      maxTurns: 1000,
      players: undefined,
      bots: undefined,
      botOptions: {},
      compare: undefined,
      sweep: undefined,
    });
  });

  it('names every numeric problem at once, and the seed only when the numbers are right', () => {
    expect(readRequest({ games: 'x', players: 'y', threads: '0', seed: '' })).toEqual({
      errors: [
        "--games must be a whole number from 1 to 1,000,000, got 'x'",
        "--players must be a whole number from 1 to 1,000, got 'y'",
        "--threads must be a whole number from 1 to 256, got '0'",
      ],
    });
    expect(readRequest({ seed: '' })).toEqual({ errors: ['--seed is empty: give a whole number or a word'] });
  });

  it('reads --compare none as the base game and a list as its variants', () => {
    expect(request({ compare: 'none' }).compare).toEqual([]);
    expect(request({ compare: ' entry-1000, joker ,' }).compare).toEqual(['entry-1000', 'joker']);
  });

  it('keeps only the search options given', () => {
    expect(request({ iterations: '5', 'rollout-turns': '0' }).botOptions).toEqual({ iterations: 5, rolloutTurns: 0 });
  });

  it("--rollout-turns takes 'end' (playouts to the end of the game) or a whole number, and says so when given neither", () => {
    expect(request({ 'rollout-turns': 'end' }).botOptions).toEqual({ rolloutTurns: 'end' });
    expect(readRequest({ 'rollout-turns': 'ends' })).toEqual({
      errors: ["--rollout-turns must be 'end' or a whole number from 0 to 1,000,000, got 'ends'"],
    });
  });

  it('--learning names the techniques of the search, or none; an unknown one is refused by name', () => {
    expect(request({ learning: 'decisive, mast' }).botOptions).toEqual({ learning: ['mast', 'decisive'] });
    expect(request({ learning: 'none' }).botOptions).toEqual({ learning: [] });
    expect(readRequest({ learning: 'mast,rave' })).toEqual({
      errors: [
        "--learning: unknown technique 'rave' (techniques: mast, features, lean, frugal, decisive, antidecisive, widening, stepwise, or 'none')",
      ],
    });
    expect(readRequest({ learning: 'features,antidecisive' })).toEqual({ errors: ["--learning: 'features' refines 'mast': name both"] });
    expect(readRequest({ learning: ' , ' })).toEqual({
      errors: ["--learning is empty: name techniques (mast, features, lean, frugal, decisive, antidecisive, widening, stepwise) or 'none'"],
    });
  });
});

describe('simulate: one plan per mode', () => {
  it('the summary, the balance report, and either counting coverage', () => {
    expect(planOf({})).toMatchObject({ plan: { mode: 'summary', coverage: false } });
    expect(planOf({ report: true })).toMatchObject({ plan: { mode: 'report', coverage: false } });
    expect(planOf({ coverage: true, report: true })).toMatchObject({ plan: { mode: 'report', coverage: true } });
  });

  it('compare: the second variant set with its own seats (--compare implies the report)', () => {
    const planned = planOf({ compare: 'entry-1000', bot: 'careful,random' }, { ...base, other: entry1000 });
    if (!('plan' in planned) || planned.plan.mode !== 'compare') throw new Error(modeOf(planned));
    expect(planned.plan.other.variants).toEqual(['entry-1000']);
    expect(planned.plan.other.seats.map((b) => b.name)).toEqual(['careful', 'random']);
    expect(planned.plan.base.seats.map((b) => b.name)).toEqual(['careful', 'random']);
  });

  it("sweep: the axes read against the game's params", () => {
    const planned = planOf({ sweep: 'entry=0..1000:500', report: true });
    if (!('plan' in planned) || planned.plan.mode !== 'sweep') throw new Error(modeOf(planned));
    expect(planned.plan.axes.map((a) => a.param)).toEqual(['entry']);
  });

  it("the players default to the game's, and a seat each for random bots", () => {
    const planned = planOf({});
    if (!('plan' in planned)) throw new Error(planned.error);
    expect(planned.plan.players).toBe(tenThousand.players.default);
    expect(planned.plan.base.seats.map((b) => b.name)).toEqual(Array.from({ length: planned.plan.players }, () => 'random'));
  });
});

describe('simulate: the threads', () => {
  const slices = (values: Values, cores: number): number[][] => {
    const planned = planOf(values, base, cores);
    if (!('plan' in planned)) throw new Error(planned.error);
    return planned.plan.slices.map((s) => [s.from, s.to]);
  };

  it('one per core, but one per 25 random games at most', () => {
    expect(slices({ games: '30' }, 4)).toEqual([[0, 30]]);
    expect(slices({ games: '100' }, 4)).toEqual([
      [0, 25],
      [25, 50],
      [50, 75],
      [75, 100],
    ]);
  });

  it('searching bots are worth a thread for every game; no thread is started without a game', () => {
    expect(slices({ games: '6', bot: 'careful' }, 4)).toEqual([
      [0, 2],
      [2, 4],
      [4, 6],
    ]);
    expect(slices({ games: '2', threads: '8' }, 4)).toEqual([
      [0, 1],
      [1, 2],
    ]);
    expect(slices({ games: '6', threads: '1' }, 4)).toEqual([[0, 6]]);
  });
});

describe('simulate: refusals', () => {
  it('options that exclude each other', () => {
    expect(modeOf(planOf({ coverage: true, sweep: 'entry=0..500:500' }))).toBe(
      'refused: --coverage counts one variant set: not with --sweep or --compare',
    );
    expect(modeOf(planOf({ coverage: true, compare: 'none' }, { ...base, other: { game: tenThousand, variants: [] } }))).toBe(
      'refused: --coverage counts one variant set: not with --sweep or --compare',
    );
    expect(modeOf(planOf({ sweep: 'entry=0..500:500', compare: 'none' }, { ...base, other: { game: tenThousand, variants: [] } }))).toBe(
      'refused: --sweep and --compare cannot be used together: sweep a param of one variant set',
    );
  });

  it('the wrong number of players, for either variant set', () => {
    expect(modeOf(planOf({ players: '9' }))).toBe('refused: 10,000 is for 2 to 8 players, not 9');
    const fewer = { game: { ...entry1000.game, players: { ...entry1000.game.players, max: 3 } }, variants: ['entry-1000'] };
    expect(modeOf(planOf({ players: '4', compare: 'entry-1000' }, { ...base, other: fewer }))).toBe(
      'refused: 10,000 with entry-1000 is for 2 to 3 players, not 4',
    );
  });

  it('bots the game does not know, and a bad sweep', () => {
    expect(modeOf(planOf({ bot: 'random,random,random' }))).toBe('refused: 3 bots for 2 seats: give one bot per seat, or one for all');
    expect(modeOf(planOf({ sweep: 'speed=1..2' }))).toMatch(/^refused: --sweep: there is no param 'speed'/);
  });

  it('tells that mcts sees hidden pieces, also when the plan is then refused', () => {
    const hidden: Games = { target: 'eight-masters-revenge', game: compile('eight-masters-revenge') };
    const note = 'note: mcts sees every piece, also those in deck, hand: for hidden information use ismcts';
    expect(planOf({ bot: 'mcts' }, hidden).notes).toEqual([note]);
    expect(planOf({ bot: 'mcts', sweep: 'nothing=1..2' }, hidden)).toMatchObject({
      notes: [note],
      error: expect.stringMatching(/^--sweep/),
    });
    expect(planOf({ bot: 'mcts' }).notes).toEqual([]);
  });
});
