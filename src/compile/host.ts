/**
 * Functions the compiler adds to the expression language for a spec: `cover` (the best reading
 * of a roll by a scoring table) and the team helpers. They know the spec, not any one game.
 */
import type { Env, HostFunction, Value } from '../lang/index.ts';
import type { GameSpec } from '../spec/types.ts';
import { typeOf } from '../check/exprs.ts';
import { coverWith, COVER_TYPE, type CompiledTable } from './scoring.ts';
import { teamAssignment } from '../runtime/teams.ts';

/** Filled once the tables are compiled: definitions and combos may refer to each other. */
export type ScoringTables = Map<string, CompiledTable>;

export const hostFunctions = (tables: ScoringTables, spec: GameSpec): HostFunction[] => {
  const tableNames = Object.keys(spec.scoring ?? {});
  return [
    {
      name: 'cover',
      params: [typeOf('string'), typeOf('list<number>')],
      result: typeOf(COVER_TYPE),
      description:
        'The best reading of a roll by a scoring table: cover(TABLE, faces) gives {points, used, unused, combos}.',
      check: ([table]) => {
        if (!table || table.literal === undefined) return `cover's first argument must be a table name in quotes (${tableNames.join(', ') || 'no tables declared'})`;
        if (typeof table.literal !== 'string' || !tableNames.includes(table.literal)) {
          return `there is no scoring table '${String(table.literal)}' (tables: ${tableNames.join(', ') || 'none'})`;
        }
        return undefined;
      },
      impl: ([table, roll], env: Env): Value => {
        const compiled = tables.get(table as string);
        if (!compiled) throw new Error(`scoring table '${String(table)}' is not compiled`);
        return coverWith(compiled, roll as number[], env) as unknown as Value;
      },
    },
    {
      name: 'teamOf',
      params: [typeOf('number')],
      result: typeOf('number'),
      description: 'The team index of a seat (-1 when the game has no teams).',
      impl: ([seat], env: Env): Value => teamAssignment(spec, env.numPlayers as number)[seat as number] ?? -1,
    },
  ];
};
