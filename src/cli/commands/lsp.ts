import { serveStdio } from '../../lsp/server.ts';
import type { Command } from '../command.ts';

export const lspCommand: Command = {
  name: 'lsp',
  usage: 'lsp --stdio',
  summary:
    "a language server for editors: diagnostics, quick fixes, hover, completion and go to definition in a game's and its variants' files",
  options: {
    stdio: { type: 'boolean', help: 'speak LSP over stdin and stdout (the only transport)' },
  },
  run: async (_positionals, values, io) => {
    if (!values.stdio) {
      io.err('houserules lsp speaks over stdin and stdout: run it as `houserules lsp --stdio` from an editor');
      return 1;
    }
    await serveStdio();
    return 0;
  },
};
