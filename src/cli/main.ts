/**
 * `houserules <command>`: list, validate, eval, simulate, replay, graph, why, rules, serve, lsp. Every problem is one line
 * (`file:line:col: message` for spec problems) and exit code 1, never a stack trace.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { listCommand } from './commands/list.ts';
import { validateCommand } from './commands/validate.ts';
import { fixCommand } from './commands/fix.ts';
import { evalCommand } from './commands/eval.ts';
import { simulateCommand } from './commands/simulate.ts';
import { replayCommand } from './commands/replay.ts';
import { graphCommand } from './commands/graph.ts';
import { analyzeCommand } from './commands/analyze.ts';
import { diffCommand } from './commands/diff.ts';
import { whyCommand } from './commands/why.ts';
import { serveCommand } from './commands/serve.ts';
import { rulesCommand } from './commands/rules.ts';
import { lspCommand } from './commands/lsp.ts';
import type { Command, Io } from './command.ts';
import { ENGINES, engineReport, isEngine } from '../lang/index.ts';
import { selectEngine } from '../lang/emit/select.ts';

const COMMANDS: readonly Command[] = [
  listCommand,
  validateCommand,
  fixCommand,
  evalCommand,
  simulateCommand,
  replayCommand,
  graphCommand,
  analyzeCommand,
  diffCommand,
  whyCommand,
  rulesCommand,
  serveCommand,
  lspCommand,
];

const usage = (): string =>
  [
    'houserules — games and house rules as YAML, compiled to statecharts.',
    '',
    'Usage: houserules <command> [options]   (houserules <command> --help for its options)',
    '',
    ...COMMANDS.map((c) => `  ${c.name.padEnd(10)} ${c.summary}`),
  ].join('\n');

/** `--engine`, which every command takes: which tier runs the rules' expressions. */
const engineHelp = (c: Command): string =>
  `${'  --engine <name>'.padEnd(28)}what runs the rules' expressions: compiled (JavaScript generated from the checked rules) or interpreter; default ${c.engine ?? 'interpreter'}`;

const commandHelp = (c: Command): string => {
  const options = Object.entries(c.options).map(
    ([name, o]) => `  --${name}${o.type === 'string' ? ` <${o.hint ?? 'value'}>` : ''}`.padEnd(28) + o.help,
  );
  return [
    `Usage: houserules ${c.usage}`,
    '',
    c.summary,
    '',
    'Options:',
    ...options,
    engineHelp(c),
    `${'  --help'.padEnd(28)}show this help`,
  ].join('\n');
};

/** `houserules list | head` closes our output early: that is the reader's choice, not an error. */
const quietOnClosedPipe = (): void => {
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
    throw error;
  });
};

const nodeIo = (): Io => {
  quietOnClosedPipe();
  return {
    out: (text) => process.stdout.write(`${text}\n`),
    err: (text) => process.stderr.write(`${text}\n`),
    progress: process.stderr.isTTY ? (text) => process.stderr.write(`\r${text}`) : undefined,
    readStdin: async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    },
  };
};

/**
 * `--games -5` reads to node as an option followed by another option; `--games=-5` does not. A
 * value option's next word is its value, so the option's own check can say what is wrong with it.
 */
const attachValues = (args: readonly string[], command: Command): string[] => {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    const next = args[i + 1];
    const option = arg.startsWith('--') && !arg.includes('=') ? command.options[arg.slice(2)] : undefined;
    if (option?.type === 'string' && next !== undefined && next.startsWith('-') && Object.hasOwn(command.options, arg.slice(2))) {
      out.push(`${arg}=${next}`);
      i++;
    } else out.push(arg);
  }
  return out;
};

export const main = async (argv: readonly string[], io: Io = nodeIo()): Promise<number> => {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.out(usage());
    return name === undefined ? 1 : 0;
  }
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) {
    io.err(`houserules: unknown command '${name}'\n\n${usage()}`);
    return 1;
  }
  const options: ParseArgsConfig['options'] = { help: { type: 'boolean' }, engine: { type: 'string' } };
  for (const [key, o] of Object.entries(command.options)) options[key] = { type: o.type };
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args: attachValues(rest, command), options, allowPositionals: true, strict: true });
  } catch (error) {
    io.err(`houserules ${name}: ${(error as Error).message} (see houserules ${name} --help)`);
    return 1;
  }
  if (parsed.values.help) {
    io.out(commandHelp(command));
    return 0;
  }
  const { engine = command.engine ?? 'interpreter', ...values } = parsed.values;
  if (typeof engine !== 'string' || !isEngine(engine)) {
    io.err(`houserules ${name}: --engine must be one of ${ENGINES.join(', ')}, not '${String(engine)}'`);
    return 1;
  }
  selectEngine(engine);
  try {
    const code = await command.run(parsed.positionals, values as Record<string, string | boolean | undefined>, io);
    const { fallbacks, reason } = engineReport();
    if (fallbacks > 0) io.err(`houserules ${name}: internal error: ${fallbacks} expression(s) ran on the interpreter instead (${reason})`);
    return code;
  } catch (error) {
    io.err(`houserules ${name}: internal error: ${(error as Error).message}`);
    return 2;
  }
};
