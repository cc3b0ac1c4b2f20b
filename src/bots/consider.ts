/**
 * The moves a strategy weighs (its `consider:`): of a move it names, only the legal choices that
 * pass every consideration of that move — `when` holds, and with `minimal` no smaller legal
 * choice of the same move (its other arguments the same) lies inside the list. Moves it does not
 * name stay. When nothing would be left, every legal move is weighed: a consideration narrows a
 * choice, it never leaves a seat without a move.
 *
 * The same moves come out of a listing that spared the choices `minimal` never keeps (the
 * bot's `minimal`, given to the engine's listing): every choice dropped there holds a smaller
 * legal one, which the listing kept, and which drops it here too. Only when nothing is left must
 * the caller list every move.
 */
import type { CompiledBot } from '../compile/index.ts';
import { SpecLimitError } from '../errors.ts';
import type { Meter } from '../lang/index.ts';
import type { GameState, LegalMove, MinimalArgs } from '../engine/index.ts';
import type { DocPath } from '../spec/diagnostics.ts';
import { LIMITS, formatLimit } from '../limits.ts';
import { decisionBudget } from './budget.ts';
import { type Bits, bitIndex, bitsOf, inside } from './listBits.ts';
import { moveRunner } from './moveScope.ts';

interface Choice {
  readonly move: LegalMove;
  readonly size: number;
  readonly bits: Bits;
}

/** A move's list whose minimal choices alone are weighed, and where the spec says so (for a message past the limit). */
interface MinimalList {
  readonly move: string;
  readonly path: DocPath;
}

/** Which of `moves` are choices of `c.move` that hold a smaller legal choice in `list`, so are not minimal. */
const notMinimal = (c: MinimalList, list: string, moves: readonly LegalMove[]): Set<LegalMove> => {
  const index = bitIndex();
  const groups = new Map<string, Choice[]>();
  for (const m of moves) {
    if (m.move.move !== c.move) continue;
    const args = m.move.args ?? {};
    const value = args[list];
    const items = Array.isArray(value) ? value : [];
    // Choices compete only with those that agree on every other argument.
    const others = Object.keys(args).length > 1 ? JSON.stringify({ ...args, [list]: null }) : '';
    const key = `${m.move.seat} ${others}`;
    const group = groups.get(key) ?? [];
    group.push({ move: m, size: items.length, bits: bitsOf(items, index) });
    groups.set(key, group);
  }
  const out = new Set<LegalMove>();
  let compared = 0;
  for (const group of groups.values()) {
    group.sort((a, b) => a.size - b.size);
    group.forEach((big, i) => {
      for (let j = 0; j < i; j++) {
        const small = group[j] as Choice;
        if (small.size === big.size) return;
        if (++compared > LIMITS.moveSteps) {
          throw new SpecLimitError(
            `considering only minimal '${list}' compares more than ${formatLimit(LIMITS.moveSteps)} pairs of the move '${c.move}''s ${formatLimit(group.length)} legal choices`,
            c.path,
          );
        }
        if (inside(small.bits, big.bits)) {
          out.add(big.move);
          return;
        }
      }
    });
  }
  return out;
};

/**
 * Whether the strategy weighs a move of `moves`, each judged only when asked: a caller that needs
 * a few of them (the best-scored, see prefer.ts) spares the conditions of the others. The
 * conditions run on `meter`, the decision's when given.
 */
export const weighsOf = (bot: CompiledBot, state: GameState, moves: readonly LegalMove[], meter?: Meter): ((m: LegalMove) => boolean) => {
  const { spent, meter: decision } = decisionBudget(bot.name, moves.length, meter);
  const run = moveRunner(state, decision);
  const dropped = bot.consider.map((c) => (c.minimal === undefined ? undefined : notMinimal(c, c.minimal, moves)));
  return (m) =>
    bot.consider.every((c, i) => {
      if (m.move.move !== c.move) return true;
      if (dropped[i]?.has(m)) return false;
      if (!c.when) return true;
      const holds = run(c.when, m) === true;
      spent(c.when.path, `its 'consider' conditions run`);
      return holds;
    });
};

/** The moves of `moves` that the strategy weighs: none when it would weigh none of them. */
export const consideredOnly = (bot: CompiledBot, state: GameState, moves: readonly LegalMove[], meter?: Meter): readonly LegalMove[] =>
  moves.filter(weighsOf(bot, state, moves, meter));

/**
 * Of `moves`, those minimal in every list `minimal` names for their move (bots/frugal.ts): the
 * same choices as a strategy considering each of those lists `minimal`.
 */
export const minimalOnly = (minimal: MinimalArgs, moves: readonly LegalMove[]): readonly LegalMove[] => {
  if (minimal.size === 0) return moves;
  const dropped = new Set<LegalMove>();
  for (const [move, lists] of minimal) {
    for (const list of lists) for (const m of notMinimal({ move, path: ['moves', move, 'args', list] }, list, moves)) dropped.add(m);
  }
  return dropped.size === 0 ? moves : moves.filter((m) => !dropped.has(m));
};

export const considered = (bot: CompiledBot, state: GameState, moves: readonly LegalMove[], meter?: Meter): readonly LegalMove[] => {
  if (bot.consider.length === 0) return moves;
  const kept = consideredOnly(bot, state, moves, meter);
  return kept.length > 0 ? kept : moves;
};
