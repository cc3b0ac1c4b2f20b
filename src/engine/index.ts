/** The engine's public API: pure functions over serialisable game states. */
export {
  newGame, legalMoves, legalMovesWithEvents, applyLegal, step, replay, rig, actingSeats, activeStates, isOver,
  type LegalMove, type NewGameOptions,
} from './play.ts';
export { viewOf } from './view.ts';
export { encodeValue } from '../runtime/args.ts';
export { EngineError, describeRuntimeError } from './errors.ts';
export type * from './types.ts';
