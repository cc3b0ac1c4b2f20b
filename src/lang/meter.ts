/**
 * The work of the evaluations charged to one owner: a move (`MoveWork`), the listing of a move's
 * choices (`ChoiceBudget`), a bot's decision, or one evaluation whose caller answers to no budget.
 * Expressions cannot loop, but a definition can recurse into exponential work (`fib(60)`) and a
 * fold can build quadratic lists: every outermost run on a meter gets a budget of steps and of
 * allocated items, shared with the runs nested inside it (a scoring table's expressions
 * evaluated by `cover`, which is handed the meter of the run that calls it).
 *
 * Handed to every run by its caller rather than kept in module state, so the steps an owner reads
 * are its own evaluations' and no other's (a bot deciding in the middle of a move, two games
 * played in turn by one thread).
 */
export class Meter {
  /** Runs under way: more than one when runs nest. */
  runs = 0;
  /** Steps of the outermost run under way. */
  steps = 0;
  /** List items and characters built by the outermost run under way. */
  allocated = 0;
  /** Definition calls under way, nested in one another. */
  depth = 0;
  /** Steps of the outermost runs finished. */
  finished = 0;

  /**
   * Calculation steps of every run on this meter so far, a running total: an owner that evaluates
   * many expressions (a move's effects, the listing of a move's choices) bounds their sum, since
   * each expression alone is bounded but loops repeat them.
   */
  spent(): number {
    return this.finished + (this.runs > 0 ? this.steps : 0);
  }
}
