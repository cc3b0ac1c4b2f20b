import type { Command } from '../command.ts';
import { listGames } from '../catalog.ts';

export const listCommand: Command = {
  name: 'list',
  usage: 'list [--json]',
  summary: 'list the games and their variants',
  options: { json: { type: 'boolean', help: 'print JSON: {"games":[{id,title,file,variants:[…]}]}' } },
  run: async (_positionals, values, io) => {
    const games = listGames();
    if (values.json) {
      io.out(JSON.stringify({ games }, null, 2));
      return 0;
    }
    for (const g of games) {
      io.out(`${g.id.padEnd(24)} ${g.title}  (${g.file})`);
      for (const v of g.variants) io.out(`  --variant ${v.id.padEnd(22)} ${v.title}`);
    }
    return 0;
  },
};
