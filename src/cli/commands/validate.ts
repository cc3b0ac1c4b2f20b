import { compileGame } from '../../compile/index.ts';
import { resolveGame } from '../catalog.ts';
import { printDiagnostics, VARIANT_OPTION, variantList, type Command } from '../command.ts';

export const validateCommand: Command = {
  name: 'validate',
  usage: 'validate <game-id|file> [--variant a,b]',
  summary: 'check a spec (and variants): exit 0 when valid, else one file:line:col line per problem',
  options: { variant: VARIANT_OPTION },
  run: async ([target], values, io) => {
    if (!target) {
      io.err('name a game id or a spec file');
      return 1;
    }
    const resolved = resolveGame(target, variantList(values));
    if ('error' in resolved) {
      io.err(resolved.error);
      return 1;
    }
    const { game, diagnostics } = compileGame({ base: resolved.base, variants: resolved.variants });
    printDiagnostics(io, diagnostics);
    if (!game) return 1;
    io.out(`${resolved.base.file}: valid${resolved.variants.length ? ` with ${variantList(values).join(', ')}` : ''}`);
    return 0;
  },
};
