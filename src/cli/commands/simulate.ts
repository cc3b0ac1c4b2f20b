/**
 * `houserules simulate`: the command line becomes a plan (simulate/plan.ts), the plan is played
 * (simulate/run.ts) and the outcome printed (simulate/print.ts). Loading the games and writing
 * the lines happen here, at the edges.
 */
import { availableParallelism } from 'node:os';
import { loadGame, PARAM_OPTION, LANG_OPTION, PLAYERS_OPTION, VARIANT_OPTION, type Command, type Io, type Values } from '../command.ts';
import { newGame } from '../../engine/index.ts';
import { plan, readRequest, type Games, type Plan } from './simulate/plan.ts';
import { print } from './simulate/print.ts';
import { run } from './simulate/run.ts';

/**
 * The --compare variant set, compiled: undefined without --compare, null (after saying why) when it
 * cannot be. It is loaded before the plan checks the first set's bots and options, so its problems
 * come first when both have some.
 */
const loadOther = (io: Io, target: string, values: Values, variants: readonly string[] | undefined): Games['other'] | null => {
  if (variants === undefined) return undefined;
  const game = loadGame(io, target, { ...values, variant: variants.join(',') });
  return game ? { game, variants } : null;
};

/**
 * Whether a game of the plan fails to start (a starting value that cannot be computed), said once
 * and located: such a spec fails every game alike, and the summary, which reads the seats at the
 * start, would then fail outside any game and be reported as an internal error.
 */
const startFails = (io: Io, p: Plan): boolean => {
  for (const table of [p.base, ...(p.mode === 'compare' ? [p.other] : [])]) {
    const start = newGame(table.game, { seed: p.seed, players: p.players });
    if (!start.ok) {
      io.err(start.error);
      return true;
    }
  }
  return false;
};

export const simulateCommand: Command = {
  name: 'simulate',
  engine: 'compiled',
  usage:
    "simulate <game-id> [--variant a,b] [--players n] [--games N] [--seed S] [--bot a,b] [--iterations N] [--report] [--compare c,d] [--sweep 'p=a..b:s'] [--coverage] [--threads N] [--lang xx] [--json]",
  summary: 'play N complete games with bots (random by default); --report gives the balance report',
  options: {
    variant: VARIANT_OPTION,
    param: PARAM_OPTION,
    lang: LANG_OPTION,
    players: PLAYERS_OPTION,
    games: { type: 'string', hint: 'N', help: 'number of games (default 100)' },
    seed: { type: 'string', hint: 'S', help: 'seed; the same seed gives the same games (default 1)' },
    'max-turns': { type: 'string', hint: 'T', help: 'a game still running after T turns is unfinished (default 1000)' },
    bot: {
      type: 'string',
      hint: 'a,b',
      help: "the bot of each seat, or one for all: random (a move, then its arguments), uniform (any legal move alike), greedy, mcts, ismcts, a bot the spec declares, or greedy/mcts/ismcts:NAME to use that bot's evaluation (default random)",
    },
    iterations: {
      type: 'string',
      hint: 'N',
      help: 'MCTS/ISMCTS iterations per move (default 150, or no limit with --time-ms): each plays a playout (see --rollout-turns), so a move costs about that many playouts; the README gives measured times (at the default, about a second a game for its example of search against random play on one thread)',
    },
    'time-ms': {
      type: 'string',
      hint: 'ms',
      help: 'MCTS/ISMCTS time per move in milliseconds; with --iterations a search stops at whichever comes first (the games are then no longer reproducible)',
    },
    'rollout-turns': {
      type: 'string',
      hint: 'T',
      help: "MCTS/ISMCTS playouts stop after T turns and the evaluation judges, or 'end': they play to the end of the game (or 200 moves). Default 1 (to the end of the turn a playout began in) for plain mcts/ismcts where the game's bots declare an evaluation and two or more seats play; 'end' for mcts:NAME/ismcts:NAME, whose strategy plays the playouts, where there is no evaluation, and with one seat (no random opponent in a playout)",
    },
    learning: {
      type: 'string',
      hint: 'a,b',
      help: "what MCTS/ISMCTS learn with as they search: mast (playouts play the moves that did best so far), features (with mast: the averages also learn each piece or value a move names, and judge a move never made by them), lean (with mast: of the moves never made, those with no list item to spare are tried first, then items are added to the moves that did well; a random move builds its lists item by item), frugal (where the rules only spend a list, the pieces given up from the seat's own zone and read nowhere else, only its minimal choices are weighed: no piece given beyond what is asked), decisive (playouts take a move that wins at once), antidecisive (playouts avoid a move that loses at once), widening (the tree grows a position's moves a few at a time, as a playout picks them: one never made first, then the best average), stepwise (the tree decides a move a step at a time: its name, then each argument, a list item by item, in or out), or 'none' for plain UCT with random playouts (default mast,frugal,antidecisive; each costs time: see docs/LANGUAGE.md, Bots)",
    },
    rotate: {
      type: 'boolean',
      help: "turn the bots one seat round the table each game, so every bot plays every seat (the report gives each bot's win rate)",
    },
    report: {
      type: 'boolean',
      help: "the balance report: win rates with 95% intervals, first-player advantage, ties, lengths, and the spec's metrics (mean, 95% interval, median)",
    },
    compare: {
      type: 'string',
      hint: 'c,d',
      help: "a second variant set ('none' for the base game) played on the same seeds, compared side by side (implies --report)",
    },
    sweep: {
      type: 'string',
      hint: 'p=a..b:s',
      help: "a balance report for each value of a param on the same seeds, e.g. 'entry=0..2000:100' or 'bumping=none|current|any'; two params separated by a comma make a grid",
    },
    coverage: {
      type: 'boolean',
      help: 'count what the games exercised: states entered, transitions taken or refused, guard clauses held or refused, effects run, moves made, rule ids; lists what was never reached and the house rules whose changes never fired',
    },
    threads: {
      type: 'string',
      hint: 'N',
      help: 'worker threads playing the games (default: every core, one per 25 random games at most; 1 plays them in this process)',
    },
    json: { type: 'boolean', help: 'print the report as JSON' },
  },
  run: async ([target], values, io) => {
    const read = readRequest(values);
    if ('errors' in read) {
      for (const error of read.errors) io.err(error);
      return 1;
    }
    const { request } = read;
    const game = loadGame(io, target, values);
    if (!game || target === undefined) return 1;
    const other = loadOther(io, target, values, request.compare);
    if (other === null) return 1;
    const planned = plan(request, { target, game, ...(other ? { other } : {}) }, availableParallelism());
    for (const note of planned.notes) io.err(note);
    if ('error' in planned) {
      io.err(planned.error);
      return 1;
    }
    if (startFails(io, planned.plan)) return 1;
    const outcome = await run(planned.plan, {
      progress: io.progress,
      compileWith: (params) => loadGame(io, target, { ...values, param: JSON.stringify(params) }),
    });
    if (!outcome) return 1;
    const printed = print(planned.plan, outcome);
    for (const line of printed.err) io.err(line);
    for (const line of printed.out) io.out(line);
    return printed.code;
  },
};
