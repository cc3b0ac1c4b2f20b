/** The engine's public API: pure functions over serialisable game states. */
export {
  newGame,
  legalMoves,
  legalMovesWithEvents,
  applyLegal,
  step,
  replay,
  rig,
  actingSeats,
  activeStates,
  isOver,
  workingOf,
  stateOf,
  legalMovesOf,
  applyInPlace,
  type LegalMove,
  type MinimalArgs,
  type NewGameOptions,
} from './play.ts';
export { newGameByMachine, stepByMachine, legalMovesByMachine } from './statechart.ts';
export { cloneWorking, type Working } from '../runtime/stepper.ts';
export { viewOf, knownOf } from './view.ts';
export { encodeValue } from '../runtime/args.ts';
export { moveOptions, whyNot, rulesCited, type MoveOption, type Refusal } from './whyNot.ts';
export { describeRuntimeError } from './errors.ts';
export { logText, readsLine } from '../runtime/state.ts';
export { everyPiece } from '../runtime/everyPiece.ts';
export type * from './types.ts';
