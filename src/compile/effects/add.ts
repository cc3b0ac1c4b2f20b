/** `add: {VARIABLE: AMOUNT, …}`: numbers added to number variables (a negative amount subtracts). */
import { compileAssign } from './assign.ts';
import type { EffectKind } from './kind.ts';

export const addKind: EffectKind<'add'> = {
  compile: (effect, { cx, path, locals }) => compileAssign(cx, effect.add, [...path, 'add'], locals, true),
  // Adding reads the variable too: nothing is written over.
  flow: (effect, f, walk) => {
    for (const [target, value] of Object.entries(effect.add)) {
      walk.read(f, value);
      walk.read(f, target);
    }
    return f;
  },
};
