/**
 * The search's root statistics as the rows of the hint's table: each move in the player's words,
 * moves that read the same (the same face on two dice) joined into one row, best first.
 */
import { moveKey, type SearchStats } from '../../bots/index.ts';
import type { Move } from '../../engine/types.ts';
import type { HintRow } from './protocol.ts';

interface Group {
  readonly label: string;
  move: Move;
  best: number;
  visits: number;
  total: number;
}

export const hintRows = (root: SearchStats['root'], moves: readonly Move[], label: (move: Move) => string): HintRow[] => {
  const byKey = new Map(root.map((r) => [r.key, r]));
  const groups = new Map<string, Group>();
  for (const move of moves) {
    const stat = byKey.get(moveKey(move));
    const visits = stat?.visits ?? 0;
    const text = label(move);
    let g = groups.get(text);
    if (!g) {
      g = { label: text, move, best: visits, visits: 0, total: 0 };
      groups.set(text, g);
    } else if (visits > g.best) {
      g.move = move;
      g.best = visits;
    }
    g.visits += visits;
    g.total += (stat?.mean ?? 0) * visits;
  }
  const all = [...groups.values()].reduce((n, g) => n + g.visits, 0);
  return [...groups.values()]
    .map((g) => ({
      label: g.label,
      move: g.move,
      visits: g.visits,
      share: all > 0 ? g.visits / all : 0,
      mean: g.visits > 0 ? g.total / g.visits : 0,
    }))
    .sort((a, b) => b.visits - a.visits || b.mean - a.mean);
};
