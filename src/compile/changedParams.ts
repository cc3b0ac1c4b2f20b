/** The params a compiled game plays with that differ from their defaults: what the house-rules sheet lists under its settings. */
import type { SheetParam } from '../rulebook/index.ts';
import type { CompiledGame } from './index.ts';

export const changedParams = (game: CompiledGame): SheetParam[] =>
  Object.entries(game.params).flatMap(([name, p]): SheetParam[] => {
    const value = game.paramValues[name];
    if (
      value === undefined ||
      value === p.default ||
      (typeof value !== 'boolean' && typeof value !== 'number' && typeof value !== 'string')
    )
      return [];
    return [{ title: p.title ?? name, value, default: p.default, rules: p.rules ?? [] }];
  });
