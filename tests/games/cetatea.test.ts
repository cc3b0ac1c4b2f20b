/**
 * Cetatea: one test (or more) per rule of shared/rules/cetatea.md (C-1…C-10), the rules file's
 * worked examples, the params that carry its interpretations, and seeded random games that end for
 * every player count. Deployment faces are set directly in the state; effect dice are rigged.
 */
import { describe, expect, it } from 'vitest';
import type { CompiledGame } from '../../src/compile/index.ts';
import type { GameState, Json, Piece } from '../../src/engine/index.ts';
import { legalMoves, logText, rig } from '../../src/engine/index.ts';
import { simulate } from '../../src/sim/simulate.ts';
import { compile, moveNames, play, refused, start, where } from '../helpers/games.ts';

const base = compile('cetatea');

// Team A's soldiers (army[0]), in zone order: 3 d6, then 2 d712 (Team D's, army[1], follow the same way).
const A = ['d6-1', 'd6-2', 'd6-3', 'd712-1', 'd712-2'] as const;

const army = (s: GameState, team: number): Piece[] => (s.context.zones.army as Piece[][])[team] ?? [];
const piece = (s: GameState, id: string): Piece => {
  const found = [...army(s, 0), ...army(s, 1), ...(s.context.zones.fallen as Piece[])].find((p) => p.id === id);
  if (!found) throw new Error(`no piece ${id}`);
  return found;
};
const fallen = (s: GameState): string[] => (s.context.zones.fallen as Piece[]).map((p) => p.id).sort();
const hits = (s: GameState): number => s.context.game.hits as number;
const resistance = (s: GameState): number => s.context.game.resistance as number;
const value = (s: GameState, id: string): number => Math.max(0, (piece(s, id).face as number) + (piece(s, id).mod as number));

/** The state with the given soldiers showing the given faces: a deployment to test from. */
const withFaces = (s: GameState, faces: Record<string, number>): GameState => {
  const set = (list: readonly Piece[]): Piece[] => list.map((p) => (p.id in faces ? { ...p, face: faces[p.id] as number } : p));
  const zones = s.context.zones;
  return {
    ...s,
    context: { ...s.context, zones: { ...zones, army: (zones.army as Piece[][]).map(set), fallen: set(zones.fallen as Piece[]) } },
  };
};

/** The soldiers left in play are only these (the others are moved to the fallen). */
const only = (s: GameState, keep: readonly string[]): GameState => {
  const zones = s.context.zones;
  const armies = zones.army as Piece[][];
  const gone = armies.flat().filter((p) => !keep.includes(p.id));
  return {
    ...s,
    context: {
      ...s.context,
      zones: { ...zones, army: armies.map((l) => l.filter((p) => keep.includes(p.id))), fallen: [...(zones.fallen as Piece[]), ...gone] },
    },
  };
};

type Pair = [string, string];
/**
 * Plays a round up to the effects: Team A attacks with `attackers`, Team D defends with the dice of
 * `pairs` ([defender, attacker]) and `idle` ones, and the effect dice show `effects` (A's operator
 * and number, then D's).
 */
const battle = (
  game: CompiledGame,
  s: GameState,
  attackers: readonly string[],
  pairs: readonly Pair[],
  effects: readonly Json[],
  options: { idle?: readonly string[]; seat?: number } = {},
): GameState => {
  const t = play(game, s, 'attack', { dice: [...attackers] }, 0);
  const defenders = [...pairs.map(([d]) => d), ...(options.idle ?? [])];
  return play(game, rig(t, effects), 'defend', { defenders, pairs: pairs.map(([from, to]) => ({ from, to })) }, options.seat ?? 1);
};
/** Effect dice that paralyse nothing; both teams then pass. */
const QUIET = ['+', 1, '+', 1] as const;
const passBoth = (game: CompiledGame, s: GameState): GameState => {
  let t = s;
  for (let pass = legalMoves(game, t).find((m) => m.move === 'pass'); pass; pass = legalMoves(game, t).find((m) => m.move === 'pass')) {
    t = play(game, t, 'pass', undefined, pass.seat);
  }
  return t;
};

const deployed = (faces: Record<string, number>, game = base, players = 2): GameState => withFaces(start(game, players), faces);
const SPREAD = { 'd6-1': 3, 'd6-2': 6, 'd6-3': 2, 'd712-1': 9, 'd712-2': 11, 'd6-4': 4, 'd6-5': 8, 'd6-6': 6, 'd712-3': 10, 'd712-4': 7 };

describe('Cetatea', () => {
  it('C-1 the dice: 0-5, 1-6, 7-12 and an operator die of three "+" and three "−" faces', () => {
    const dice = base.spec.components?.dice ?? {};
    expect(dice.d05?.faces).toEqual([0, 1, 2, 3, 4, 5]);
    expect(dice.d6?.faces).toEqual([1, 2, 3, 4, 5, 6]);
    expect(dice.d712?.faces).toEqual([7, 8, 9, 10, 11, 12]);
    expect(dice.op?.faces).toEqual(['+', '+', '+', '−', '−', '−']);
    const plus = compile('cetatea', [], { plusFaces: 5 }).spec.components?.dice?.op?.faces;
    expect(plus).toEqual(['+', '+', '+', '+', '+', '−']);
    const s = start(base);
    const all = [...army(s, 0), ...army(s, 1)];
    expect(all.filter((d) => d.kind === 'd6')).toHaveLength(6);
    expect(all.filter((d) => d.kind === 'd712')).toHaveLength(4);
    expect((s.context.zones.strength as Piece[][]).flat()).toHaveLength(2);
    expect((s.context.zones.operator as Piece[][]).flat()).toHaveLength(2);
  });

  it('C-2 two teams share the seats and the dice equally; the wall has resistance 10', () => {
    const s = start(base, 5);
    expect(s.context.teams.map((t) => t.members)).toEqual([
      [0, 2, 4],
      [1, 3],
    ]);
    for (const team of [0, 1]) {
      expect(army(s, team).map((d) => d.kind)).toEqual(['d6', 'd6', 'd6', 'd712', 'd712']);
      expect((s.context.zones.strength as Piece[][])[team]).toHaveLength(1);
      expect((s.context.zones.operator as Piece[][])[team]).toHaveLength(1);
    }
    expect(resistance(s)).toBe(10);
    expect(resistance(start(compile('cetatea', [], { resistance: 15 })))).toBe(15);
  });

  it('C-2 a team decides as one: any member may make its moves, nobody else', () => {
    const s = start(base, 4);
    expect([...new Set(legalMoves(base, s).map((m) => m.seat))]).toEqual([0, 2]);
    expect(refused(base, s, { move: 'attack', seat: 1, args: { dice: ['d6-1'] } })).toMatch(
      /^Player 2 may not play 'Attack' now; it is for Player 1 or Player 3$/,
    );
    const t = play(base, s, 'attack', { dice: ['d6-1'] }, 2);
    expect([...new Set(legalMoves(base, t).map((m) => m.seat))]).toEqual([1, 3]);
  });

  it('C-3 in the first round both teams roll their 1-6 and 7-12 dice', () => {
    const s = start(base, 2, 7);
    expect(where(s)).toBe('round.attacking');
    expect(s.context.game.round).toBe(1);
    for (const d of [...army(s, 0), ...army(s, 1)]) {
      expect(d.kind === 'd6' ? [1, 2, 3, 4, 5, 6] : [7, 8, 9, 10, 11, 12]).toContain(d.face);
    }
    expect(s.context.log[0]).toMatch(/^Round 1: Team A rolls/);
  });

  it('C-4 Team A starts and chooses which of its dice attack (at least one)', () => {
    const s = deployed(SPREAD);
    expect(moveNames(base, s)).toEqual(['attack']);
    expect(refused(base, s, { move: 'attack', seat: 0, args: { dice: [] } })).toMatch(/at least 1/);
    expect(refused(base, s, { move: 'attack', seat: 0, args: { dice: ['d6-4'] } })).toMatch(/not among the choices/);
    const t = play(base, s, 'attack', { dice: ['d6-2', 'd712-1'] });
    expect(
      army(t, 0)
        .filter((d) => d.attacking)
        .map((d) => d.id),
    ).toEqual(['d6-2', 'd712-1']);
    expect(where(t)).toBe('round.defending');
  });

  it('C-5 Team D places defenders one against one, with all its dice or only some', () => {
    const s = play(base, deployed(SPREAD), 'attack', { dice: ['d6-2', 'd712-1'] });
    expect(refused(base, s, { move: 'defend', seat: 0, args: { pairs: [] } })).toMatch(/may not play 'Defend'/);
    const twice = {
      defenders: ['d6-4', 'd6-5'],
      pairs: [
        { from: 'd6-4', to: 'd6-2' },
        { from: 'd6-5', to: 'd6-2' },
      ],
    };
    expect(refused(base, s, { move: 'defend', seat: 1, args: twice })).toMatch(/not available \(or used twice\)/);
    const reserve = { defenders: ['d6-4'], pairs: [{ from: 'd6-4', to: 'd6-3' }] };
    expect(refused(base, s, { move: 'defend', seat: 1, args: reserve })).toMatch(/not available/);
    const notDefending = { defenders: ['d6-5'], pairs: [{ from: 'd6-4', to: 'd6-2' }] };
    expect(refused(base, s, { move: 'defend', seat: 1, args: notDefending })).toMatch(/not available/);
    // Any set of defenders, each placed against one attacker or none: with k defenders and two
    // attackers there are 1 + 2k + k(k - 1) placements; summed over the 2^5 sets of defenders, 352.
    const choices = legalMoves(base, s).filter((m) => m.move === 'defend');
    expect(choices).toHaveLength(352);
    const t = play(base, rig(s, QUIET), 'defend', { defenders: ['d712-3', 'd6-4'], pairs: [{ from: 'd712-3', to: 'd712-1' }] }, 1);
    expect(piece(t, 'd712-3').facing).toBe('d712-1');
    expect([piece(t, 'd6-4').defending, piece(t, 'd6-4').facing]).toEqual([true, '']);
    expect(piece(t, 'd6-5').defending).toBe(false);
  });

  it('C-6.1 "+" and a number: the team may add it to one of its own dice', () => {
    let s = battle(base, deployed(SPREAD), ['d6-1', 'd712-1'], [['d6-5', 'd712-1']], ['+', 4, '+', 1]);
    expect(where(s)).toBe('round.effects.effectA');
    expect(
      legalMoves(base, s)
        .filter((m) => m.move === 'apply')
        .map((m) => m.args?.target),
    ).toEqual(['d6-1', 'd712-1']);
    s = play(base, s, 'apply', { target: 'd6-1' }, 0);
    expect(value(s, 'd6-1')).toBe(7);
  });

  it('C-6.2 "−" and a number: the team may subtract it from one enemy die (never below 0)', () => {
    let s = battle(base, deployed(SPREAD), ['d6-1'], [['d6-4', 'd6-1']], ['−', 5, '+', 1], { idle: ['d712-4'] });
    expect(
      legalMoves(base, s)
        .filter((m) => m.move === 'apply')
        .map((m) => m.args?.target),
    ).toEqual(['d6-4', 'd712-4']);
    s = play(base, s, 'apply', { target: 'd6-4' }, 0);
    expect(value(s, 'd6-4')).toBe(0);
  });

  it('C-6.3 a 0 paralyses the smallest enemy die in the battle', () => {
    const s = battle(base, deployed(SPREAD), ['d6-2', 'd712-1'], [], ['+', 3, '−', 0]);
    expect(piece(s, 'd6-2').paralysed).toBe(true);
    expect(piece(s, 'd712-1').paralysed).toBe(false);
    expect(s.context.log).toContain('Team D paralyses 6');
  });

  it('C-7 paralysis applies first for both teams, then Team A, then Team D', () => {
    let s = battle(base, deployed(SPREAD), ['d6-1', 'd712-2'], [['d6-4', 'd712-2']], ['+', 2, '−', 0]);
    // Team D's 0 paralysed Team A's smallest attacker before Team A chose where to add its 2.
    expect(piece(s, 'd6-1').paralysed).toBe(true);
    expect(where(s)).toBe('round.effects.effectA');
    expect(refused(base, s, { move: 'apply', seat: 0, args: { target: 'd6-1' } })).toMatch(/not one of the choices/);
    expect(refused(base, s, { move: 'apply', seat: 1, args: { target: 'd6-4' } })).toMatch(/may not play 'Apply the effect'/);
    s = play(base, s, 'apply', { target: 'd712-2' }, 0);
    // Team D paralysed, so it does no other effect: the round goes straight to the resolution.
    expect(s.context.game.round).toBe(2);
  });

  it("C-7 both teams paralyse: each takes the other side's smallest die, and neither applies another effect", () => {
    const s = battle(base, deployed(SPREAD), ['d6-2', 'd712-1'], [['d6-4', 'd712-1']], ['+', 0, '−', 0], { idle: ['d6-5'] });
    expect(s.context.log.map(logText)).toEqual(expect.arrayContaining(['Team A paralyses 4', 'Team D paralyses 6']));
    expect(s.context.log.map(logText).some((l) => / applies /.test(l))).toBe(false);
    // d712-1 (9) lost its defender: 9 hits; d6-5 had no attacker: resistance 11. Round 2 follows.
    expect([hits(s), resistance(s), s.context.game.round]).toEqual([9, 11, 2]);
  });

  it('C-8.1 a − d ≥ 1 hits the wall with the difference and eliminates the defender (9 vs 4: 5 hits)', () => {
    const s = passBoth(base, battle(base, deployed({ ...SPREAD, 'd712-1': 9, 'd6-4': 4 }), ['d712-1'], [['d6-4', 'd712-1']], QUIET));
    expect(hits(s)).toBe(5);
    expect(fallen(s)).toEqual(['d6-4']);
  });

  it('C-8.2 a − d < 0: the fortress holds and the attacker is eliminated (3 vs 8)', () => {
    const s = passBoth(base, battle(base, deployed({ ...SPREAD, 'd6-1': 3, 'd6-5': 8 }), ['d6-1'], [['d6-5', 'd6-1']], QUIET));
    expect(hits(s)).toBe(0);
    expect(fallen(s)).toEqual(['d6-1']);
  });

  it('C-8.3 a − d = 0: no hit and both dice stay (6 vs 6); with tieStays off the attacker falls', () => {
    const faces = { ...SPREAD, 'd6-2': 6, 'd6-6': 6 };
    const s = passBoth(base, battle(base, deployed(faces), ['d6-2'], [['d6-6', 'd6-2']], QUIET));
    expect(hits(s)).toBe(0);
    expect(fallen(s)).toEqual([]);
    const strict = compile('cetatea', [], { tieStays: false });
    const t = passBoth(strict, battle(strict, deployed(faces, strict), ['d6-2'], [['d6-6', 'd6-2']], QUIET));
    expect(fallen(t)).toEqual(['d6-2']);
  });

  it('C-8 an unblocked attacker deals its whole value; each idle defender strengthens the wall by 1', () => {
    const s = passBoth(
      base,
      battle(base, deployed(SPREAD), ['d6-1', 'd6-2'], [['d712-3', 'd6-2']], QUIET, { idle: ['d6-4', 'd6-5', 'd6-6'] }),
    );
    // d6-1 (3) is unblocked; d6-2 (6) falls to d712-3 (10); three defenders had no attacker, and
    // d712-4, which did not defend, does not count.
    expect(hits(s)).toBe(3);
    expect(fallen(s)).toEqual(['d6-2']);
    expect(resistance(s)).toBe(13);
  });

  it('C-8 paralysed dice take no part: a paralysed attacker deals nothing, its defender is idle', () => {
    const paralysed = battle(base, deployed(SPREAD), ['d6-3', 'd6-2'], [['d6-4', 'd6-3']], ['+', 1, '+', 0]);
    expect(paralysed.context.log).toContain('Team D paralyses 2');
    const s = play(base, paralysed, 'pass', undefined, 0);
    expect(hits(s)).toBe(6); // d6-2 unblocked; d6-3 (2, the smallest) paralysed deals nothing
    expect(resistance(s)).toBe(11); // its defender d6-4 was left without an attacker
    expect(fallen(s)).toEqual([]);
    expect(piece(s, 'd6-3').paralysed).toBe(false); // paralysis is for the round only: reset in round 2
  });

  it('C-8 a paralysed defender leaves its attacker unblocked', () => {
    const s = battle(base, deployed(SPREAD), ['d712-1'], [['d6-5', 'd712-1']], ['+', 0, '+', 1]);
    // Team A's 0 paralysed the only defender, d6-5: Team D has nothing left to add to.
    expect(s.context.log).toContain('Team A paralyses 8');
    expect([hits(s), resistance(s)]).toEqual([9, 10]);
    // With d6-4 (4) defending too, the smallest is paralysed and d6-5 still blocks: 9 - 8 = 1 hit.
    const t = play(
      base,
      battle(base, deployed(SPREAD), ['d712-1'], [['d6-5', 'd712-1']], ['+', 0, '+', 1], { idle: ['d6-4'] }),
      'pass',
      undefined,
      1,
    );
    expect([hits(t), resistance(t)]).toEqual([1, 10]);
  });

  it('C-8 interpretation: attackers held back neither deal hits nor are eliminated; with reservesSafe off effects may reach them', () => {
    let s = battle(base, deployed(SPREAD), ['d712-1'], [['d712-3', 'd712-1']], ['+', 1, '−', 2]);
    s = play(base, s, 'pass', undefined, 0);
    expect(
      legalMoves(base, s)
        .filter((m) => m.move === 'apply')
        .map((m) => m.args?.target),
    ).toEqual(['d712-1']);
    s = play(base, s, 'pass', undefined, 1);
    expect(hits(s)).toBe(0);
    expect(fallen(s)).toEqual(['d712-1']);
    const open = compile('cetatea', [], { reservesSafe: false });
    let t = battle(open, deployed(SPREAD, open), ['d712-1'], [], ['+', 1, '−', 2]);
    t = play(open, t, 'pass', undefined, 0);
    expect(
      legalMoves(open, t)
        .filter((m) => m.move === 'apply')
        .map((m) => m.args?.target),
    ).toEqual(A.slice());
    t = play(open, t, 'apply', { target: 'd6-1' }, 1);
    expect(hits(t)).toBe(9);
  });

  it('C-8 interpretation: paralysis lasts the round; with paralysisRoundOnly off the die is lost', () => {
    const lost = compile('cetatea', [], { paralysisRoundOnly: false });
    const s = play(lost, battle(lost, deployed(SPREAD, lost), ['d6-3', 'd6-2'], [], ['+', 1, '+', 0]), 'pass', undefined, 0);
    expect(fallen(s)).toEqual(['d6-3']);
    expect(hits(s)).toBe(6);
  });

  it('C-9 after round 1 each team re-rolls its remaining dice and round 2 is played the same way', () => {
    const s = passBoth(base, battle(base, deployed(SPREAD), ['d6-1'], [['d6-5', 'd6-1']], QUIET));
    expect(s.context.game.round).toBe(2);
    expect(where(s)).toBe('round.attacking');
    expect(army(s, 0).map((d) => d.id)).toEqual(['d6-2', 'd6-3', 'd712-1', 'd712-2']);
    expect(army(s, 0).every((d) => !d.attacking && d.mod === 0)).toBe(true);
    expect(army(s, 1).every((d) => d.facing === '')).toBe(true);
    expect(s.context.log.map(logText).find((l) => l.startsWith('Round 2'))).toBeDefined();
  });

  it('C-10 the fortress that stands after 2 rounds wins for Team D; the rounds param changes it', () => {
    let s = passBoth(base, battle(base, deployed(SPREAD), ['d6-1'], [['d6-5', 'd6-1']], QUIET));
    s = withFaces(s, { 'd6-2': 1, 'd6-4': 6 });
    s = passBoth(base, battle(base, s, ['d6-2'], [['d6-4', 'd6-2']], QUIET));
    expect(s.context.result).toEqual({ winners: [1] });
    const three = compile('cetatea', [], { rounds: 3 });
    let t = passBoth(three, battle(three, deployed(SPREAD, three), ['d6-1'], [['d6-5', 'd6-1']], QUIET));
    t = passBoth(three, battle(three, withFaces(t, { 'd6-2': 1, 'd6-4': 6 }), ['d6-2'], [['d6-4', 'd6-2']], QUIET));
    expect(t.context.result).toBeNull();
    expect(t.context.game.round).toBe(3);
  });

  it('C-10 hits reaching the resistance bring the wall down: Team A wins (every member)', () => {
    const s = passBoth(base, battle(base, deployed(SPREAD, base, 5), ['d712-2'], [], QUIET, { seat: 3 }));
    expect(hits(s)).toBe(11);
    expect(s.context.result).toEqual({ winners: [0, 2, 4] });
  });

  it('C-10 hits add up over the rounds, against the strengthened wall', () => {
    let s = passBoth(base, battle(base, only(deployed(SPREAD), [...A, 'd6-4']), ['d712-1'], [['d6-4', 'd712-1']], QUIET));
    expect(hits(s)).toBe(5);
    s = withFaces(s, { 'd6-1': 6 });
    s = passBoth(base, battle(base, s, ['d6-1'], [], QUIET));
    expect(hits(s)).toBe(11);
    expect(resistance(s)).toBe(10);
    expect(s.context.result).toEqual({ winners: [0] });
  });

  describe('worked examples', () => {
    it('attacker 9 vs defender 4: 5 hits, defender eliminated', () => {
      const s = passBoth(base, battle(base, deployed({ ...SPREAD, 'd712-1': 9, 'd6-4': 4 }), ['d712-1'], [['d6-4', 'd712-1']], QUIET));
      expect([hits(s), fallen(s)]).toEqual([5, ['d6-4']]);
    });
    it('attacker 3 vs defender 8: no hit, attacker eliminated', () => {
      const s = passBoth(base, battle(base, deployed(SPREAD), ['d6-1'], [['d6-5', 'd6-1']], QUIET));
      expect([hits(s), fallen(s)]).toEqual([0, ['d6-1']]);
    });
    it('attacker 6 vs defender 6: no hit, both stay', () => {
      const s = passBoth(base, battle(base, deployed(SPREAD), ['d6-2'], [['d6-6', 'd6-2']], QUIET));
      expect([hits(s), fallen(s)]).toEqual([0, []]);
    });
    it('unblocked attacker 11: 11 hits, the wall (10) falls, Team A wins at once', () => {
      const s = passBoth(base, battle(base, deployed(SPREAD), ['d712-2'], [], QUIET));
      expect(hits(s)).toBe(11);
      expect(s.context.result).toEqual({ winners: [0] });
      expect(s.context.log).toContain('The wall falls: Team A wins');
    });
    it('two defenders left without attackers: resistance 12', () => {
      const s = passBoth(base, battle(base, deployed(SPREAD), ['d6-1'], [['d6-5', 'd6-1']], QUIET, { idle: ['d6-4', 'd712-4'] }));
      expect(resistance(s)).toBe(12);
    });
    it('Team D rolls "−" and 3, Team A\'s attacker 7: Team D may make it 4', () => {
      let s = battle(base, deployed({ ...SPREAD, 'd712-1': 7 }), ['d712-1'], [], ['+', 1, '−', 3]);
      s = play(base, s, 'pass', undefined, 0);
      expect(where(s)).toBe('round.effects.effectD');
      expect(moveNames(base, s)).toEqual(['apply', 'pass']);
      const before = s;
      s = play(base, s, 'apply', { target: 'd712-1' }, 1);
      expect(s.context.log).toContain('Team D applies −3 to 7: 4');
      expect(hits(s)).toBe(4);
      expect(hits(play(base, before, 'pass', undefined, 1))).toBe(7);
    });
    it("Team A rolls 0 on the 0-5 die: Team D's smallest die is paralysed; Team A applies no other effect", () => {
      const s = battle(base, deployed(SPREAD), ['d712-1'], [['d712-3', 'd712-1']], ['−', 0, '+', 2], { idle: ['d6-4', 'd6-6'] });
      expect(piece(s, 'd712-3').paralysed).toBe(false);
      expect(piece(s, 'd6-4').paralysed).toBe(true); // Team D's smallest defender: 4
      expect(where(s)).toBe('round.effects.effectD');
      expect(legalMoves(base, s).every((m) => m.seat === 1)).toBe(true);
    });
  });

  it('random games end for every player count from 2 to 8', () => {
    const rates: Record<number, number> = {};
    for (let players = 2; players <= 8; players++) {
      const report = simulate(base, { games: 25, seed: `cetatea-${players}`, players });
      expect(report.errors).toEqual([]);
      expect(report.unfinished).toBe(0);
      expect((report.wins.attackers ?? 0) + (report.wins.defenders ?? 0)).toBe(25);
      rates[players] = report.gamesPerSecond;
    }
    console.info(`Cetatea random games per second by player count: ${JSON.stringify(rates)}`);
  });
});

describe('C-9 rounds are the turns of the game', () => {
  it('C-9 each round counts a turn: simulate reports the rounds played, and --max-turns stops a game', () => {
    const full = simulate(base, { games: 20, seed: 'cetatea-turns' });
    expect(full.unfinished).toBe(0);
    expect(full.turns.max).toBe(2);
    const capped = simulate(base, { games: 20, seed: 'cetatea-turns', maxTurns: 1 });
    expect(capped.turns.max).toBe(1);
    // Games the wall does not end in round 1 are stopped by the cap instead of playing round 2.
    expect(capped.unfinished).toBeGreaterThan(0);
    expect(capped.unfinished).toBe(20 - Object.values(capped.wins).reduce((a, b) => a + b, 0));
  });

  it('C-9 the second round begins turn 2 with the same seat active', () => {
    // Team A attacks with everything and Team D does not defend: round 1 ends with the wall standing
    // only when Team A's dice total less than the resistance, so try seeds until one does.
    const reachRound2 = (seed: string): GameState | null => {
      let s = start(base, 2, seed);
      expect(s.context.turn).toBe(0);
      while (s.context.game.round === 1 && s.context.result === null) {
        const moves = legalMoves(base, s);
        const move = moves.find((m) => m.move === 'pass') ?? moves.find((m) => m.move === 'defend') ?? moves[moves.length - 1];
        if (!move) throw new Error('stuck');
        s = play(base, s, move.move, move.args, move.seat);
      }
      return s.context.result === null ? s : null;
    };
    const s = Array.from({ length: 20 }, (_, i) => `rounds-${i}`)
      .map(reachRound2)
      .find((x) => x !== null);
    if (!s) throw new Error('no seed reached round 2');
    expect(s.context.game.round).toBe(2);
    expect(s.context.turn).toBe(1);
    expect(s.context.active).toBe(0);
  });
});

describe('C-6 paralysis: automatic, or a choice of the paralysing team', () => {
  const choosing = compile('cetatea', [], { paralysis: 'choice' });

  it('C-6 the paralysis param is automatic by default, as C-7 "applies first" reads', () => {
    expect(base.spec.params?.paralysis).toMatchObject({
      type: 'choice',
      default: 'automatic',
      choices: ['automatic', 'choice'],
      rules: ['C-6', 'C-7'],
    });
    const s = battle(base, deployed(SPREAD), ['d6-2', 'd712-1'], [], ['+', 3, '−', 0]);
    expect(piece(s, 'd6-2').paralysed).toBe(true);
    expect(moveNames(base, s)).not.toContain('paralyse');
  });

  it('C-6 with paralysis "choice" the team with a 0 may paralyse, or pass and leave the die in the battle', () => {
    const s = battle(choosing, deployed(SPREAD, choosing), ['d6-2', 'd712-1'], [], ['+', 3, '−', 0]);
    expect(where(s)).toBe('round.effects.paralysisD');
    expect(moveNames(choosing, s)).toEqual(['paralyse', 'pass']);
    expect(legalMoves(choosing, s).every((m) => m.seat === 1)).toBe(true);
    expect(piece(s, 'd6-2').paralysed).toBe(false);
    const paralysed = play(choosing, s, 'paralyse', undefined, 1);
    expect(piece(paralysed, 'd6-2').paralysed).toBe(true);
    expect(paralysed.context.log).toContain('Team D paralyses 6');
    expect(where(paralysed)).toBe('round.effects.effectA');
    const spared = play(choosing, s, 'pass', undefined, 1);
    expect(piece(spared, 'd6-2').paralysed).toBe(false);
    expect(where(spared)).toBe('round.effects.effectA');
  });

  it('C-7 with paralysis "choice" Team A decides first, then Team D; neither then applies another effect', () => {
    let s = battle(choosing, deployed(SPREAD, choosing), ['d6-2', 'd712-1'], [['d6-4', 'd712-1']], ['+', 0, '−', 0], { idle: ['d6-5'] });
    expect(where(s)).toBe('round.effects.paralysisA');
    expect(legalMoves(choosing, s).every((m) => m.seat === 0)).toBe(true);
    s = play(choosing, s, 'paralyse', undefined, 0);
    expect(s.context.log).toContain('Team A paralyses 4');
    expect(where(s)).toBe('round.effects.paralysisD');
    s = play(choosing, s, 'paralyse', undefined, 1);
    expect(s.context.log).toContain('Team D paralyses 6');
    expect([hits(s), resistance(s), s.context.game.round]).toEqual([9, 11, 2]);
  });

  it('C-6 random games with paralysis "choice" end', () => {
    const report = simulate(choosing, { games: 20, seed: 'paralysis-choice' });
    expect(report.errors).toEqual([]);
    expect(report.unfinished).toBe(0);
  });
});
