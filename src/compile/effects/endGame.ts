/** `endGame: {winners}`: the game ends with these seats winning (the first result written stands). */
import { checkExpr, typeOf } from '../../check/exprs.ts';
import { envOf } from '../../runtime/env.ts';
import { NOTHING, type EffectKind } from './kind.ts';

export const endGameKind: EffectKind<'endGame'> = {
  compile: (effect, { cx, path, locals }) => {
    const winners = checkExpr(cx.checker, effect.endGame.winners, [...path, 'endGame', 'winners'], locals, typeOf('list<number>'));
    if (!winners) return NOTHING;
    return (d, vals, _rng, work) => {
      if (d.result === null)
        d.result = { winners: [...new Set(winners.run(envOf(d, vals), work.meter) as number[])].sort((a, b) => a - b) };
    };
  },
  flow: (effect, f, walk) => {
    walk.read(f, effect.endGame);
    return walk.end(f);
  },
};
