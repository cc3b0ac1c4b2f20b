/**
 * Who plays a seat: a person, or one of the engine's bots by name (`random`, `greedy`, `mcts`,
 * `ismcts`, or a strategy the spec declares). Names come from the engine, so a spec's own
 * strategies appear in the seat menus without code.
 */
export type SeatKind = string;

export const HUMAN: SeatKind = 'human';

export const isBot = (kind: SeatKind | undefined): boolean => kind !== undefined && kind !== HUMAN;
