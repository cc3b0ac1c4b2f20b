/**
 * mergePatch on its own, one case per kind of patch node and per problem it reports: the merged
 * value, each written place with the patch place that wrote it, and each problem's message at its
 * place in the patch. The variants stage reports these as they are, so they are pinned here.
 */
import { describe, expect, it } from 'vitest';
import type { DocPath } from '../../src/spec/diagnostics.ts';
import { describePlace, mergePatch, newLineage, type Change, type ItemRef, type Plain } from '../../src/variants/merge.ts';

interface Case {
  name: string;
  base: Plain | undefined;
  patch: Plain;
  value: Plain;
  written: [string, DocPath, Change][];
  problems: [DocPath, string][];
}

const cases: Case[] = [
  {
    name: 'replace',
    base: { a: { y: 2 } },
    patch: { a: { $replace: { x: 1 } } },
    value: { a: { x: 1 } },
    written: [['a', ['patch', 'a', '$replace'], 'changed']],
    problems: [],
  },
  {
    name: 'replace extra',
    base: { a: { y: 2 } },
    patch: { a: { $replace: 1, b: 2 } },
    value: { a: 1 },
    written: [['a', ['patch', 'a', '$replace'], 'changed']],
    problems: [[['patch', 'a', 'b'], "'$replace' replaces a as a whole; 'b' cannot go beside it"]],
  },
  {
    name: 'fresh',
    base: { a: 1 },
    patch: { a: { $replace: { $x: 1, '+y': 2, z: [{ $append: true, w: 1 }] } } },
    value: { a: { z: [{ w: 1 }] } },
    written: [['a', ['patch', 'a', '$replace'], 'changed']],
    problems: [
      [
        ['patch', 'a', '$replace', '$x'],
        "'$x' inside a new or replacing value: it is written as it stands, so there is nothing to merge into (drop the '$')",
      ],
      [
        ['patch', 'a', '$replace', '+y'],
        "'+y' inside a new or replacing value: it is written as it stands, so there is nothing to merge into (drop the '+')",
      ],
      [
        ['patch', 'a', '$replace', 'z', 0, '$append'],
        "'$append' inside a new or replacing value: it is written as it stands, so there is nothing to merge into (drop the '$')",
      ],
    ],
  },
  {
    name: 'map',
    base: { a: 1, b: 2, c: 3 },
    patch: { $x: 1, '+a': 1, '+d': { '+e': 1 }, bb: 1, cc: null, c: null, b: 5, a: 1 },
    value: { a: 1, b: 5, d: {} },
    written: [
      ['d', ['patch', '+d'], 'added'],
      ['c', ['patch', 'c'], 'removed'],
      ['b', ['patch', 'b'], 'changed'],
    ],
    problems: [
      [['patch', '$x'], "'$x' does not apply to a mapping (the game): a mapping takes keys, +new keys, or {$replace: ...}"],
      [['patch', '+a'], "'+a' declares a new, but it exists: write 'a' to change it"],
      [
        ['patch', '+d', '+e'],
        "'+e' inside a new or replacing value: it is written as it stands, so there is nothing to merge into (drop the '+')",
      ],
      [['patch', 'bb'], "there is no 'bb' in the game — did you mean 'b'? (a new key is declared with a +: '+bb')"],
      [['patch', 'cc'], "there is no 'cc' in the game — did you mean 'c'?"],
    ],
  },
  {
    name: 'values',
    base: { l: ['x', 'y'] },
    patch: { l: { $append: ['x', 'z'], $prepend: ['w'], $remove: ['q', 'y'], $insert: ['k'] } },
    value: { l: ['w', 'x', 'z'] },
    written: [
      ['l.z', ['patch', 'l', '$append', 1], 'added'],
      ['l.w', ['patch', 'l', '$prepend', 0], 'added'],
      ['l.y', ['patch', 'l', '$remove', 1], 'removed'],
    ],
    problems: [
      [['patch', 'l', '$append', 0], 'adds "x" to l, which already holds it'],
      [['patch', 'l', '$remove', 0], 'removes "q" from l, which does not hold it — did you mean \'w\'?'],
      [['patch', 'l', '$insert'], "'$insert' does not apply to the list l: use $append, $prepend, $remove or $replace"],
    ],
  },
  {
    name: 'values not list',
    base: { l: ['x'] },
    patch: { l: { $append: 'x' } },
    value: { l: ['x'] },
    written: [],
    problems: [[['patch', 'l', '$append'], "'$append' takes a list of values"]],
  },
  {
    name: 'guard',
    base: { guard: 'x > 1' },
    patch: {
      guard: [
        { $append: true, test: 'y', reason: 'r' },
        { $item: 'clause#1', reason: 'why' },
      ],
    },
    value: {
      guard: [
        { test: 'x > 1', reason: 'why' },
        { test: 'y', reason: 'r' },
      ],
    },
    written: [
      ['guard.guard[new]', ['patch', 'guard', 0], 'added'],
      ['guard.clause#1.reason', ['patch', 'guard', 1, 'reason'], 'changed'],
    ],
    problems: [],
  },
  {
    name: 'list of values',
    base: { l: ['x'] },
    patch: { l: ['y'] },
    value: { l: ['x'] },
    written: [],
    problems: [
      [
        ['patch', 'l'],
        'a list of values at l is changed with {$append: [..]}, {$prepend: [..]} or {$remove: [..]}, or replaced with {$replace: [..]}',
      ],
    ],
  },
  {
    name: 'list with a value',
    base: { l: [{ id: 'a' }] },
    patch: { l: ['y'] },
    value: { l: [{ id: 'a' }] },
    written: [],
    problems: [
      [
        ['patch', 'l'],
        'a list of values at l is changed with {$append: [..]}, {$prepend: [..]} or {$remove: [..]}, or replaced with {$replace: [..]}',
      ],
    ],
  },
  {
    name: 'scalar',
    base: { a: 1, b: 'x' },
    patch: { a: 1, b: 'y' },
    value: { a: 1, b: 'y' },
    written: [['b', ['patch', 'b'], 'changed']],
    problems: [],
  },
  {
    name: 'shapes',
    base: { m: { a: 1 }, l: [{ id: 'a' }], s: 1 },
    patch: { m: 3, l: { x: 1 }, s: [1] },
    value: { m: { a: 1 }, l: [{ id: 'a' }], s: 1 },
    written: [],
    problems: [
      [['patch', 'm'], 'replaces a mapping at m with a number: write {$replace: ...} to replace it'],
      [['patch', 'l'], 'replaces a list at l with a mapping: write {$replace: ...} to replace it, or list item operations to change it'],
      [['patch', 's'], 'replaces a number at s with a list: write {$replace: ...} to replace it'],
    ],
  },
  {
    name: 'nothing',
    base: undefined,
    patch: { a: 1 },
    value: null,
    written: [],
    problems: [[['patch'], 'replaces nothing at the game with a mapping: write {$replace: ...} to replace it']],
  },
  {
    name: 'two placements',
    base: { l: [{ id: 'a' }] },
    patch: { l: [{ $append: true, $before: 'a', id: 'n' }] },
    value: { l: [{ id: 'a' }] },
    written: [],
    problems: [[['patch', 'l', 0], 'a new item goes one place: $append and $before cannot both be given']],
  },
  {
    name: 'placement names',
    base: { l: [{ id: 'a' }] },
    patch: {
      l: [
        { $append: true, $item: 'a' },
        { $prepend: true, $remove: true },
      ],
    },
    value: { l: [{ id: 'a' }] },
    written: [],
    problems: [
      [['patch', 'l', 0], "$append places a new item; '$item', '$remove' and '$replace' name an existing one"],
      [['patch', 'l', 1], "$prepend places a new item; '$item', '$remove' and '$replace' name an existing one"],
    ],
  },
  {
    name: 'placement existing',
    base: { l: [{ id: 'a' }] },
    patch: { l: [{ $append: true, id: 'a' }] },
    value: { l: [{ id: 'a' }] },
    written: [],
    problems: [[['patch', 'l', 0, 'id'], "adds an item 'a' to l, which already has one: leave out $append to change it"]],
  },
  {
    name: 'anchor missing',
    base: { l: [{ id: 'a' }, { log: 1 }] },
    patch: {
      l: [
        { $before: 'aa', x: 1 },
        { $after: 'zz', id: 'n' },
      ],
    },
    value: { l: [{ id: 'a' }, { log: 1 }] },
    written: [],
    problems: [
      [['patch', 'l', 0, '$before'], "places an item next to 'aa', which is not an item of l — did you mean 'a'? (items: a, item#1)"],
      [['patch', 'l', 1, '$after'], "places 'n' next to 'zz', which is not an item of l (items: a, item#1)"],
    ],
  },
  {
    name: 'placement false',
    base: { l: [{ id: 'a' }] },
    patch: { l: [{ $append: false, id: 'n' }] },
    value: { l: [{ id: 'a' }] },
    written: [],
    problems: [[['patch', 'l', 0, '$append'], '$append is written $append: true']],
  },
  {
    name: 'placements',
    base: { l: [{ id: 'a' }, { id: 'b' }] },
    patch: {
      l: [
        { $prepend: true, id: 'p' },
        { $after: 'a', id: 'q' },
        { $before: 'b', x: 1 },
        { $append: true, id: 'z', '+k': 1 },
      ],
    },
    value: { l: [{ id: 'p' }, { id: 'a' }, { id: 'q' }, { x: 1 }, { id: 'b' }, { id: 'z' }] },
    written: [
      ['l.p', ['patch', 'l', 0], 'added'],
      ['l.q', ['patch', 'l', 1], 'added'],
      ['l.l[new]', ['patch', 'l', 2], 'added'],
      ['l.z', ['patch', 'l', 3], 'added'],
    ],
    problems: [
      [
        ['patch', 'l', 3, '+k'],
        "'+k' inside a new or replacing value: it is written as it stands, so there is nothing to merge into (drop the '+')",
      ],
    ],
  },
  {
    name: 'unnamed',
    base: { l: [{ id: 'a' }] },
    patch: { l: [{ x: 1 }] },
    value: { l: [{ id: 'a' }] },
    written: [],
    problems: [
      [
        ['patch', 'l', 0],
        'an item of l must name the item it changes (id: or $item:) or say where a new one goes ($append: true, $prepend: true, $before: KEY, $after: KEY); items: a',
      ],
    ],
  },
  {
    name: 'missing',
    base: { l: [{ id: 'a' }] },
    patch: {
      l: [
        { $item: 'b', x: 1 },
        { id: 'aa', $remove: true },
      ],
    },
    value: { l: [{ id: 'a' }] },
    written: [],
    problems: [
      [
        ['patch', 'l', 0, '$item'],
        "there is no item 'b' in l — did you mean 'a'? (items: a; a new item says where it goes: $append, $prepend, $before or $after)",
      ],
      [['patch', 'l', 1, 'id'], "there is no item 'aa' in l — did you mean 'a'? (items: a)"],
    ],
  },
  {
    name: 'missing in empty',
    base: { l: [] },
    patch: { l: [{ id: 'a', x: 1 }] },
    value: { l: [] },
    written: [],
    problems: [
      [
        ['patch', 'l', 0, 'id'],
        "there is no item 'a' in l (items: none; a new item says where it goes: $append, $prepend, $before or $after)",
      ],
    ],
  },
  {
    name: 'remove',
    base: { l: [{ id: 'a' }, { id: 'b' }, { log: 1 }] },
    patch: {
      l: [
        { id: 'a', $remove: true, x: 1 },
        { $item: 'item#1', $remove: true },
        { id: 'b', $remove: false },
      ],
    },
    value: { l: [{ id: 'b' }] },
    written: [
      ['l.a', ['patch', 'l', 0], 'removed'],
      ['l.item#1', ['patch', 'l', 1], 'removed'],
    ],
    problems: [
      [['patch', 'l', 0, 'x'], "'$remove: true' removes 'a' as a whole; 'x' cannot go beside it"],
      [['patch', 'l', 2, '$remove'], "'$remove' is written $remove: true"],
    ],
  },
  {
    name: 'replace items',
    base: { l: [{ id: 'a', x: 1 }, { log: 1 }] },
    patch: {
      l: [
        { id: 'a', $replace: true, y: 2 },
        { $item: 'item#1', $replace: true, log: 2 },
        { id: 'a', $replace: 1 },
      ],
    },
    value: { l: [{ id: 'a', y: 2 }, { log: 2 }] },
    written: [
      ['l.a', ['patch', 'l', 0], 'changed'],
      ['l.item#1', ['patch', 'l', 1], 'changed'],
    ],
    problems: [[['patch', 'l', 2, '$replace'], "'$replace' on a list item is written $replace: true"]],
  },
  {
    name: 'merge items',
    base: { l: [{ id: 'a', x: 1, s: { t: 1 } }, { log: 1 }] },
    patch: {
      l: [
        { id: 'a', x: 2, s: { t: 1 } },
        { $item: 'item#1', log: 3 },
        { id: 'a', $x: 1 },
      ],
    },
    value: { l: [{ id: 'a', x: 2, s: { t: 1 } }, { log: 3 }] },
    written: [
      ['l.a.x', ['patch', 'l', 0, 'x'], 'changed'],
      ['l.item#1.log', ['patch', 'l', 1, 'log'], 'changed'],
    ],
    problems: [[['patch', 'l', 2, '$x'], "'$x' does not apply to a mapping (l.a): a mapping takes keys, +new keys, or {$replace: ...}"]],
  },
];

describe('mergePatch', () => {
  it.each(cases)('$name', ({ base, patch, value, written, problems }) => {
    const merged = mergePatch(base, patch, [], ['patch']);
    expect(merged.value).toEqual(value);
    expect(merged.written.map((w) => [describePlace(w.target), w.source, w.change])).toEqual(written);
    expect(merged.problems.map((p) => [p.source, p.message])).toEqual(problems);
  });

  it('names a merged or replaced item by its first version, so later patches of it meet earlier ones', () => {
    const lineage = newLineage();
    const first = { id: 'a', x: 1 };
    const merged = mergePatch({ l: [first] }, { l: [{ id: 'a', x: 2 }] }, [], ['patch'], lineage);
    const replaced = mergePatch(merged.value, { l: [{ id: 'a', $replace: true, y: 1 }] }, [], ['patch'], lineage);
    const again = mergePatch(replaced.value, { l: [{ id: 'a', y: 2 }] }, [], ['patch'], lineage);
    const items = [merged, replaced, again].map((m) => (m.written[0]?.target[1] as ItemRef).item);
    expect(items).toEqual([first, first, first]);
    expect(items.every((item) => item === first)).toBe(true);
  });
});
