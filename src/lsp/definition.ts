/**
 * Go to definition: the name under the cursor in an expression (`game.X`, `player.X`, `zones.X`,
 * `params.X`, a definition called as `foo(…)`) or a rule's plain name (a procedure a `call` runs, a
 * zone), and the key that declares it. Found by the text alone, so it works while the spec is broken.
 */
import { isMap, isPair, isScalar, parseDocument, type Node } from 'yaml';
import { exprAt } from '../assist/exprAssist.ts';
import type { DocPath } from '../spec/diagnostics.ts';

/** Where a global's fields are declared, by the name an expression reaches them through. */
const FIELD_ROOTS: Readonly<Record<string, DocPath>> = {
  game: ['vars', 'game'],
  player: ['vars', 'player'],
  players: ['vars', 'player'],
  team: ['vars', 'team'],
  teams: ['vars', 'team'],
  zones: ['zones'],
  params: ['params'],
};

/** The names a bare word may be declared as, most likely first. */
const BARE_SECTIONS = ['definitions', 'procedures', 'zones', 'params'] as const;

/** The dotted chain the cursor is on (`players[seat].levels`) and whether it is called. */
export const chainAt = (text: string, at: number): { chain: string; called: boolean } | null => {
  const left = /[A-Za-z_][\w.[\]]*$/.exec(text.slice(0, at))?.[0] ?? '';
  const right = /^\w*/.exec(text.slice(at))?.[0] ?? '';
  const chain = (left + right).replace(/\[[^\]]*\]/g, '').replace(/^[.[\]]+/, '');
  if (!/^[A-Za-z_]\w*(\.[A-Za-z_]\w*)*$/.test(chain)) return null;
  return { chain, called: /^\s*\(/.test(text.slice(at + right.length)) };
};

/** The declarations a chain may name, most likely first: the field of a global, or a bare name's section. */
export const declarationPaths = (chain: string, called: boolean, key: string | number | undefined): DocPath[] => {
  const parts = chain.split('.');
  const [root, field] = parts;
  if (root === undefined) return [];
  if (field !== undefined) {
    const under = FIELD_ROOTS[root];
    return under ? [[...under, field]] : [];
  }
  if (called) return [['definitions', root]];
  if (key === 'call') return [['procedures', root]];
  return BARE_SECTIONS.map((section) => [section, root]);
};

/** A key's name as a variant may write it: new ones start with `+`. */
const named = (key: unknown, name: string | number): boolean => key === name || key === `+${String(name)}`;

/** The [start, end) offsets of the key at `path` in a YAML text, or null. */
export const keyRange = (text: string, path: DocPath): readonly [number, number] | null => {
  let node: Node | null | undefined = parseDocument(text).contents;
  let range: readonly [number, number] | null = null;
  for (const segment of path) {
    if (!isMap(node)) return null;
    const pair = node.items.find((p) => isPair(p) && isScalar(p.key) && named(p.key.value, segment));
    if (!pair || !isScalar(pair.key) || !pair.key.range) return null;
    range = [pair.key.range[0], pair.key.range[1]];
    node = pair.value as Node | null;
  }
  return range;
};

export interface Declaration {
  /** Which file declares it: the game's, or the file asked about (a variant's new names). */
  readonly in: 'game' | 'self';
  readonly range: readonly [number, number];
}

/**
 * The declaration of the name at `offset` of `source`: in the game's text, else (for a variant,
 * whose new names are under `patch:`) in the source itself.
 */
export const declarationAt = (source: string, offset: number, gameText: string | undefined): Declaration | null => {
  const place = exprAt(source, offset);
  if (!place) return null;
  const found = chainAt(place.text, place.at);
  if (!found) return null;
  const paths = declarationPaths(found.chain, found.called, place.path[place.path.length - 1]);
  for (const path of paths) {
    const inGame = gameText === undefined ? null : keyRange(gameText, path);
    if (inGame) return { in: 'game', range: inGame };
    const inSelf = keyRange(source, ['patch', ...path]);
    if (inSelf) return { in: 'self', range: inSelf };
  }
  return null;
};
