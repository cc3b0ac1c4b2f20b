/**
 * The texts of a spec that players read, each with the key a locale file gives its translation
 * under. A named text is keyed by its place in the spec (`moves.play.title`); a log line or a
 * guard's reason, which sit in lists that variants renumber, by its English text (`log`, `reasons`).
 */
import { lex } from '../lang/lexer.ts';
import { quotedTexts, readTemplate } from './template.ts';
import type { DocPath } from '../spec/diagnostics.ts';
import type { GameSpec } from '../spec/types.ts';
import { isRecord } from '../spec/own.ts';

/** `text`: any string; `expression`: an expression giving the text (display, text definitions); `template`: a log line. */
export type TextKind = 'text' | 'expression' | 'template';

export interface SpecText {
  /** The key in a locale file. */
  readonly key: DocPath;
  readonly kind: TextKind;
  readonly english: string;
  /** Where the text is written in the spec: a log line or a reason may be written in several places. */
  readonly places: readonly DocPath[];
}

export const keyText = (key: DocPath): string => key.map(String).join('.');
const keyId = (key: DocPath): string => JSON.stringify(key);

type Plain = unknown;
const entries = (v: Plain): [string, Plain][] => (isRecord(v) ? Object.entries(v) : []);

/** The texts of one section of named things: `fields` of each entry of `spec[section]`. */
const named = (spec: GameSpec, section: string, fields: readonly string[]): [DocPath, Plain][] =>
  entries((spec as unknown as Record<string, Plain>)[section]).flatMap(([name, entry]) =>
    fields.map((f): [DocPath, Plain] => [[section, name, f], isRecord(entry) ? entry[f] : undefined]),
  );

/** The display section's texts: labels are text, everything that computes a text is an expression. */
const displayTexts = (spec: GameSpec): [DocPath, Plain, TextKind][] => {
  const d = spec.display ?? {};
  // A shown value without a format may be given one: a word the game keeps as data then reads in the language.
  const shown = (path: DocPath, v: Plain): [DocPath, Plain, TextKind][] => [
    [[...path, 'label'], isRecord(v) ? v.label : undefined, 'text'],
    [[...path, 'format'], isRecord(v) ? (v.format ?? '') : undefined, 'expression'],
  ];
  return [
    [['display', 'seat'], d.seat, 'expression'],
    [['display', 'team'], d.team, 'expression'],
    [['display', 'score', 'label'], d.score?.label, 'text'],
    [['display', 'score', 'value'], d.score?.value, 'expression'],
    ...(['game', 'player', 'team'] as const).flatMap((owner) =>
      entries(d.vars?.[owner]).flatMap(([name, v]) => shown(['display', 'vars', owner, name], v)),
    ),
    ...entries(d.props).flatMap(([name, v]) => shown(['display', 'props', name], v)),
    ...entries(d.pieces).map(([kind, v]): [DocPath, Plain, TextKind] => [['display', 'pieces', kind], v, 'expression']),
    ...entries(d.zones).map(([zone, v]): [DocPath, Plain, TextKind] => [
      ['display', 'zones', zone, 'label'],
      isRecord(v) ? v.label : undefined,
      'text',
    ]),
    ...entries(d.moves).map(([move, v]): [DocPath, Plain, TextKind] => [['display', 'moves', move], v, 'expression']),
  ];
};

/** Every `log:` effect and every move guard's reason, wherever they are written. */
const listed = (value: Plain, path: DocPath, out: [DocPath, string, 'log' | 'reason'][]): void => {
  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      if (isRecord(item) && typeof item.log === 'string') out.push([[...path, i, 'log'], item.log, 'log']);
      if (isRecord(item) && typeof item.reason === 'string' && typeof item.test === 'string' && path[0] === 'moves')
        out.push([[...path, i, 'reason'], item.reason, 'reason']);
      listed(item, [...path, i], out);
    });
  } else for (const [k, v] of entries(value)) listed(v, [...path, k], out);
};

/** Every text of the spec that players read, by its locale key (a key's JSON). */
export const textsOf = (spec: GameSpec): Map<string, SpecText> => {
  const out = new Map<string, SpecText>();
  const add = (key: DocPath, kind: TextKind, english: Plain, place: DocPath = key): void => {
    if (typeof english !== 'string' || (english === '' && kind !== 'expression')) return;
    const id = keyId(key);
    const known = out.get(id);
    out.set(id, { key, kind, english, places: [...(known?.places ?? []), place] });
  };
  add(['title'], 'text', spec.title);
  add(['description'], 'text', spec.description);
  for (const [path, v] of [
    ...named(spec, 'params', ['title', 'description']),
    ...named(spec, 'zones', ['description']),
    ...named(spec, 'moves', ['title', 'description']),
    ...named(spec, 'bots', ['description']),
    ...named(spec, 'metrics', ['title', 'description', 'unit']),
  ])
    add(path, 'text', v);
  for (const [team, title] of entries(spec.teams?.titles)) add(['teams', 'titles', team], 'text', title);
  for (const name of textDefinitions(spec)) add(['definitions', name, 'body'], 'expression', spec.definitions?.[name]?.body);
  for (const [path, v, kind] of displayTexts(spec)) add(path, kind, v);
  const lists: [DocPath, string, 'log' | 'reason'][] = [];
  listed(spec, [], lists);
  for (const [place, text, what] of lists)
    add(what === 'log' ? ['log', text] : ['reasons', text], what === 'log' ? 'template' : 'text', text, place);
  return out;
};

/** Keys whose strings are texts for people, never expressions the rules run. */
const PROSE = new Set(['title', 'description', 'label', 'reason', 'unit', 'rules', 'titles', 'log']);

/** The names an expression calls: a name followed by `(`. */
const calledIn = (source: string): string[] => {
  const lexed = lex(source);
  if (!lexed.ok) return [];
  return lexed.tokens.flatMap((t, i) => {
    const next = lexed.tokens[i + 1];
    return t.kind === 'name' && next && 'text' in next && next.text === '(' ? [t.text] : [];
  });
};

/** Every name called by the spec's strings outside its texts, the display and the definitions' bodies. */
const calledByRules = (value: Plain, path: DocPath, out: Set<string>): void => {
  if (typeof value === 'string') for (const name of calledIn(value)) out.add(name);
  else if (Array.isArray(value)) value.forEach((v, i) => calledByRules(v, [...path, i], out));
  else
    for (const [k, v] of entries(value)) {
      const skip = PROSE.has(k) || (path.length === 0 && (k === 'display' || k === 'definitions'));
      if (!skip) calledByRules(v, [...path, k], out);
    }
};

/**
 * The definitions that make text and nothing else: they return a string, and no rule (a guard, an
 * effect's value, a bot, a metric…) calls them, directly or through other definitions. Only these
 * may be translated, so a translation can never change how the game plays.
 */
export const textDefinitions = (spec: GameSpec): string[] => {
  const defs = spec.definitions ?? {};
  const reached = new Set<string>();
  calledByRules(spec, [], reached);
  const queue = [...reached];
  while (queue.length > 0) {
    const name = queue.pop() as string;
    const body = defs[name]?.body;
    for (const called of typeof body === 'string' ? calledIn(body) : []) {
      if (!reached.has(called)) {
        reached.add(called);
        queue.push(called);
      }
    }
  }
  return Object.keys(defs).filter((name) => defs[name]?.returns === 'string' && !reached.has(name));
};

const WORDS = /\p{L}/u;

/**
 * Whether a text has words to translate: a number ("421"), an expression that quotes no word
 * (`str(piece.face)`) or a log line of placeholders and signs alone reads the same in every language.
 */
export const hasWords = (text: SpecText): boolean => {
  if (text.kind === 'text') return WORDS.test(text.english);
  if (text.kind === 'expression') return quotedTexts(text.english).some((q) => WORDS.test(q));
  const read = readTemplate(text.english);
  if (!read.ok) return true;
  return read.parts.some((p) =>
    p.kind === 'text' ? WORDS.test(p.text) : p.kind === 'plural' || quotedTexts(p.source).some((q) => WORDS.test(q)),
  );
};
