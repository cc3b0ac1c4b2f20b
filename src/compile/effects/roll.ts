/** `roll: DICE`: each die of a zone (or of a list of dice) shows a random face of its own. */
import { checkExpr } from '../../check/exprs.ts';
import type { Draft, Json, Piece } from '../../runtime/state.ts';
import { envOf } from '../../runtime/env.ts';
import { EffectError } from '../../errors.ts';
import { currentPiece, updatePieces, withField, withZone, zoneOf } from '../../runtime/ops.ts';
import { parseZoneRef } from '../targets.ts';
import { NOTHING, type EffectCompiler, type EffectKind } from './kind.ts';
import type { Rng } from '../../runtime/rng.ts';

/** A face given for the next rolled die (GameContext.rigged), which must be one of the die's. */
const riggedFace = (die: Piece, faces: readonly (number | string)[], face: Json): Json => {
  if (!faces.includes(face as number | string)) throw new EffectError(`a ${die.kind} has no face ${JSON.stringify(face)}`);
  return face;
};

/** The face `die` shows next: the next of the rigged faces while any is left (`rigged` of them used), else a random one. */
const nextFace = (cx: EffectCompiler, die: Piece, d: Draft, rigged: number, rng: Rng): Json => {
  const faces = cx.faces.get(die.kind);
  if (!faces) throw new EffectError(`cannot roll ${die.id}: a ${die.kind} has no faces`);
  return rigged < d.rigged.length ? riggedFace(die, faces, d.rigged[rigged] as Json) : (faces[rng.below(faces.length)] as Json);
};

export const rollKind: EffectKind<'roll'> = {
  compile: (effect, { cx, path: at, locals }) => {
    const source = effect.roll;
    const path = [...at, 'roll'];
    const isZone = /^\s*zones\./.test(source) && !/[()]/.test(source);
    const zone = isZone ? parseZoneRef(cx.checker, cx.spec, source, path, locals) : undefined;
    const list = isZone ? undefined : checkExpr(cx.checker, source, path, locals);
    if (!zone && !list) return NOTHING;
    return (d, vals, rng, work) => {
      const env = envOf(d, vals);
      let rigged = 0;
      if (zone) {
        // A die read from the zone is the current one, and there once: the zone's list is made anew.
        const ref = zone.resolve(env, work.meter);
        const dice = zoneOf(d, ref);
        const rolled = new Array<Piece>(dice.length);
        for (let i = 0; i < dice.length; i++) {
          const die = dice[i] as Piece;
          rolled[i] = withField(die, 'face', nextFace(cx, die, d, rigged, rng));
          if (rigged < d.rigged.length) rigged++;
        }
        withZone(d, ref, rolled);
      } else if (list) {
        // A die from an expression may be older than the one in its zone now, or listed twice.
        const rolled = new Map<string, Piece>();
        for (const die of list.run(env, work.meter) as unknown as Piece[]) {
          const face = nextFace(cx, die, d, rigged, rng);
          if (rigged < d.rigged.length) rigged++;
          const current = rolled.get(die.id) ?? currentPiece(d, die.id) ?? die;
          rolled.set(die.id, withField(current, 'face', face));
        }
        updatePieces(d, rolled);
      }
      if (rigged > 0) d.rigged = d.rigged.slice(rigged);
    };
  },
  // A whole zone rolled overwrites its faces (the last roll's are dead); some of its dice, read them.
  flow: (effect, f, walk) => {
    const zone = walk.wholeZone(effect.roll);
    if (zone === undefined) {
      walk.read(f, effect.roll);
      return f;
    }
    return walk.writeFaces(f, zone);
  },
};
