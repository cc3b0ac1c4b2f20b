/**
 * Completion and hover inside expressions, from the checker's own scope: the compiled game records
 * the local names each expression was checked with (by its place in the spec); on top of them come
 * the globals, lambda parameters and `let` names written before the cursor, the spec's definitions,
 * the host functions and the builtins with their signatures. After a dot, the fields of the value's
 * type, with the spec's descriptions (a param's, a variable's, a zone's). Pure: text in, items out.
 */
import { isMap, isPair, isScalar, isSeq, parseDocument, type Node } from 'yaml';
import { scopeKey, type Locals } from '../check/exprs.ts';
import { BUILTINS } from '../lang/builtins.ts';
import { formatType, type Library, type Scope, type Type } from '../lang/index.ts';
import type { DocPath } from '../spec/diagnostics.ts';
import type { GameSpec } from '../spec/types.ts';

/** What the assistant reads from the last compiled game. */
export interface ExprContext {
  readonly globals: Scope;
  readonly library: Library;
  readonly scopes: ReadonlyMap<string, Locals>;
  readonly spec: GameSpec;
}

export interface AssistItem {
  readonly label: string;
  readonly kind: 'field' | 'variable' | 'function' | 'local';
  /** The type or signature. */
  readonly detail: string;
  readonly documentation?: string;
}

export interface ExprPlace {
  readonly path: DocPath;
  /** The expression's text before the cursor. */
  readonly before: string;
  /** The expression's whole text. */
  readonly text: string;
  /** The cursor's offset inside `text`. */
  readonly at: number;
}

/** The expression scalar under `offset` of a spec (or variant) file, with its place in the merged spec. */
export const exprAt = (source: string, offset: number): ExprPlace | null => {
  const doc = parseDocument(source, { keepSourceTokens: true });
  const walk = (node: Node | null | undefined, path: DocPath): ExprPlace | null => {
    if (!node) return null;
    if (isScalar(node)) {
      const [start, end] = node.range ?? [0, 0];
      if (offset < start || offset > end || typeof node.value !== 'string') return null;
      const raw = source.slice(start, end);
      const quoted = raw.startsWith('"') || raw.startsWith("'");
      const from = quoted ? start + 1 : start;
      const text = quoted ? raw.slice(1, raw.length - (raw.endsWith(raw[0] ?? '') && raw.length > 1 ? 1 : 0)) : raw;
      return { path, before: source.slice(from, offset), text, at: offset - from };
    }
    if (isMap(node)) {
      for (const pair of node.items) {
        if (!isPair(pair) || !isScalar(pair.key)) continue;
        const found = walk(pair.value as Node | null, [...path, String(pair.key.value)]);
        if (found) return found;
      }
    }
    if (isSeq(node)) {
      for (const [i, item] of node.items.entries()) {
        const found = walk(item as Node | null, [...path, i]);
        if (found) return found;
      }
    }
    return null;
  };
  const found = walk(doc.contents as Node | null, []);
  // A variant's patch writes into the spec at the same place under `patch`, a new name as `+name`.
  if (found && found.path[0] === 'patch') {
    return { ...found, path: found.path.slice(1).map((s) => (typeof s === 'string' ? s.replace(/^\+/, '') : s)) };
  }
  return found;
};

const elementOf = (t: Type | undefined): Type | undefined => (t?.kind === 'list' ? t.element : undefined);
const fieldsOf = (t: Type | undefined): Readonly<Record<string, Type>> => (t?.kind === 'record' ? t.fields : {});

/** Lambda parameters and `let` names written before the cursor (their types are not tracked). */
const writtenNames = (before: string): string[] => {
  const names = new Set<string>();
  for (const m of before.matchAll(/\blet\s+([A-Za-z_]\w*)\s*=/g)) names.add(m[1] as string);
  for (const m of before.matchAll(/\(([^()]*)\)\s*=>/g))
    for (const n of (m[1] ?? '').split(',')) if (/^\s*[A-Za-z_]\w*\s*$/.test(n)) names.add(n.trim());
  for (const m of before.matchAll(/([A-Za-z_]\w*)\s*=>/g)) names.add(m[1] as string);
  return [...names];
};

/** Where a global's fields are described in the spec. */
const describedField = (spec: GameSpec, root: string, field: string): string | undefined => {
  if (root === 'params') return spec.params?.[field]?.description;
  if (root === 'game') return spec.vars?.game?.[field]?.description;
  if (root === 'player' || root === 'players') return spec.vars?.player?.[field]?.description;
  if (root === 'teams') return spec.vars?.team?.[field]?.description;
  if (root === 'zones') return spec.zones?.[field]?.description;
  return undefined;
};

const signature = (name: string, params: readonly { name?: string; type: Type }[], result: Type | undefined): string =>
  `${name}(${params.map((p, i) => `${p.name ?? `arg${i + 1}`}: ${formatType(p.type)}`).join(', ')})${result ? ` → ${formatType(result)}` : ''}`;

const functionItems = (cx: ExprContext): AssistItem[] => [
  ...[...cx.library.definitions.values()].map((d) => ({
    label: d.name,
    kind: 'function' as const,
    detail: signature(d.name, d.params ?? [], d.result),
    documentation: cx.spec.definitions?.[d.name]?.description,
  })),
  ...[...cx.library.hostFunctions.values()].map((h) => ({
    label: h.name,
    kind: 'function' as const,
    detail: signature(
      h.name,
      h.params.map((type) => ({ type })),
      h.result,
    ),
    documentation: h.description,
  })),
  ...[...BUILTINS.values()].map((b) => ({
    label: b.name,
    kind: 'function' as const,
    detail: b.signatures.map((s) => `${b.name}${formatType(s).replace(/^\(/, '(').replace(/ => /, ' → ')}`).join('  |  '),
  })),
];

/** The scope of the expression at `place`: the checker's locals there (none for a place not checked yet) over the globals. */
const scopeAt = (cx: ExprContext, place: ExprPlace): Scope => ({ ...cx.globals, ...(cx.scopes.get(scopeKey(place.path)) ?? {}) });

/** The type a dotted chain such as `players[seat].levels` names, with the root name it starts from. */
const chainType = (scope: Scope, chain: string): { type: Type | undefined; root: string } => {
  const parts = chain.match(/[A-Za-z_]\w*|\[[^\]]*\]/g) ?? [];
  const root = parts[0] ?? '';
  let type: Type | undefined = scope[root];
  for (const part of parts.slice(1)) type = part.startsWith('[') ? elementOf(type) : fieldsOf(type)[part];
  return { type, root };
};

const CHAIN = /([A-Za-z_]\w*(?:\[[^\][]*\])?(?:\.[A-Za-z_]\w*(?:\[[^\][]*\])?)*)\.([A-Za-z_]\w*)?$/;

/** Completions at the cursor: fields after a dot, else every name in scope. Null when the place is no checked expression. */
export const completeAt = (cx: ExprContext, place: ExprPlace): { items: AssistItem[]; word: string } | null => {
  if (!cx.scopes.has(scopeKey(place.path))) return null;
  const scope = scopeAt(cx, place);
  const member = CHAIN.exec(place.before);
  if (member) {
    const { type, root } = chainType(scope, member[1] ?? '');
    const items = Object.entries(fieldsOf(type)).map(([name, t]) => ({
      label: name,
      kind: 'field' as const,
      detail: formatType(t),
      documentation: (member[1] ?? '').includes('.') ? undefined : describedField(cx.spec, root, name),
    }));
    return { items, word: member[2] ?? '' };
  }
  const word = /[A-Za-z_]\w*$/.exec(place.before)?.[0] ?? '';
  const locals = cx.scopes.get(scopeKey(place.path)) ?? {};
  const items: AssistItem[] = [
    ...Object.entries(locals).map(([name, t]) => ({ label: name, kind: 'local' as const, detail: formatType(t) })),
    ...writtenNames(place.before)
      .filter((n) => !(n in locals))
      .map((name) => ({ label: name, kind: 'local' as const, detail: 'a name bound in this expression' })),
    ...Object.entries(cx.globals).map(([name, t]) => ({ label: name, kind: 'variable' as const, detail: formatType(t) })),
    ...functionItems(cx),
  ];
  return { items, word };
};

/** What the name under the cursor is: its type or signature and its description. */
export const hoverAt = (cx: ExprContext, place: ExprPlace): AssistItem | null => {
  if (!cx.scopes.has(scopeKey(place.path))) return null;
  const left = /[A-Za-z_][\w.[\]]*$/.exec(place.text.slice(0, place.at))?.[0] ?? '';
  const right = /^\w*/.exec(place.text.slice(place.at))?.[0] ?? '';
  const chain = (left + right).replace(/^[.[\]]+/, '');
  if (!chain) return null;
  const scope = scopeAt(cx, place);
  const isCall = /^\s*\(/.test(place.text.slice(place.at + right.length));
  if (isCall && !chain.includes('.')) return functionItems(cx).find((f) => f.label === chain) ?? null;
  const { type, root } = chainType(scope, chain);
  if (!type) return null;
  const parts = chain.match(/[A-Za-z_]\w*/g) ?? [];
  const field = parts.length === 2 ? (parts[1] as string) : undefined;
  return {
    label: chain,
    kind: field ? 'field' : 'variable',
    detail: formatType(type),
    documentation: field ? describedField(cx.spec, root, field) : undefined,
  };
};
