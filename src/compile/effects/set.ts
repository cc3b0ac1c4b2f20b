/** `set: {VARIABLE: EXPR, …}`: variables given new values. */
import { compileAssign } from './assign.ts';
import type { EffectKind } from './kind.ts';

const GAME_VAR = /^game\.([A-Za-z_]\w*)$/;

export const setKind: EffectKind<'set'> = {
  compile: (effect, { cx, path, locals }) => compileAssign(cx, effect.set, [...path, 'set'], locals, false),
  // Only a plain game variable counts as written; a player's or a piece's may be any of several.
  flow: (effect, f, walk) => {
    for (const [target, value] of Object.entries(effect.set)) {
      walk.read(f, value);
      walk.read(f, target.replace(/^[^[]*/, ''));
    }
    let out = f;
    for (const target of Object.keys(effect.set)) {
      const name = GAME_VAR.exec(target.trim())?.[1];
      if (name !== undefined) out = walk.writeGame(out, name);
    }
    return out;
  },
};
