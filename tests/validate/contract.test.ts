/**
 * The schema must accept exactly the shape of src/spec/types.ts. These tests tie the two: every
 * interface's fields are listed here under a type check that fails to compile when the list and
 * the interface differ, and each list is compared with the schema's properties at run time. A
 * typed spec using every field must validate.
 */
import { stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import type * as T from '../../src/spec/types.ts';
import { gameSchema, validateSpec } from '../../src/validate/index.ts';
import { parseOk } from './helpers.ts';
import { KITCHEN_SINK } from './kitchenSink.ts';

type Node = Record<string, unknown>;

/** Compiles only when `K` lists every key of `T`, and nothing else. */
type Exactly<T, K extends readonly PropertyKey[]> = [Exclude<keyof T, K[number]>, Exclude<K[number], keyof T>] extends [never, never]
  ? K
  : never;
const fields =
  <T>() =>
  <const K extends readonly (keyof T & string)[]>(keys: K & Exactly<T, K>): string[] =>
    [...keys].sort();

/** Compiles only when `K` lists every member of the string union `U`. */
const members =
  <U extends string>() =>
  <const K extends readonly U[]>(values: K & ([Exclude<U, K[number]>] extends [never] ? unknown : never)): string[] =>
    [...values].sort();

const definitions = gameSchema.definitions as Record<string, Node>;
const def = (name: string): Node => {
  const found = definitions[name];
  if (!found) throw new Error(`no definition ${name}`);
  return found;
};
const propsOf = (schema: Node): string[] => Object.keys(schema.properties as Node).sort();
const branch = (union: string, index: number): Node => ((def(union).oneOf as Node[])[index] ?? {}) as Node;
const prop = (schema: Node, name: string): Node => (schema.properties as Record<string, Node>)[name] ?? {};
const enumOf = (schema: Node): string[] => [...((schema.enum as string[] | undefined) ?? [])].sort();

/** The fields of one kind of effect, besides the `id` every effect may carry. */
type EffectOf<K extends string> = Omit<Extract<T.Effect, Record<K, unknown>>, 'id'>;

describe('the schema has the fields of src/spec/types.ts', () => {
  it('top level and simple parts', () => {
    expect(propsOf(gameSchema as Node)).toEqual(
      fields<T.GameSpec>()([
        'houserules',
        'id',
        'title',
        'description',
        'players',
        'teams',
        'params',
        'components',
        'zones',
        'vars',
        'definitions',
        'scoring',
        'turns',
        'moves',
        'procedures',
        'flow',
        'bots',
        'metrics',
        'display',
      ]),
    );
    expect(propsOf(def('players'))).toEqual(fields<T.PlayersSpec>()(['min', 'max', 'default']));
    expect(propsOf(def('teams'))).toEqual(fields<T.TeamsSpec>()(['ids', 'assign', 'titles']));
    expect(enumOf(prop(def('teams'), 'assign'))).toEqual(members<NonNullable<T.TeamsSpec['assign']>>()(['alternate', 'split']));
    expect(propsOf(def('components'))).toEqual(fields<T.ComponentsSpec>()(['dice', 'cards']));
    expect(propsOf(def('die'))).toEqual(fields<T.DieSpec>()(['description', 'faces', 'count', 'start', 'props']));
    expect(propsOf(def('cardSet'))).toEqual(
      fields<T.CardSetSpec>()(['description', 'attributes', 'list', 'product', 'derive', 'where', 'copies', 'start', 'props']),
    );
    expect(propsOf(def('zone'))).toEqual(
      fields<T.ZoneSpec>()(['description', 'owner', 'holds', 'ordered', 'visibility', 'knownAttributes', 'knownContents']),
    );
    expect(enumOf(prop(def('zone'), 'owner'))).toEqual(members<T.ZoneOwner>()(['game', 'player', 'team']));
    expect(enumOf(prop(def('zone'), 'visibility'))).toEqual(members<T.Visibility>()(['public', 'owner', 'hidden', 'top']));
    expect(enumOf((def('acknowledge').items ?? {}) as Node)).toEqual(
      members<T.WarningKind>()(['loop', 'unreachable', 'unoffered', 'unused']),
    );
    expect(enumOf(def('varType'))).toEqual(
      members<T.VarType>()(['number', 'bool', 'string', 'list<number>', 'list<string>', 'list<bool>']),
    );
    expect(propsOf(def('var'))).toEqual(fields<T.VarSpec>()(['type', 'initial', 'description']));
    expect(propsOf(def('vars'))).toEqual(fields<T.VarsSpec>()(['game', 'player', 'team']));
    expect(propsOf(def('definition'))).toEqual(fields<T.DefinitionSpec>()(['description', 'params', 'returns', 'body']));
    expect(propsOf(def('procedure'))).toEqual(fields<T.ProcedureSpec>()(['description', 'acknowledge', 'params', 'effects']));
    expect(propsOf(def('scoringTable'))).toEqual(fields<T.ScoringTableSpec>()(['description', 'combos']));
    expect(propsOf(def('combo'))).toEqual(fields<T.ComboSpec>()(['description', 'same', 'groups', 'run', 'faces', 'when', 'points']));
    expect(propsOf(def('turns'))).toEqual(fields<T.TurnsSpec>()(['first', 'next']));
    expect(propsOf(def('guardClause'))).toEqual(fields<T.GuardClause>()(['id', 'test', 'reason', 'rules']));
    expect(propsOf(def('move'))).toEqual(
      fields<T.MoveSpec>()(['title', 'description', 'rules', 'acknowledge', 'by', 'args', 'guard', 'effects']),
    );
    expect(propsOf(def('flow'))).toEqual(fields<T.FlowSpec>()(['initial', 'states']));
    expect(propsOf(def('state'))).toEqual(
      fields<T.StateSpec>()(['description', 'rules', 'acknowledge', 'entry', 'exit', 'initial', 'states', 'always', 'on', 'final']),
    );
    expect(propsOf(def('transition'))).toEqual(
      fields<T.TransitionSpec>()(['id', 'description', 'rules', 'acknowledge', 'target', 'guard', 'effects', 'reenter']),
    );
    expect(propsOf(def('bot'))).toEqual(fields<T.BotSpec>()(['description', 'consider', 'prefer', 'evaluate']));
    expect(propsOf((prop(def('bot'), 'consider').items ?? {}) as Node)).toEqual(fields<T.ConsiderSpec>()(['move', 'when', 'minimal']));
    expect(propsOf((prop(def('bot'), 'prefer').items ?? {}) as Node)).toEqual(fields<T.PreferenceSpec>()(['move', 'when', 'score']));
    expect(propsOf(def('metric'))).toEqual(
      fields<T.MetricSpec>()(['title', 'description', 'value', 'when', 'per', 'combine', 'format', 'digits', 'unit', 'rules']),
    );
    expect(enumOf(prop(def('metric'), 'per'))).toEqual(members<NonNullable<T.MetricSpec['per']>>()(['game', 'turn']));
    expect(enumOf(prop(def('metric'), 'combine'))).toEqual(
      members<NonNullable<T.MetricSpec['combine']>>()(['mean', 'sum', 'min', 'max', 'last']),
    );
    expect(enumOf(prop(def('metric'), 'format'))).toEqual(members<NonNullable<T.MetricSpec['format']>>()(['number', 'percent']));
    expect(propsOf(def('display'))).toEqual(
      fields<T.DisplaySpec>()(['seat', 'team', 'score', 'vars', 'pieces', 'props', 'zones', 'moves']),
    );
    expect(propsOf(def('displayVar'))).toEqual(fields<T.DisplayVarSpec>()(['label', 'format', 'when']));
  });

  it('params: one branch per kind', () => {
    expect(propsOf(branch('param', 0))).toEqual(
      fields<T.NumberParamSpec>()(['type', 'description', 'title', 'rules', 'default', 'min', 'max', 'step']),
    );
    expect(propsOf(branch('param', 1))).toEqual(fields<T.BoolParamSpec>()(['type', 'description', 'title', 'rules', 'default']));
    expect(propsOf(branch('param', 2))).toEqual(
      fields<T.ChoiceParamSpec>()(['type', 'description', 'title', 'rules', 'default', 'choices']),
    );
    expect((def('param').oneOf as Node[]).map((b) => prop(b, 'type').const)).toEqual(['number', 'bool', 'choice']);
  });

  it('args: one branch per kind', () => {
    expect(propsOf(branch('arg', 0))).toEqual(fields<T.OneOfArgSpec>()(['oneOf', 'title', 'where']));
    expect(propsOf(branch('arg', 1))).toEqual(fields<T.SubsetArgSpec>()(['subsetOf', 'min', 'max', 'title', 'where']));
    expect(propsOf(branch('arg', 2))).toEqual(fields<T.AssignArgSpec>()(['assign', 'title', 'where']));
    expect(propsOf(prop(branch('arg', 2), 'assign'))).toEqual(fields<T.AssignArgSpec['assign']>()(['from', 'to']));
  });

  it('effects: one branch per kind, in the order of the Effect union', () => {
    const effects = def('effect').oneOf as Node[];
    // Typed over the effect keys: a kind of spec/types.ts left out here does not compile.
    const expected: { readonly [K in T.EffectKey]: string[] } = {
      set: fields<EffectOf<'set'>>()(['set']),
      add: fields<EffectOf<'add'>>()(['add']),
      let: fields<EffectOf<'let'>>()(['let']),
      move: fields<EffectOf<'move'>>()(['move']),
      shuffle: fields<EffectOf<'shuffle'>>()(['shuffle']),
      roll: fields<EffectOf<'roll'>>()(['roll']),
      deal: fields<EffectOf<'deal'>>()(['deal']),
      if: fields<EffectOf<'if'>>()(['if', 'then', 'else']),
      forEach: fields<EffectOf<'forEach'>>()(['forEach']),
      while: fields<EffectOf<'while'>>()(['while', 'do', 'max']),
      call: fields<EffectOf<'call'>>()(['call', 'with']),
      log: fields<EffectOf<'log'>>()(['log', 'to']),
      nextTurn: fields<EffectOf<'nextTurn'>>()(['nextTurn']),
      endGame: fields<EffectOf<'endGame'>>()(['endGame']),
    };
    expect(effects.map((b) => (b.required as string[])[0])).toEqual(Object.keys(expected));
    for (const b of effects) expect(propsOf(b).filter((k) => k !== 'id')).toEqual(expected[(b.required as string[])[0] as T.EffectKey]);
    for (const b of effects) expect(propsOf(b)).toContain(fields<Pick<T.Effect, 'id'>>()(['id'])[0]);
    expect(propsOf(def('moveEffect'))).toEqual(fields<T.MoveEffect>()(['from', 'to', 'pieces', 'count', 'take', 'put']));
    expect(enumOf(prop(def('moveEffect'), 'take'))).toEqual(members<NonNullable<T.MoveEffect['take']>>()(['top', 'bottom', 'random']));
    expect(enumOf(prop(def('moveEffect'), 'put'))).toEqual(members<NonNullable<T.MoveEffect['put']>>()(['top', 'bottom']));
    expect(propsOf(def('dealEffect'))).toEqual(fields<T.DealEffect>()(['from', 'to', 'count']));
    expect(propsOf(prop(effects[8] ?? {}, 'forEach'))).toEqual(fields<EffectOf<'forEach'>['forEach']>()(['var', 'in', 'do']));
    expect(propsOf(prop(effects[12] ?? {}, 'nextTurn'))).toEqual(fields<NonNullable<EffectOf<'nextTurn'>['nextTurn']>>()(['seat']));
    expect(propsOf(prop(effects[13] ?? {}, 'endGame'))).toEqual(fields<EffectOf<'endGame'>['endGame']>()(['winners']));
  });
});

describe('a spec typed as GameSpec validates', () => {
  it('accepts a spec that uses every field and every form', () => {
    const doc = parseOk(stringify(KITCHEN_SINK));
    expect(validateSpec(doc)).toEqual([]);
    expect(doc.value).toEqual(KITCHEN_SINK);
  });
});
