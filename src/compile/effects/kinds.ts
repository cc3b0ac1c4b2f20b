/**
 * Every effect kind, by the key it is written with, in the schema's order. The table is typed
 * over the keys of `EffectForms` (spec/types.ts): a kind left out, or one the types do not
 * have, does not compile; tests/compile/effectKinds.test.ts holds the keys to the schema's.
 */
import type { EffectKey } from '../../spec/types.ts';
import { addKind } from './add.ts';
import { callKind } from './call.ts';
import { dealKind } from './deal.ts';
import { endGameKind } from './endGame.ts';
import { forEachKind } from './forEach.ts';
import { ifKind } from './if.ts';
import type { EffectKind } from './kind.ts';
import { letKind } from './let.ts';
import { logKind } from './log.ts';
import { moveKind } from './move.ts';
import { nextTurnKind } from './nextTurn.ts';
import { rollKind } from './roll.ts';
import { setKind } from './set.ts';
import { shuffleKind } from './shuffle.ts';
import { whileKind } from './while.ts';

export const EFFECT_KINDS: { readonly [K in EffectKey]: EffectKind<K> } = {
  set: setKind,
  add: addKind,
  let: letKind,
  move: moveKind,
  shuffle: shuffleKind,
  roll: rollKind,
  deal: dealKind,
  if: ifKind,
  forEach: forEachKind,
  while: whileKind,
  call: callKind,
  log: logKind,
  nextTurn: nextTurnKind,
  endGame: endGameKind,
};

const KEYS = Object.keys(EFFECT_KINDS) as EffectKey[];

/** The key of an effect's kind; undefined for one the language does not have. */
export const effectKey = (effect: object): EffectKey | undefined => KEYS.find((key) => key in effect);
