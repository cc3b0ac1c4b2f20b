/**
 * The game's rulebooks in the studio: read from the files shipped beside the game, and the rule ids
 * a text cites found in it, so each can show its rule. Pure: the components draw what this returns.
 */
import {
  citationPattern,
  citationsIn,
  prefixOf,
  readRulebooks,
  ruleIds,
  ruleText,
  type GameRulebooks,
  type Lang,
} from '../../rulebook/index.ts';
import type { TextFile } from '../workbench/gameTexts.ts';

/** The game's rulebooks, or undefined for a game that has none (one made in the browser) or whose files do not read. */
export const studioRulebooks = (game: string, variants: readonly string[], files: readonly TextFile[]): GameRulebooks | undefined => {
  if (files.length === 0) return undefined;
  const read = readRulebooks(
    { game, variants },
    files.map((f) => ({ file: f.file, text: f.text })),
  );
  return read.diagnostics.some((d) => d.severity === 'error') ? undefined : read.rulebooks;
};

/** A text as its plain runs and the ids of the game's rules it cites, in order. */
export type CitedPart = { readonly text: string } | { readonly rule: string };

const patterns = new WeakMap<GameRulebooks, { pattern: RegExp | undefined; ids: ReadonlySet<string> }>();

const patternOf = (rulebooks: GameRulebooks): { pattern: RegExp | undefined; ids: ReadonlySet<string> } => {
  const known = patterns.get(rulebooks);
  if (known) return known;
  const ids = new Set(ruleIds(rulebooks));
  const made = { pattern: citationPattern([...ids].map(prefixOf)), ids };
  patterns.set(rulebooks, made);
  return made;
};

export const citedParts = (text: string, rulebooks: GameRulebooks | undefined): CitedPart[] => {
  if (!rulebooks) return [{ text }];
  const { pattern, ids } = patternOf(rulebooks);
  const parts: CitedPart[] = [];
  let at = 0;
  for (const c of citationsIn(text, pattern)) {
    // An id the rulebook does not have stays text: it would open nothing.
    if (!ids.has(c.id)) continue;
    if (c.offset > at) parts.push({ text: text.slice(at, c.offset) });
    parts.push({ rule: c.id });
    at = c.offset + c.id.length;
  }
  if (at < text.length || parts.length === 0) parts.push({ text: text.slice(at) });
  return parts;
};

const NOTE_CHARS = 240;

/** The rules a text cites, one line each (id, title, text cut short), for a tooltip that can only hold text. */
export const ruleNotes = (text: string, rulebooks: GameRulebooks | undefined, lang: Lang): string =>
  [...new Set(citedParts(text, rulebooks).flatMap((p) => ('rule' in p ? [p.rule] : [])))]
    .flatMap((id) => {
      const rule = rulebooks ? ruleText(rulebooks, id, lang) : undefined;
      if (!rule) return [];
      const body = rule.text.length > NOTE_CHARS ? `${rule.text.slice(0, NOTE_CHARS - 1).trimEnd()}…` : rule.text;
      return [`\n${id} ${rule.title}: ${body}`];
    })
    .join('');
