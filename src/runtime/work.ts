/**
 * The work done so far by one move: made with the move's draft (the stepper gives a move and the
 * automatic steps after it one draft; the XState machine one per action) and handed to every
 * effect run on that draft. Each expression alone is bounded by the language's budget and each
 * list by its length, but loops nest and repeat them: a `forEach` over a million items inside
 * another is 10^12 runs, a `deal` of a billion rounds goes on after its zone is empty. So every
 * effect and loop round counts, and so do the calculation steps of every expression evaluated
 * since the move began: each runs on the move's `meter`.
 *
 * Carried with the run rather than kept per draft: a count per draft in a WeakMap cost a move
 * about 6% of its time (the collector's work on the map's dead keys), and one count in module
 * state belonged to whichever draft had charged last.
 */
import { Meter } from '../lang/index.ts';
import { LIMITS, formatLimit } from '../limits.ts';
import { EffectError } from '../errors.ts';

const ROUNDS_MESSAGE = `this move ran more than ${formatLimit(LIMITS.moveEffects)} effects and loop rounds (the limit of work for one move)`;
const STEPS_MESSAGE = `this move's calculations took more than ${formatLimit(LIMITS.moveSteps)} steps (the limit of work for one move)`;

export class MoveWork {
  private rounds = 0;
  private readonly stepsAt: number;

  /** `meter` is a caller's that the move's work counts toward too (a bot's decision that tries moves); by default the move's own. */
  constructor(readonly meter: Meter = new Meter()) {
    this.stepsAt = meter.spent();
  }

  /** Counts one effect or loop round of the move; past a limit, an error (located at the effect by its caller). */
  charge(): void {
    if (++this.rounds > LIMITS.moveEffects) throw new EffectError(ROUNDS_MESSAGE, 'work-limit');
    if (this.meter.spent() - this.stepsAt > LIMITS.moveSteps) throw new EffectError(STEPS_MESSAGE, 'work-limit');
  }
}
