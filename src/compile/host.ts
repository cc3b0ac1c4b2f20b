/**
 * Functions the compiler adds to the expression language for a spec: `cover` (the best reading
 * of a roll by a scoring table), the team helpers and `pieceName` (a piece as the display names
 * it). They know the spec, not any one game.
 */
import { HostCallError } from '../errors.ts';
import type { Env, HostFunction, Meter, Value } from '../lang/index.ts';
import type { GameSpec } from '../spec/types.ts';
import { typeOf, type CompiledExpr } from '../check/exprs.ts';
import { extendEnv } from '../runtime/env.ts';
import { coverWith, COVER_TYPE, type CompiledTable } from './scoring.ts';
import { teamAssignment } from '../runtime/teams.ts';

/** Filled once the tables are compiled: definitions and combos may refer to each other. */
export type ScoringTables = Map<string, CompiledTable>;

/** Filled once the display is compiled: how each kind of piece is named (`display.pieces`). */
export type PieceNamers = Map<string, CompiledExpr>;

/**
 * A piece's name: its kind's `display.pieces` expression, else a die's face, else its id. A name
 * that asks for itself (directly or through another kind's) is an error, not an endless loop.
 */
const namePiece = (namers: PieceNamers, naming: Set<string>, piece: Value, env: Env, meter: Meter): Value => {
  const p = piece as { id: string; kind: string; face?: Value };
  const namer = namers.get(p.kind);
  if (!namer) return p.face === undefined ? p.id : typeof p.face === 'string' ? p.face : String(p.face);
  if (naming.has(p.kind)) throw new HostCallError(`pieceName: the name of a '${p.kind}' (display.pieces) asks for itself`);
  naming.add(p.kind);
  try {
    return namer.run(extendEnv(env, { piece }), meter);
  } finally {
    naming.delete(p.kind);
  }
};

export const hostFunctions = (tables: ScoringTables, spec: GameSpec, namers: PieceNamers): HostFunction[] => {
  const tableNames = Object.keys(spec.scoring ?? {});
  const naming = new Set<string>();
  return [
    {
      name: 'cover',
      params: [typeOf('string'), typeOf('list<number>')],
      result: typeOf(COVER_TYPE),
      description: 'The best reading of a roll by a scoring table: cover(TABLE, faces) gives {points, used, unused, combos}.',
      check: ([table]) => {
        if (!table || table.literal === undefined) {
          const message = `cover's first argument must be a table name in quotes (${tableNames.join(', ') || 'no tables declared'})`;
          return { code: 'wrong-arguments', message };
        }
        if (typeof table.literal !== 'string' || !tableNames.includes(table.literal)) {
          const message = `there is no scoring table '${String(table.literal)}' (tables: ${tableNames.join(', ') || 'none'})`;
          return { code: 'unknown-name', message };
        }
        return undefined;
      },
      impl: ([table, roll], env: Env, meter: Meter): Value => {
        const compiled = tables.get(table as string);
        if (!compiled) throw new Error(`scoring table '${String(table)}' is not compiled`);
        return coverWith(compiled, roll as number[], env, meter) as unknown as Value;
      },
    },
    {
      name: 'teamOf',
      params: [typeOf('number')],
      result: typeOf('number'),
      description: 'The team index of a seat (-1 when the game has no teams).',
      impl: ([seat], env: Env): Value => teamAssignment(spec, env.numPlayers as number)[seat as number] ?? -1,
    },
    {
      name: 'pieceName',
      params: [typeOf('{id: string, kind: string}')],
      result: typeOf('string'),
      description:
        "A piece as players read it, in the log and the moves: the display's name for its kind (display.pieces), else a die's face, else its id.",
      impl: ([piece], env: Env, meter: Meter): Value => namePiece(namers, naming, piece as Value, env, meter),
    },
  ];
};
