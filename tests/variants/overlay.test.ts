/**
 * Overlay semantics on a game of its own (tests/fixtures/overlay/game.yaml, Pig), whose guards are
 * single expressions and whose effects and transitions carry no ids: explicit list operations,
 * derived keys, targets that must exist (with did-you-mean), new keys declared with +, guards that
 * compose, param values checked, and every part of a spec patchable.
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileGame, type CompiledGame } from '../../src/compile/index.ts';
import { newGame, rig, step } from '../../src/engine/index.ts';
import { formatDiagnostic } from '../../src/spec/diagnostics.ts';
import { itemKeys, type Plain } from '../../src/variants/merge.ts';

const ROOT = join(import.meta.dirname, '../..');
const GAME = join(ROOT, 'tests/fixtures/overlay/game.yaml');
const base = { file: relative(ROOT, GAME), text: readFileSync(GAME, 'utf8') };

const HEAD = 'game: pig\ntitle: A test rule\ndescription: For the tests.\n';
/** Variant texts written inline: `body` starts at line 5 of the file (after the header lines). */
const variant = (id: string, body: string) => ({ file: `v/${id}.yaml`, text: `variant: ${id}\n${HEAD}${body}` });

const build = (...variants: { file: string; text: string }[]): { game: CompiledGame | undefined; errors: string[] } => {
  const { game, diagnostics } = compileGame({ base, variants });
  return { game, errors: diagnostics.filter((d) => d.severity === 'error').map(formatDiagnostic) };
};

const ok = (...variants: { file: string; text: string }[]): CompiledGame => {
  const { game, errors } = build(...variants);
  expect(errors).toEqual([]);
  return game as CompiledGame;
};

const started = (game: CompiledGame, faces: number[] = []) => {
  const s = newGame(game, { players: 2, seed: 3 });
  if (!s.ok) throw new Error(s.error);
  return rig(s.state, faces);
};

describe('derived keys: items without an id are named by kind and number', () => {
  it('effects by keyword, guard clauses, transitions and preferences by their list', () => {
    const effects: Plain[] = [{ roll: 'x' }, { add: {} }, { id: 'named', add: {} }, { add: {} }, { if: 'c', then: [] }];
    expect(itemKeys(effects, ['moves', 'roll', 'effects'])).toEqual(['roll#1', 'add#1', 'named', 'add#2', 'if#1']);
    expect(
      itemKeys(
        [
          { test: 'a', reason: '' },
          { test: 'b', reason: '' },
        ],
        ['moves', 'bank', 'guard'],
      ),
    ).toEqual(['clause#1', 'clause#2']);
    expect(itemKeys([{ target: 'a' }, { id: 't', target: 'b' }, { target: 'c' }], ['flow', 'states', 'rolled', 'always'])).toEqual([
      'transition#1',
      't',
      'transition#2',
    ]);
    expect(itemKeys([{ target: 'a' }], ['flow', 'states', 'play', 'on', 'roll'])).toEqual(['transition#1']);
    expect(itemKeys([{ move: 'bank' }, { move: 'roll' }], ['bots', 'careful', 'prefer'])).toEqual(['prefer#1', 'prefer#2']);
  });
});

describe('explicit list operations (issue 13, item 1)', () => {
  it('a list given as a plain list is refused, naming the list and its items; $replace replaces it', () => {
    expect(build(variant('plain', 'patch:\n  moves:\n    roll:\n      effects:\n        - log: "rolled"\n')).errors).toEqual([
      "v/plain.yaml:9:11: error: variant 'plain': an item of moves.roll.effects must name the item it changes (id: or $item:) or say where a new one goes ($append: true, $prepend: true, $before: KEY, $after: KEY); items: roll#1, add#1, add#2",
    ]);
    const game = ok(
      variant(
        'replaced',
        'patch:\n  moves:\n    bank:\n      effects:\n        $replace:\n          - call: bankPoints\n          - log: "banked"\n',
      ),
    );
    expect(game.spec.moves?.bank?.effects).toEqual([{ call: 'bankPoints' }, { log: 'banked' }]);
  });

  it('append, prepend, before, after and remove, by derived key', () => {
    const game = ok(
      variant(
        'ops',
        [
          'patch:',
          '  moves:',
          '    roll:',
          '      effects:',
          '        - $prepend: true',
          '          log: "first"',
          '        - $after: add#1',
          '          log: "after the count"',
          '        - $before: add#2',
          '          id: beforePoints',
          '          log: "before the points"',
          '        - $append: true',
          '          log: "last"',
          '        - $item: add#1',
          '          $remove: true',
          '',
        ].join('\n'),
      ),
    );
    expect(game.spec.moves?.roll?.effects).toEqual([
      { log: 'first' },
      { roll: 'zones.cup' },
      { log: 'after the count' },
      { id: 'beforePoints', log: 'before the points' },
      { add: { 'game.turnPoints': "cover('pips', map(zones.cup, d => d.face)).points" } },
      { log: 'last' },
    ]);
  });

  it('an item without an id is merged into, or replaced, by its derived key', () => {
    const game = ok(
      variant(
        'merge',
        'patch:\n  flow:\n    states:\n      turn:\n        states:\n          rolled:\n            always:\n              - $item: transition#1\n                effects:\n                  - $append: true\n                    log: "a one"\n              - $item: transition#2\n                $replace: true\n                target: play\n                description: keep rolling\n',
      ),
    );
    expect(game.spec.flow.states.turn?.states?.rolled?.always).toEqual([
      { guard: 'face() == 1', target: 'turnOver', effects: [{ set: { 'game.turnPoints': 0 } }, { log: 'a one' }] },
      { target: 'play', description: 'keep rolling' },
    ]);
  });

  it('lists of values take $append, $prepend and $remove; a plain list of values is refused', () => {
    const game = ok(variant('rules', 'patch:\n  moves:\n    roll:\n      rules: { $append: [P-9], $prepend: [P-0], $remove: [P-1] }\n'));
    expect(game.spec.moves?.roll?.rules).toEqual(['P-0', 'P-9']);
    expect(build(variant('plain-rules', 'patch:\n  moves:\n    roll:\n      rules: [P-9]\n')).errors).toEqual([
      "v/plain-rules.yaml:8:7: error: variant 'plain-rules': a list of values at moves.roll.rules is changed with {$append: [..]}, {$prepend: [..]} or {$remove: [..]}, or replaced with {$replace: [..]}",
    ]);
    expect(build(variant('remove-rule', 'patch:\n  moves:\n    roll:\n      rules: { $remove: [P-2] }\n')).errors).toEqual([
      "v/remove-rule.yaml:8:26: error: variant 'remove-rule': removes \"P-2\" from moves.roll.rules, which does not hold it — did you mean 'P-1'?",
    ]);
  });

  it('a change of shape needs $replace', () => {
    expect(
      build(
        variant(
          'shape',
          'patch:\n  flow:\n    states:\n      turn:\n        states:\n          play:\n            on:\n              bank: { target: turnOver }\n',
        ),
      ).errors,
    ).toEqual([
      "v/shape.yaml:12:15: error: variant 'shape': replaces a string at flow.states.turn.states.play.on.bank with a mapping: write {$replace: ...} to replace it",
    ]);
  });
});

describe('every patch target must exist unless declared new (item 2)', () => {
  const errors = (id: string, body: string): string[] => build(variant(id, body)).errors;

  it('a misspelled state, move, var, param or key: an error at its line with the real name', () => {
    expect(
      errors('state', 'patch:\n  flow:\n    states:\n      turn:\n        states:\n          plya:\n            on: { roll: play }\n'),
    ).toEqual([
      "v/state.yaml:10:11: error: variant 'state': there is no 'plya' in flow.states.turn.states — did you mean 'play'? (a new key is declared with a +: '+plya')",
    ]);
    expect(errors('move', 'patch:\n  moves:\n    bnak:\n      title: Bank it\n')).toEqual([
      "v/move.yaml:7:5: error: variant 'move': there is no 'bnak' in moves — did you mean 'bank'? (a new key is declared with a +: '+bnak')",
    ]);
    expect(errors('var', 'patch:\n  vars:\n    game:\n      turnPoint: { initial: 5 }\n')).toEqual([
      "v/var.yaml:8:7: error: variant 'var': there is no 'turnPoint' in vars.game — did you mean 'turnPoints'? (a new key is declared with a +: '+turnPoint')",
    ]);
    expect(errors('key', 'patch:\n  moves:\n    roll:\n      gaurd: "true"\n')).toEqual([
      "v/key.yaml:8:7: error: variant 'key': there is no 'gaurd' in moves.roll — did you mean 'guard'? (a new key is declared with a +: '+gaurd')",
    ]);
    expect(errors('section', 'patch:\n  procedurse:\n    bankPoints: { description: x }\n')).toEqual([
      "v/section.yaml:6:3: error: variant 'section': there is no 'procedurse' in the game — did you mean 'procedures'? (a new key is declared with a +: '+procedurse')",
    ]);
  });

  it('a misspelled id or derived key, as the item changed, an anchor or the item removed', () => {
    expect(
      errors('item', 'patch:\n  moves:\n    roll:\n      effects:\n        - $item: ad#2\n          add: { game.rolled: 2 }\n'),
    ).toEqual([
      "v/item.yaml:9:11: error: variant 'item': there is no item 'ad#2' in moves.roll.effects — did you mean 'add#2'? (items: roll#1, add#1, add#2; a new item says where it goes: $append, $prepend, $before or $after)",
    ]);
    expect(errors('anchor', 'patch:\n  moves:\n    roll:\n      effects:\n        - $after: rol#1\n          log: hi\n')).toEqual([
      "v/anchor.yaml:9:11: error: variant 'anchor': places an item next to 'rol#1', which is not an item of moves.roll.effects — did you mean 'roll#1'? (items: roll#1, add#1, add#2)",
    ]);
    const withIds = variant(
      'ids',
      'patch:\n  moves:\n    bank:\n      guard:\n        - id: something\n          $append: true\n          test: "true"\n          reason: never\n',
    );
    const typo = variant(
      'typo',
      'requires: [ids]\npatch:\n  moves:\n    bank:\n      guard:\n        - id: somthing\n          reason: a new reason\n',
    );
    expect(build(withIds, typo).errors).toEqual([
      "v/typo.yaml:10:11: error: variant 'typo': there is no item 'somthing' in moves.bank.guard — did you mean 'something'? (items: clause#1, something; a new item says where it goes: $append, $prepend, $before or $after)",
    ]);
  });

  it('a misspelled variable an effect of the variant writes: an error on its line with the real name', () => {
    expect(
      errors('set', 'patch:\n  moves:\n    bank:\n      effects:\n        - $append: true\n          set: { game.turnPoint: 0 }\n'),
    ).toEqual([
      "v/set.yaml:10:34: error: 'game.turnPoint': there is no game variable 'turnPoint' — did you mean 'turnPoints'? (a new one is declared under vars.game)",
    ]);
    expect(
      errors('add', 'patch:\n  moves:\n    bank:\n      effects:\n        - $append: true\n          add: { "players[0].scroe": 1 }\n'),
    ).toEqual([
      "v/add.yaml:10:38: error: 'players[0].scroe': there is no player variable 'scroe' — did you mean 'score'? (a new one is declared under vars.player)",
    ]);
  });

  it('+ declares a key new: refused when it exists, and nothing inside a new value is merged', () => {
    expect(errors('exists', 'patch:\n  moves:\n    +bank: { title: Bank }\n')).toEqual([
      "v/exists.yaml:7:5: error: variant 'exists': '+bank' declares moves.bank new, but it exists: write 'bank' to change it",
    ]);
    expect(errors('inside', 'patch:\n  moves:\n    +hold:\n      +title: Hold\n')).toEqual([
      "v/inside.yaml:8:7: error: variant 'inside': '+title' inside a new or replacing value: it is written as it stands, so there is nothing to merge into (drop the '+')",
    ]);
  });
});

describe('variant param values are checked like --param (item 3)', () => {
  it('a value out of range, of the wrong kind, or for an unknown param', () => {
    expect(build(variant('high', 'params:\n  target: 500\n')).errors).toEqual([
      "v/high.yaml:6:3: error: variant 'high' sets param 'target' to 500: 500 is above the maximum 200",
    ]);
    expect(build(variant('kind', 'params:\n  rolls: true\n')).errors).toEqual([
      "v/kind.yaml:6:3: error: variant 'kind' sets param 'rolls' to true: expected a number, got true",
    ]);
    expect(build(variant('unknown', 'params:\n  targte: 60\n')).errors).toEqual([
      "v/unknown.yaml:6:3: error: variant 'unknown' sets param 'targte', which the game does not declare — did you mean 'target'?",
    ]);
    expect(ok(variant('fine', 'params:\n  target: 100\n')).paramValues.target).toBe(100);
  });

  it("a value off the param's step, which the studio's control refuses too, and a step that leaves the default off it", () => {
    const stepped = 'patch:\n  params:\n    target: { +step: 10 }\n';
    expect(build(variant('off', `${stepped}params:\n  target: 55\n`)).errors).toEqual([
      "v/off.yaml:9:3: error: variant 'off' sets param 'target' to 55: 55 is not a value of its steps of 10 from 10 (the nearest are 50 and 60)",
    ]);
    expect(ok(variant('on', `${stepped}params:\n  target: 60\n`)).paramValues.target).toBe(60);
    expect(build(variant('coarse', 'patch:\n  params:\n    target: { +step: 15 }\n')).errors).toEqual([
      "v/coarse.yaml:7:15: error: variant 'coarse' leaves param 'target': the default 50 is not a value of its steps of 15 from 10 (the nearest are 40 and 55)",
    ]);
    const { diagnostics } = compileGame({ base, variants: [variant('on', stepped)], params: { target: 45 } });
    expect(diagnostics.filter((d) => d.severity === 'error').map((d) => d.message)).toEqual([
      "param 'target': 45 is not a value of its steps of 10 from 10 (the nearest are 40 and 50)",
    ]);
  });

  it("a patched range or default must fit the param's own declaration, located in the variant", () => {
    expect(build(variant('range', 'patch:\n  params:\n    target: { max: 40 }\n')).errors).toEqual([
      "v/range.yaml:7:15: error: variant 'range' leaves param 'target': the default 50 is above the maximum 40",
    ]);
    expect(build(variant('empty', 'patch:\n  params:\n    target: { min: 90, max: 80, default: 85 }\n')).errors).toEqual([
      "v/empty.yaml:7:33: error: variant 'empty' leaves param 'target': the minimum 90 is above the maximum 80",
    ]);
    const game = ok(variant('wider', 'patch:\n  params:\n    target: { max: 500, default: 300 }\nparams:\n  target: 400\n'));
    expect([game.params.target, game.paramValues.target]).toEqual([expect.objectContaining({ max: 500, default: 400 }), 400]);
  });
});

describe('everything is patchable (item 4)', () => {
  it('procedures, definitions, bots, scoring rows, components, zones and param ranges', () => {
    const game = ok(
      variant(
        'everything',
        [
          'patch:',
          '  procedures:',
          '    bankPoints:',
          '      effects:',
          '        - $append: true',
          '          log: "banked"',
          '    +bust:',
          '      description: The turn is lost.',
          '      effects: [{ set: { game.turnPoints: 0 } }]',
          '  definitions:',
          '    face: { body: "last(zones.cup).face" }',
          '  bots:',
          '    careful:',
          '      prefer:',
          '        - $item: prefer#1',
          '          when: game.turnPoints >= 25',
          '  scoring:',
          '    pips:',
          '      combos:',
          '        +pair:',
          '          description: Two of a kind.',
          '          same: 2',
          '          points: 4 * face',
          '  components:',
          '    dice:',
          '      d6: { count: 2 }',
          '  zones:',
          '    +kept: { holds: [d6] }',
          '  params:',
          '    rolls: { max: 30, default: 12 }',
          '  flow:',
          '    states:',
          '      turn:',
          '        states:',
          '          rolled:',
          '            always:',
          '              - $item: transition#1',
          '                effects: { $replace: [{ call: bust }] }',
          '',
        ].join('\n'),
      ),
    );
    expect(game.spec.procedures?.bankPoints?.effects.at(-1)).toEqual({ log: 'banked' });
    expect(game.spec.definitions?.face?.body).toBe('last(zones.cup).face');
    expect(game.spec.bots?.careful?.prefer?.[0]).toEqual({ move: 'bank', when: 'game.turnPoints >= 25' });
    expect(Object.keys(game.spec.scoring?.pips?.combos ?? {})).toEqual(['one', 'other', 'pair']);
    expect(game.spec.components?.dice?.d6?.count).toBe(2);
    expect(Object.keys(game.zones)).toEqual(['cup', 'kept']);
    expect([game.params.rolls, game.paramValues.rolls]).toEqual([expect.objectContaining({ max: 30, default: 12 }), 12]);
    // Two dice, rigged to 3 and 3: the pair (12) is the best reading, and a bust runs the new procedure.
    const s = step(game, started(game, [3, 3]), { move: 'roll', seat: 0 });
    if (!s.ok) throw new Error(s.error);
    expect(s.state.context.game.turnPoints).toBe(12);
    const bust = step(game, rig(s.state, [1, 1]), { move: 'roll', seat: 0 });
    if (!bust.ok) throw new Error(bust.error);
    expect([bust.state.context.game.turnPoints, bust.state.context.active]).toEqual([0, 1]);
  });

  it('display: a game without one gets it with +display, then its entries are patched key by key, a misspelled one refused', () => {
    const shown = variant(
      'shown',
      'patch:\n  +display:\n    score: { label: Points, value: "players[seat].score" }\n    zones: { cup: { label: The cup } }\n',
    );
    const game = ok(shown);
    expect([game.display.score?.label, game.display.zones.cup?.label]).toEqual(['Points', 'The cup']);
    const relabel = variant('relabel', 'requires: [shown]\npatch:\n  display:\n    zones:\n      cup: { label: Dice cup }\n');
    expect(ok(shown, relabel).display.zones.cup?.label).toBe('Dice cup');
    const typo = variant('typo', 'requires: [shown]\npatch:\n  display:\n    zones:\n      cpu: { label: Dice cup }\n');
    expect(build(shown, typo).errors).toEqual([
      "v/typo.yaml:9:7: error: variant 'typo': there is no 'cpu' in display.zones — did you mean 'cup'? (a new key is declared with a +: '+cpu')",
    ]);
  });

  it("the game's id cannot be patched", () => {
    expect(build(variant('rename', 'patch:\n  id: hog\n')).errors).toEqual([expect.stringMatching(/^v\/rename\.yaml:6:3: error: .*id/)]);
  });
});

describe('guards compose (item 5)', () => {
  const cap = variant(
    'cap',
    'rules: [P-9]\npatch:\n  moves:\n    roll:\n      guard:\n        - id: cap\n          $append: true\n          test: game.turnPoints < 20\n          reason: a turn stops at 20\n          rules: [P-9]\n',
  );
  const leader = variant(
    'leader',
    'patch:\n  moves:\n    roll:\n      guard:\n        - id: behind\n          $prepend: true\n          test: game.rolled < 3 or player.score <= 40\n          reason: a leader rolls at most three times\n',
  );

  it('a variant adds a clause with its own reason and rules to a guard written as one expression', () => {
    const game = ok(cap);
    expect(game.spec.moves?.roll?.guard).toEqual([
      { test: 'params.rolls == 0 or game.rolled < params.rolls', reason: '' },
      { id: 'cap', test: 'game.turnPoints < 20', reason: 'a turn stops at 20', rules: ['P-9'] },
    ]);
    let state = started(game, [6, 6, 6, 6]);
    for (let i = 0; i < 4; i++) {
      const r = step(game, state, { move: 'roll', seat: 0 });
      if (!r.ok) {
        expect([i, r.error]).toEqual([4, '']);
        break;
      }
      state = r.state;
    }
    const refused = step(game, state, { move: 'roll', seat: 0 });
    expect(refused.ok ? '' : refused.error).toBe("'Roll' is not allowed: a turn stops at 20 (P-9)");
  });

  it("the game's own clause still applies, and two variants add clauses to one guard without a conflict", () => {
    const game = ok(cap, leader, variant('limit', 'params:\n  rolls: 1\n'));
    expect((game.spec.moves?.roll?.guard as { id?: string }[]).map((c) => c.id)).toEqual(['behind', undefined, 'cap']);
    const once = step(game, started(game, [2]), { move: 'roll', seat: 0 });
    if (!once.ok) throw new Error(once.error);
    const refused = step(game, once.state, { move: 'roll', seat: 0 });
    expect(refused.ok ? '' : refused.error).toBe("'Roll' is not allowed: `params.rolls == 0 or game.rolled < params.rolls` is false");
  });

  it('a clause of the game is changed or removed by its derived key', () => {
    const game = ok(variant('no-limit', 'patch:\n  moves:\n    roll:\n      guard:\n        - $item: clause#1\n          $remove: true\n'));
    expect(game.spec.moves?.roll?.guard).toEqual([]);
  });
});

describe("docs/LANGUAGE.md's overlay examples apply to the shipped 10,000", () => {
  const docs = readFileSync(join(ROOT, 'docs/LANGUAGE.md'), 'utf8');
  const blocks = [...docs.matchAll(/```yaml\n(patch:\n[\s\S]*?)```/g)].map((m) => m[1] as string);
  const tenThousand = join(ROOT, 'games/ten-thousand/game.yaml');
  const compile = (body: string) =>
    compileGame({
      base: { file: 'game.yaml', text: readFileSync(tenThousand, 'utf8') },
      variants: [{ file: 'doc.yaml', text: `variant: doc\ngame: ten-thousand\ntitle: t\ndescription: d\n${body}` }],
    });

  it('hooking into effects without ids by derived key, and adding a guard clause to a one-expression guard', () => {
    const examples = blocks.filter((b) => b.includes('$item: log#1') || b.includes('id: enough'));
    expect(examples).toHaveLength(2);
    for (const body of examples) {
      const { game, diagnostics } = compile(body);
      expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      expect(game).toBeDefined();
    }
    const said = compile(examples[0] as string).game;
    expect(said?.spec.moves?.roll?.effects?.map((e) => Object.keys(e)[0])).toEqual(['roll', 'log', 'set']);
    const guarded = compile(examples[1] as string).game;
    expect(guarded?.spec.moves?.takeBack?.guard).toEqual([
      { test: 'params.takeBack and game.leftDice > 0', reason: '' },
      { id: 'enough', test: 'game.leftPoints >= 350', reason: 'only a turn of 350 or more can be taken back', rules: ['T-B11'] },
    ]);
  });
});
