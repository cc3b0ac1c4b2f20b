/** `set` and `add`: every value is computed first, then all are written, so order does not matter. */
import { typeEquals, type Env, type Meter } from '../../lang/index.ts';
import { checkExpr, report, typeOf, type CompiledExpr, type Locals } from '../../check/exprs.ts';
import type { DocPath } from '../../spec/diagnostics.ts';
import type { Draft, GameContext, Json, Piece } from '../../runtime/state.ts';
import { envOf, type LocalValues } from '../../runtime/env.ts';
import { EffectError } from '../../errors.ts';
import { checkOwner, currentPiece, release, updatePieces, withField, writeVar } from '../../runtime/ops.ts';
import type { EffectRun } from '../../runtime/table.ts';
import { parseVarTarget, type VarTarget } from '../targets.ts';
import { mayHoldTables, type EffectCompiler } from './kind.ts';

interface PieceWrite {
  readonly id: string;
  readonly name: string;
  readonly value: Json;
}

/**
 * The index of the seat or team a step writes (-1 for the game's and a piece's), resolved and
 * checked before anything is written, so no index reads another step's write.
 */
const ownerIndex = (d: Draft, target: VarTarget, env: Env, meter: Meter): number => {
  if (target.kind === 'game' || target.kind === 'piece') return -1;
  const index = target.kind === 'team' ? target.index(env, meter) : target.index === 'active' ? d.active : target.index(env, meter);
  checkOwner(d, target.kind === 'team' ? 'team' : 'seat', index);
  return index;
};

const pieceWrite = (target: VarTarget & { kind: 'piece' }, vals: LocalValues, value: Json): PieceWrite => {
  const local = vals[target.local] as Piece | undefined;
  if (!local || typeof local.id !== 'string') throw new EffectError(`'${target.local}' is not a piece`);
  return { id: local.id, name: target.name, value };
};

/** Piece fields written, each piece found as it is now by the zones' index. */
const writePieces = (d: Draft, writes: readonly PieceWrite[]): void => {
  if (writes.length === 0) return;
  const updated = new Map<string, Piece>();
  for (const w of writes) {
    const piece = updated.get(w.id) ?? currentPiece(d, w.id);
    if (!piece) throw new EffectError(`piece ${w.id} is in no zone`);
    updated.set(w.id, withField(piece, w.name, w.value));
  }
  updatePieces(d, updated);
};

const readVar = (ctx: GameContext, target: VarTarget, env: Env, meter: Meter, vals: LocalValues): Json => {
  switch (target.kind) {
    case 'game':
      return ctx.game[target.name] ?? null;
    case 'player':
      return ctx.players[target.index === 'active' ? ctx.active : target.index(env, meter)]?.[target.name] ?? null;
    case 'team':
      return ctx.teams[target.index(env, meter)]?.[target.name] ?? null;
    case 'piece':
      return (vals[target.local] as Piece | undefined)?.[target.name] ?? null;
  }
};

export const compileAssign = (
  cx: EffectCompiler,
  assignments: Record<string, string | number | boolean>,
  path: DocPath,
  locals: Locals,
  adding: boolean,
): EffectRun => {
  const steps: { key: string; target: VarTarget; value: CompiledExpr; holds: boolean }[] = [];
  for (const [key, source] of Object.entries(assignments)) {
    const target = parseVarTarget(cx.checker, cx.spec, key, [...path, key], locals);
    if (!target) continue;
    const expected = adding ? typeOf('number') : target.type;
    if (adding && !typeEquals(target.type, expected)) {
      report(cx.checker, 'type-mismatch', [...path, key], `'add' needs a number variable; '${key}' is not a number`);
      continue;
    }
    const value = checkExpr(cx.checker, source, [...path, key], locals, expected);
    if (value) steps.push({ key, target, value, holds: mayHoldTables(value.type) });
  }
  // Every run fills these before it reads them, and no run begins while one is under way (an
  // expression runs no effect): arrays made for each run were a tenth of what a move allocated.
  const values: Json[] = new Array(steps.length);
  const at: number[] = new Array(steps.length);
  const writesPieces = steps.some((s) => s.target.kind === 'piece');
  return (d, vals, _rng, work) => {
    const env = envOf(d, vals);
    for (let i = 0; i < steps.length; i++) {
      const s = steps[i] as (typeof steps)[number];
      const v = s.value.run(env, work.meter) as Json;
      // A table or list written to a variable must keep its values when the draft changes its own tables in place.
      if (s.holds) release(d, v);
      if (!adding) {
        values[i] = v;
        continue;
      }
      const sum = (readVar(d, s.target, env, work.meter, vals) as number) + (v as number);
      // Infinity would reach the state and print as null: an error at the effect instead.
      if (!Number.isFinite(sum)) throw new EffectError(`add: ${s.key} would be too large to be a number`);
      values[i] = sum;
    }
    for (let i = 0; i < steps.length; i++) at[i] = ownerIndex(d, (steps[i] as (typeof steps)[number]).target, env, work.meter);
    const pieces: PieceWrite[] | undefined = writesPieces ? [] : undefined;
    for (let i = 0; i < steps.length; i++) {
      const target = (steps[i] as (typeof steps)[number]).target;
      const value = values[i] as Json;
      if (target.kind === 'piece') pieces?.push(pieceWrite(target, vals, value));
      else writeVar(d, target.kind === 'player' ? 'seat' : target.kind, at[i] as number, target.name, value);
    }
    if (pieces) writePieces(d, pieces);
  };
};
