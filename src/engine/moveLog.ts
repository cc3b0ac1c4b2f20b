/**
 * A move log from outside (a file, a saved game, a link) read into Moves: every entry must be
 * `{"move": NAME, "seat": N, "args": {...}}` with the right kinds, or it is refused with a message
 * naming the entry and the field. The engine then judges whether each move is legal.
 */
import type { Json, Move } from './types.ts';
import { isRecord } from '../spec/own.ts';

const describe = (value: unknown): string =>
  value === null
    ? 'null'
    : Array.isArray(value)
      ? 'a list'
      : typeof value === 'object'
        ? 'an object'
        : `${typeof value} ${typeof value === 'number' ? String(value) : JSON.stringify(value)}`;

/** One entry as a Move, or what is wrong with it; `where` names it (`move 3`). */
export const readMove = (entry: unknown, where: string): Move | string => {
  if (!isRecord(entry)) return `${where} must be an object like {"move": "roll", "seat": 0}, found ${describe(entry)}`;
  const unknown = Object.keys(entry).find((key) => key !== 'move' && key !== 'seat' && key !== 'args');
  if (unknown !== undefined) return `${where} has an unknown field '${unknown}' (fields: move, seat, args)`;
  const { move, seat, args } = entry;
  if (typeof move !== 'string') return `${where}: 'move' must be the move's name as a string, found ${describe(move)}`;
  if (seat === undefined) return `${where}: 'seat' is missing (the seat making the move, counted from 0)`;
  if (typeof seat !== 'number' || !Number.isSafeInteger(seat) || seat < 0) {
    return `${where}: 'seat' must be a whole number from 0, found ${describe(seat)}`;
  }
  if (args === undefined) return { move, seat };
  if (!isRecord(args)) return `${where}: 'args' must be an object of argument names and values, found ${describe(args)}`;
  return { move, seat, args: args as Record<string, Json> };
};

/** A whole log: a list of moves, or `{"moves": [...]}`. */
export const readMoveLog = (value: unknown): Move[] | string => {
  const list = Array.isArray(value) ? value : isRecord(value) ? value.moves : undefined;
  if (!Array.isArray(list)) return 'expected a list of moves (or {"moves": [...]})';
  const moves: Move[] = [];
  for (const [i, entry] of list.entries()) {
    const move = readMove(entry, `move ${i + 1}`);
    if (typeof move === 'string') return move;
    moves.push(move);
  }
  return moves;
};
