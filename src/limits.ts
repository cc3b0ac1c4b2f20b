/**
 * Every limit on the work a spec, a link or a command line may ask for, in one place, with its
 * default. Specs come from strangers: each limit turns a runaway request into a located message
 * instead of a frozen tab or a crashed process. docs/SECURITY.md lists them all (a test checks).
 */
/** The studio's compile worker's time, which the bots' worker's time includes. */
const COMPILE_MS = 10_000;

export const LIMITS = {
  /** Steps (calls of definitions and of functions given to builtins, list items walked) in one expression evaluation. */
  exprSteps: 1_000_000,
  /** List items and string characters allocated by one expression evaluation. */
  exprAllocation: 10_000_000,
  /** Items in one list an expression builds (`range`, `repeat`, `take`…). */
  listLength: 1_000_000,
  /** Nested definition calls in one evaluation (runaway recursion). */
  callDepth: 500,
  /** Depth of an expression's syntax tree (brackets, operators, calls). */
  exprNesting: 400,
  /** Pieces (dice and cards) a game may have. */
  pieces: 10_000,
  /** Nesting depth of a YAML document (mappings and lists inside each other). */
  yamlDepth: 200,
  /** Characters of one YAML file (a spec, a variant, a translation, a rulebook), checked before it is read. */
  yamlChars: 1_000_000,
  /** Values and list items of one YAML file (each scalar, alias, `[`, `{`, `-` and `?`), counted before it is read. */
  yamlValues: 100_000,
  /** Lines the `log` effects may write during one move and the automatic steps after it. */
  logLines: 10_000,
  /** Runs of one `while` effect when its `max` is not given. */
  whileDefault: 1_000,
  /** The largest `max` a `while` effect may give. */
  whileMax: 100_000,
  /** Effects run and loop rounds (`forEach` items, `while` runs, `deal` rounds) in one move with the automatic steps after it. */
  moveEffects: 1_000_000,
  /** Calculation steps of all the expressions one move evaluates, or one listing of a move's choices. */
  moveSteps: 20_000_000,
  /** Automatic transitions in a row before the flow is judged to loop. */
  autoTransitions: 1_000,
  /** Legal choices of one move's arguments that may be listed. */
  choices: 100_000,
  /** Items a `subsetOf` argument may choose among: every subset of them is a candidate (2^16). */
  subsetDomain: 16,
  /** Candidate choices tried (accepted or not by `where`) while listing one move's arguments. */
  choicesTried: 1_000_000,
  /** Combinations a scoring table's `cover` may try while reading one roll. */
  coverSteps: 200_000,
  /** Games one `simulate` command may play. */
  games: 1_000_000,
  /** Worker threads one `simulate` command may ask for (`--threads`). */
  threads: 256,
  /** Settings one `--sweep` may try: the values of one param, or the points of a grid of two. */
  sweepPoints: 400,
  /** Players a command line may ask for. */
  players: 1_000,
  /** Turns after which a simulated game is unfinished (`--max-turns`). */
  maxTurns: 1_000_000,
  /** MCTS/ISMCTS iterations per move (`--iterations`). */
  iterations: 1_000_000,
  /** MCTS/ISMCTS thinking time per move in milliseconds (`--time-ms`). */
  timeMs: 600_000,
  /** Decision states `analyze --max-states` may ask to explore. */
  analyzeStates: 10_000_000,
  /** Sweeps of value iteration `analyze --max-sweeps` may ask for (each one pass over every state). */
  analyzeSweeps: 1_000_000,
  /** Variants applied at once. */
  variants: 100,
  /** Characters of a share link's data read by the studio. */
  linkChars: 1_000_000,
  /** Bytes a share link's data may inflate to; decompression stops as soon as it passes them. */
  linkInflatedBytes: 4_000_000,
  /** Milliseconds the studio's compile worker may take on one spec before it is stopped and replaced. */
  compileMs: COMPILE_MS,
  /** Milliseconds of a worker compile above which the page does not compile the spec again to play it. */
  pageCompileMs: 3_000,
  /** Milliseconds the bots' worker may take for one job: compiling the rules if it has not yet (`compileMs`), then a bot's move or a hint. */
  botJobMs: COMPILE_MS + 10_000,
  /** Bot moves of one playtest game after which the bots pause: a flow that never ends must not spin forever. */
  botMoves: 5_000,
  /** Milliseconds the diagram's layout worker may take before the layout is abandoned and the worker replaced. */
  layoutMs: 8_000,
  /** Bytes of a request's body to the game server (a room's rules, edited text included). */
  requestBytes: 2_000_000,
  /** Bytes of one message on a room's socket: a longer one is refused with an error frame. */
  messageBytes: 65_536,
  /** Messages a socket may send per second, on average (twice as many in a burst). */
  messagesPerSecond: 20,
  /** Messages of one socket refused (malformed, too long, too frequent) before the server closes it. */
  socketStrikes: 20,
  /** Rooms one address may make per minute. */
  roomsPerMinute: 60,
  /** Milliseconds an engine worker may take for one event of a room, or to load a room from its events. */
  engineMs: 20_000,
} as const;

export type LimitName = keyof typeof LIMITS;

/** `1000000` as `1,000,000`, the way messages print limits. */
export const formatLimit = (n: number): string => n.toLocaleString('en-US');
