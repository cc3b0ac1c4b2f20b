/**
 * `houserules rules <game> [--variant a,b] [--param json] [--lang xx] [--format md|html]`: the
 * house-rules sheet, the rulebook with the switched-on house rules' changes put in place and marked.
 */
import { resolve } from 'node:path';
import { formatDiagnostic } from '../../spec/diagnostics.ts';
import { houseRulesSheet, LANGUAGES, sheetHtml, sheetMarkdown, studioLink, type Lang } from '../../rulebook/index.ts';
import { withRequirements } from '../../variants/requirements.ts';
import { changedParams } from '../../compile/changedParams.ts';
import { listGames, type GameEntry } from '../catalog.ts';
import { loadGame, PARAM_OPTION, VARIANT_OPTION, variantList, type Command, type Io } from '../command.ts';
import { readGameRulebooks } from '../rulebookFiles.ts';

const DEFAULT_STUDIO = 'http://localhost:5173/';
const FORMATS = ['md', 'html'] as const;

const entryOf = (target: string): GameEntry | undefined => listGames().find((g) => g.id === target || resolve(g.file) === resolve(target));

const option = <T extends string>(io: Io, name: string, raw: unknown, allowed: readonly T[], fallback: T): T | undefined => {
  if (raw === undefined) return fallback;
  if (typeof raw === 'string' && (allowed as readonly string[]).includes(raw)) return raw as T;
  io.err(`--${name} must be one of ${allowed.join(', ')}, got '${String(raw)}'`);
  return undefined;
};

export const rulesCommand: Command = {
  name: 'rules',
  usage: 'rules <game-id> [--variant a,b] [--param json] [--lang en|bg|ro|ru] [--format md|html] [--studio-url url]',
  summary: 'the house-rules sheet: the rulebook with the house rules in place and marked',
  options: {
    variant: VARIANT_OPTION,
    param: PARAM_OPTION,
    lang: { type: 'string', hint: LANGUAGES.join('|'), help: 'the language of the rules (default: en)' },
    format: { type: 'string', hint: FORMATS.join('|'), help: 'Markdown (default) or a standalone HTML page to print' },
    'studio-url': { type: 'string', hint: 'url', help: `the studio's address for the link line (default: ${DEFAULT_STUDIO})` },
  },
  run: async ([target], values, io) => {
    const lang = option<Lang>(io, 'lang', values.lang, LANGUAGES, 'en');
    const format = option(io, 'format', values.format, FORMATS, 'md');
    if (lang === undefined || format === undefined) return 1;
    const game = loadGame(io, target, values);
    if (!game || target === undefined) return 1;
    const entry = entryOf(target);
    if (!entry) {
      io.err(`${target}: a rulebook is found beside a game of the games folder (see \`houserules list\`)`);
      return 1;
    }
    const read = readGameRulebooks(entry);
    const shown = read.diagnostics.filter((d) => d.severity === 'error' || d.file.endsWith(`${lang}.yaml`));
    for (const d of shown) io.err(formatDiagnostic(d));
    if (!read.rulebooks || read.diagnostics.some((d) => d.severity === 'error')) {
      if (!read.rulebooks && shown.length === 0) io.err(`${entry.id} has no rulebook (games/${entry.id}/rules/en.yaml)`);
      return 1;
    }
    if (!read.rulebooks.books[lang]) io.err(`warning: ${entry.id} has no rulebook in ${lang} (${lang}.yaml): the English text is shown`);
    const ids = withRequirements(variantList(values), (v) => entry.variants.find((k) => k.id === v)?.requires);
    const link = studioLink(
      typeof values['studio-url'] === 'string' ? values['studio-url'] : DEFAULT_STUDIO,
      entry.id,
      variantList(values),
    );
    if ('error' in link) {
      io.err(`--studio-url: ${link.error}`);
      return 1;
    }
    const variants = ids.map((id) => ({ id, title: entry.variants.find((v) => v.id === id)?.title || id }));
    const sheet = houseRulesSheet(read.rulebooks, { lang, variants, params: changedParams(game), link: link.link });
    if (!sheet) return 1;
    io.out((format === 'html' ? sheetHtml(sheet) : sheetMarkdown(sheet)).trimEnd());
    return 0;
  },
};
