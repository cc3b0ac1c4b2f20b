import { analyze, DEFAULT_LIMITS, DEFAULT_MIN_REACH, UNTIL, type Analysis, type Until } from '../../analyze/index.ts';
import { percent, policyRules, reachCaption } from '../../analyze/table.ts';
import type { CompiledGame } from '../../compile/index.ts';
import { LIMITS } from '../../limits.ts';
import {
  intOption,
  loadGame,
  PARAM_OPTION,
  PLAYERS_OPTION,
  PLAYERS_RANGE,
  seedOf,
  VARIANT_OPTION,
  type Command,
  type Io,
  type Values,
} from '../command.ts';

const numberOption = (io: Io, values: Values, name: string, fallback: number): number | null => {
  const raw = values[name];
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (typeof raw !== 'string' || raw.trim() === '' || !Number.isFinite(n) || n <= 0 || n >= 1) {
    io.err(`--${name} must be a number between 0 and 1, e.g. 1e-9; got '${String(raw)}'`);
    return null;
  }
  return n;
};

const fixed = (v: number): string => (Math.abs(v) >= 100 ? v.toFixed(1) : v.toFixed(3));

const printAnalysis = (io: Io, game: CompiledGame, a: Analysis): void => {
  io.out(`${game.title}: Player ${a.seat + 1}'s turn, objective ${a.objective}`);
  io.out(`  expected   ${fixed(a.expected)}`);
  io.out(
    `  error      at most ${a.errorBound.toPrecision(2)} (branches less likely than ${a.epsilon} cut; under the worst choices ${percent(a.cutProbability)} of play reaches one)`,
  );
  io.out(`  states     ${a.states.toLocaleString('en')} decision states valued, ${a.steps.toLocaleString('en')} moves applied`);
  const table = { columns: a.columns, labels: a.labels, rows: a.policy };
  if (table.rows.length === 0) {
    io.out('  no decision with two moves or more is reached often enough to list');
    return;
  }
  io.out('');
  io.out('Best play, in short:');
  for (const line of policyRules(table)) io.out(`  ${line}`);
  io.out('');
  const header = [...table.labels, 'reach', 'best', 'alternatives'];
  const cells = table.rows.map((r) => [
    ...table.columns.map((c) => String(r.state[c] ?? '')),
    percent(r.reach),
    r.best + (r.mixed ? ' (mostly)' : ''),
    r.alternatives.map((alt) => `${alt.move} ${fixed(alt.value)}`).join(', '),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((row) => (row[i] ?? '').length)));
  const line = (row: readonly string[]): string => row.map((c, i) => (i === row.length - 1 ? c : c.padEnd(widths[i] ?? 0))).join('  ');
  io.out(`${reachCaption(DEFAULT_MIN_REACH)}:`);
  io.out(`  ${line(header)}`);
  for (const row of cells) io.out(`  ${line(row)}`);
};

export const analyzeCommand: Command = {
  name: 'analyze',
  engine: 'compiled',
  usage:
    "analyze <game-id> [--variant a,b] [--param json] --objective '<expression>' [--until turn] [--seed S] [--epsilon e] [--max-states N] [--max-sweeps N] [--json]",
  summary: "exact best play of one turn: expected value of an objective over every roll's outcomes, and the policy",
  options: {
    variant: VARIANT_OPTION,
    param: PARAM_OPTION,
    players: PLAYERS_OPTION,
    objective: {
      type: 'string',
      hint: 'expression',
      help: "the number to maximise, read when the turn is over, e.g. 'level(0)'; `seat` is the analysed seat",
    },
    until: { type: 'string', hint: 'turn', help: 'where the analysis stops: turn (the turn passes to another seat or the game ends)' },
    seed: { type: 'string', hint: 'S', help: 'seed of the starting state (a shuffled or dealt start), default 1' },
    epsilon: { type: 'string', hint: 'e', help: `branches reached with a smaller probability are cut (default ${DEFAULT_LIMITS.epsilon})` },
    'max-states': {
      type: 'string',
      hint: 'N',
      help: `stop past N decision states (default ${DEFAULT_LIMITS.maxStates.toLocaleString('en')})`,
    },
    'max-sweeps': {
      type: 'string',
      hint: 'N',
      help: `stop past N sweeps of value iteration, for a turn that comes back to where it was (default ${DEFAULT_LIMITS.maxSweeps.toLocaleString('en')})`,
    },
    json: { type: 'boolean', help: 'print {expected, errorBound, states, policy: [...]} as JSON' },
  },
  run: async ([target], values, io) => {
    if (typeof values.objective !== 'string') {
      io.err("give the number to maximise with --objective '<expression>', e.g. --objective 'level(0)'");
      return 1;
    }
    const until = typeof values.until === 'string' ? values.until : 'turn';
    if (!(UNTIL as readonly string[]).includes(until)) {
      io.err(`--until must be one of ${UNTIL.join(', ')}, not '${until}'`);
      return 1;
    }
    const epsilon = numberOption(io, values, 'epsilon', DEFAULT_LIMITS.epsilon);
    const players = intOption(io, values, 'players', undefined, PLAYERS_RANGE);
    const maxStates = intOption(io, values, 'max-states', undefined, { min: 1, max: LIMITS.analyzeStates });
    const maxSweeps = intOption(io, values, 'max-sweeps', undefined, { min: 1, max: LIMITS.analyzeSweeps });
    if (epsilon === null || players === null || maxStates === null || maxSweeps === null) return 1;
    const seeded = seedOf(typeof values.seed === 'string' ? values.seed : '1');
    if ('error' in seeded) {
      io.err(seeded.error);
      return 1;
    }
    const game = loadGame(io, target, values);
    if (!game) return 1;
    const result = analyze(game, {
      objective: values.objective,
      until: until as Until,
      epsilon,
      seed: seeded.seed,
      ...(players !== undefined ? { players } : {}),
      ...(maxStates !== undefined ? { maxStates } : {}),
      ...(maxSweeps !== undefined ? { maxSweeps } : {}),
    });
    if (!result.ok) {
      io.err(`${game.title}: ${result.error}`);
      return 1;
    }
    if (values.json) io.out(JSON.stringify(result.analysis, null, 2));
    else printAnalysis(io, game, result.analysis);
    return 0;
  },
};
