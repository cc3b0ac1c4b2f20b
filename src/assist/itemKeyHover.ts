/**
 * What a variant calls a list item (issue 13 item 1): hovering an item of a list that patches
 * change item by item (effects, guard clauses, transitions, a bot's preferences…) shows its key —
 * its id, or the derived key `kind#n` — and how a variant would name it, with the path of the list.
 * The keys come from the variants module's own `itemKeys`, so the editor and the merge can never
 * disagree. In a variant file, an item of a new value (under `+name`) is keyed as in a game, and an
 * item operation says which item it names. Pure: text in, lines out.
 */
import { isMap, isPair, isScalar, isSeq, parseDocument, type Node, type YAMLSeq } from 'yaml';
import { itemKeys, type Plain } from '../variants/merge.ts';

export interface ItemKeyHover {
  /** The item's key in its list: an id or a derived key. */
  readonly key: string;
  /** Where the list is in the spec, as a variant's patch reaches it (`moves.roll.effects`). */
  readonly list: string;
  /** The hover's text, in Markdown. */
  readonly lines: readonly string[];
}

type Path = readonly (string | number)[];

/** A list patched item by item: a list of mappings, or a guard's clauses (which may be written as plain tests). */
const patchable = (seq: YAMLSeq, path: Path): boolean =>
  path[path.length - 1] === 'guard' || (seq.items.length > 0 && seq.items.every((item) => isMap(item)));

const within = (node: Node | null | undefined, offset: number): boolean => {
  const range = node?.range;
  return !!range && offset >= range[0] && offset <= range[1];
};

interface Found {
  readonly list: Plain[];
  readonly path: Path;
  readonly index: number;
  /** Whether the list is inside a value a variant declares new (`+name`): its items are keyed as in a game. */
  readonly inNew: boolean;
}

/** The innermost patchable list item under `offset`, with the list's path (a guard written as one test is a list of one clause). */
const itemAt = (node: Node | null | undefined, offset: number, path: Path, inNew: boolean): Found | null => {
  if (!node || !within(node, offset)) return null;
  if (isMap(node)) {
    for (const pair of node.items) {
      if (!isPair(pair) || !isScalar(pair.key)) continue;
      const name = String(pair.key.value);
      const value = pair.value as Node | null;
      const isNew = name.startsWith('+');
      const childPath = [...path, isNew ? name.slice(1) : name];
      if (name === 'guard' && isScalar(value) && within(value, offset))
        return { list: [value.toJSON() as Plain], path: childPath, index: 0, inNew: inNew || isNew };
      const found = itemAt(value, offset, childPath, inNew || isNew);
      if (found) return found;
    }
    return null;
  }
  if (isSeq(node)) {
    const index = node.items.findIndex((item) => within(item as Node, offset));
    if (index < 0) return null;
    const deeper = itemAt(node.items[index] as Node, offset, [...path, index], inNew);
    if (deeper) return deeper;
    return patchable(node, path) ? { list: node.toJSON() as Plain[], path, index, inNew } : null;
  }
  return null;
};

/** The path as a reader writes it: names joined by dots, list positions as [n]. */
const dotted = (path: Path): string => path.map((s, i) => (typeof s === 'number' ? `[${s}]` : i === 0 ? s : `.${s}`)).join('');

const code = (s: string): string => `\`${s}\``;

/** An item operation in a variant's patch list: the item it names (`$item`, `id`, an anchor) and what it does there. */
const operation = (item: Plain, list: string): { key: string; line: string } | null => {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return null;
  const under = `under ${code(list)}`;
  if (typeof item.$item === 'string') return { key: item.$item, line: `changes the game's item ${code(item.$item)} ${under}` };
  for (const place of ['$before', '$after'] as const) {
    const anchor = item[place];
    if (typeof anchor === 'string')
      return { key: anchor, line: `a new item ${place === '$before' ? 'before' : 'after'} ${code(anchor)} ${under}` };
  }
  if (typeof item.id === 'string') {
    const placed = item.$append === true ? 'a new item at the end' : item.$prepend === true ? 'a new item at the start' : undefined;
    return { key: item.id, line: placed ? `${placed}, ${code(item.id)}, ${under}` : `changes the item ${code(item.id)} ${under}` };
  }
  if (item.$append === true || item.$prepend === true)
    return { key: '', line: `a new item at the ${item.$append === true ? 'end' : 'start'} ${under}` };
  return null;
};

/**
 * The hover for `offset` of a spec file, or of a variant file when `variant` is true (whose lists
 * are under `patch:`), or null when the offset is not on an item of a patchable list.
 */
export const itemKeyHoverAt = (source: string, offset: number, variant: boolean): ItemKeyHover | null => {
  const doc = parseDocument(source);
  let found: Found | null;
  if (variant) {
    const root = doc.contents;
    const patch = isMap(root) ? root.items.find((p) => isPair(p) && isScalar(p.key) && p.key.value === 'patch') : undefined;
    found = patch && isPair(patch) ? itemAt(patch.value as Node | null, offset, [], false) : null;
  } else found = itemAt(doc.contents, offset, [], false);
  if (!found) return null;
  const list = dotted(found.path);
  if (variant && !found.inNew) {
    const op = operation(found.list[found.index] ?? null, list);
    return op ? { key: op.key, list, lines: [op.line] } : null;
  }
  const key = itemKeys(found.list, found.path)[found.index];
  if (key === undefined) return null;
  const item = found.list[found.index];
  const hasId = typeof item === 'object' && item !== null && !Array.isArray(item) && item.id === key;
  return {
    key,
    list,
    lines: [
      hasId ? `item ${code(key)} (its id)` : `item ${code(key)}: its derived key (kind and number among the items of that kind, from 1)`,
      `in a variant: ${code(`${hasId ? 'id' : '$item'}: ${key}`)} to change it, ${code(`$after: ${key}`)} to add an item after it, under ${code(list)}`,
    ],
  };
};
