import { graphToDot, graphToMermaid } from '../../compile/graph.ts';
import { loadGame, VARIANT_OPTION, type Command } from '../command.ts';

export const graphCommand: Command = {
  name: 'graph',
  usage: 'graph <game-id> [--variant a,b] [--format json|dot|mermaid]',
  summary: 'print the compiled statechart',
  options: { variant: VARIANT_OPTION, format: { type: 'string', hint: 'json|dot|mermaid', help: 'output format (default json)' } },
  run: async ([target], values, io) => {
    const format = (values.format as string | undefined) ?? 'json';
    if (!['json', 'dot', 'mermaid'].includes(format)) {
      io.err(`--format must be json, dot or mermaid, not '${format}'`);
      return 1;
    }
    const game = loadGame(io, target, values);
    if (!game) return 1;
    if (format === 'json') io.out(JSON.stringify({ id: game.id, initial: game.spec.flow.initial, ...game.graph }, null, 2));
    else if (format === 'dot') io.out(graphToDot(game.graph, game.title));
    else io.out(graphToMermaid(game.graph, game.spec.flow.initial));
    return 0;
  },
};
