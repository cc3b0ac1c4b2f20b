/**
 * Every shipped game ends by its own rules: each game, alone and with each shipped variant (with
 * what it requires, and Regicide's published rules with solo), is played from seeded starts by a
 * random player and by a staller, who takes the move that changes least (yield, pass, take it,
 * end the turn, draw, start afresh) whenever one is legal. No game may reach the move cap: a rule
 * that lets a game go round for ever (as yielding under fully covering shields did in Regicide's
 * solo games, R-O2) fails here.
 */
import { describe, expect, it } from 'vitest';
import { listGames } from '../../src/cli/catalog.ts';
import { Rng, seedRng } from '../../src/runtime/rng.ts';
import type { CompiledGame } from '../../src/compile/index.ts';
import { legalMoves, step, type Move } from '../../src/engine/index.ts';
import { withRequirements } from '../../src/variants/requirements.ts';
import { compile, start } from '../helpers/games.ts';

const CAP = 5000;
const GAMES = 2;
const STALLING = ['yield', 'pass', 'take', 'endTurn', 'draw', 'fresh'];

type Policy = (moves: readonly Move[], rng: Rng) => Move;
const uniform: Policy = (moves, rng) => moves[rng.below(moves.length)] as Move;
const staller: Policy = (moves, rng) => {
  const stalls = moves.filter((m) => STALLING.includes(m.move));
  return stalls.length > 0 ? uniform(stalls, rng) : uniform(moves, rng);
};

/** The moves a game takes to end, or null when it reaches the cap. */
const playOut = (game: CompiledGame, players: number, seed: string, policy: Policy): number | null => {
  let s = start(game, players, seed);
  const rng = new Rng(seedRng(`${seed}:policy`));
  for (let n = 0; n < CAP; n++) {
    if (s.context.result !== null) return n;
    const moves = legalMoves(game, s);
    if (moves.length === 0) throw new Error(`${seed}: no legal move`);
    const next = step(game, s, policy(moves, rng));
    if (!next.ok) throw new Error(`${seed}: ${next.error}`);
    s = next.state;
  }
  return s.context.result !== null ? CAP : null;
};

const specs = listGames().flatMap((g) => {
  const requiresOf = (id: string) => g.variants.find((v) => v.id === id)?.requires;
  const sets: string[][] = [[], ...g.variants.map((v) => withRequirements([v.id], requiresOf))];
  if (g.variants.some((v) => v.id === 'solo') && g.variants.some((v) => v.id === 'standard'))
    sets.push(withRequirements(['solo', 'standard'], requiresOf));
  return sets.map((variants) => ({ id: g.id, variants }));
});

describe('every shipped game ends by its rules, played at random or by a staller', () => {
  for (const { id, variants } of specs) {
    it(`${id}${variants.length > 0 ? ` + ${variants.join(', ')}` : ''}: no game reaches ${CAP} moves`, () => {
      const game = compile(id, variants);
      const counts = [...new Set([game.players.min, game.players.default])];
      const stuck: string[] = [];
      for (const players of counts) {
        for (const [label, policy] of [
          ['random', uniform],
          ['staller', staller],
        ] as const) {
          for (let i = 0; i < GAMES; i++) {
            const seed = `${id}:${variants.join('+')}:${players}:${label}:${i}`;
            if (playOut(game, players, seed, policy) === null) stuck.push(seed);
          }
        }
      }
      expect(stuck).toEqual([]);
    }, 120_000);
  }
});
