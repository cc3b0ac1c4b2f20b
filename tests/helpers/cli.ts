/** Runs the CLI in-process with captured output, as a shell would see it. */
import { main } from '../../src/cli/main.ts';
import type { Io } from '../../src/cli/command.ts';

export const runCli = async (argv: string[]): Promise<{ code: number; out: string; err: string }> => {
  const out: string[] = [];
  const err: string[] = [];
  const io: Io = { out: (t) => out.push(t), err: (t) => err.push(t), readStdin: async () => '' };
  const code = await main(argv, io);
  return { code, out: out.join('\n'), err: err.join('\n') };
};
