/**
 * The games on disk: `games/<id>/game.yaml` with variants in `games/<id>/variants/<id>.yaml`.
 * A command names a game by id or gives a spec file's path.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import type { LocaleInput, SourceFile } from '../compile/index.ts';
import { sizeProblem } from '../parse/index.ts';
import { readYamlText } from './readText.ts';
import { withRequirements } from '../variants/requirements.ts';
import { SPEC_LANGUAGE } from '../compile/localized.ts';

export const GAMES_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../games');

export interface VariantEntry {
  id: string;
  title: string;
  file: string;
  description: string;
  requires: string[];
  conflicts: string[];
}

export interface GameEntry {
  id: string;
  title: string;
  file: string;
  variants: VariantEntry[];
}

const display = (path: string): string => relative(process.cwd(), path) || path;

/** A file's values for the catalog; {} when it is not a mapping or too large to read (validating it says why, located). */
const readYaml = (path: string): Record<string, unknown> => {
  try {
    const text = readYamlText(path);
    if (sizeProblem(text, path)) return {};
    const value: unknown = parse(text);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

export const listGames = (dir = GAMES_DIR): GameEntry[] => {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => existsSync(join(dir, name, 'game.yaml')))
    .sort()
    .map((name) => {
      const file = join(dir, name, 'game.yaml');
      const spec = readYaml(file);
      const variantsDir = join(dir, name, 'variants');
      const variants = existsSync(variantsDir)
        ? readdirSync(variantsDir)
            .filter((f) => f.endsWith('.yaml'))
            .sort()
            .map((f) => {
              const path = join(variantsDir, f);
              const v = readYaml(path);
              return {
                id: typeof v.variant === 'string' ? v.variant : basename(f, '.yaml'),
                title: String(v.title ?? ''),
                file: display(path),
                description: String(v.description ?? ''),
                requires: strings(v.requires),
                conflicts: strings(v.conflicts),
              };
            })
        : [];
      return { id: typeof spec.id === 'string' ? spec.id : name, title: String(spec.title ?? name), file: display(file), variants };
    });
};

export type Resolved =
  | { base: SourceFile; variants: SourceFile[]; locale?: LocaleInput /** Every variant of the game. */; known: VariantEntry[] }
  | { error: string };

/** The languages a game folder has translations for (its locales/<lang>.yaml files). */
const localesIn = (gameDir: string): string[] => {
  const dir = join(gameDir, 'locales');
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.yaml'))
        .map((f) => basename(f, '.yaml'))
        .sort()
    : [];
};

/** The game's locale file for `lang` (undefined for English), or why there is none. */
const localeOf = (
  basePath: string,
  lang: string | undefined,
  known: readonly VariantEntry[],
): { locale?: LocaleInput } | { error: string } => {
  if (lang === undefined || lang === SPEC_LANGUAGE) return {};
  const gameDir = dirname(basePath);
  const path = join(gameDir, 'locales', `${lang}.yaml`);
  if (!existsSync(path))
    return { error: `no '${lang}' translation of ${display(basePath)} (languages: ${[SPEC_LANGUAGE, ...localesIn(gameDir)].join(', ')})` };
  return { locale: { file: read(path), knownVariants: known.map((k) => k.id) } };
};

const read = (path: string): SourceFile => ({ file: display(path), text: readYamlText(path) });

/** A game id from the catalog, a path to a spec file or to a game's folder, with the named variants of that game and those they require. */
export const resolveGame = (target: string, variantIds: readonly string[], lang?: string): Resolved => {
  const games = listGames();
  const entry = games.find((g) => g.id === target);
  let basePath: string;
  if (entry) basePath = resolve(entry.file);
  else if (existsSync(target) && statSync(target).isFile()) basePath = resolve(target);
  // A game's folder stands for its game.yaml.
  else if (existsSync(join(target, 'game.yaml'))) basePath = resolve(target, 'game.yaml');
  else
    return {
      error: `no game '${target}' (games: ${games.map((g) => g.id).join(', ') || 'none'}), no such file and no game.yaml in such a folder`,
    };
  const variantsDir = join(dirname(basePath), 'variants');
  const known = entry?.variants ?? listGames(dirname(dirname(basePath))).find((g) => resolve(g.file) === basePath)?.variants ?? [];
  const variants: SourceFile[] = [];
  for (const id of withRequirements(variantIds, (v) => known.find((k) => k.id === v)?.requires)) {
    const v = known.find((k) => k.id === id);
    const path = v ? resolve(v.file) : join(variantsDir, `${id}.yaml`);
    if (!existsSync(path)) {
      return {
        error: `no variant '${id}' for ${entry?.id ?? display(basePath)} (variants: ${known.map((k) => k.id).join(', ') || 'none'})`,
      };
    }
    variants.push(read(path));
  }
  const locale = localeOf(basePath, lang, known);
  if ('error' in locale) return locale;
  return { base: read(basePath), variants, ...locale, known };
};

/**
 * A shipped game's files by id, as the game server takes them: `game.yaml` and
 * `variants/<id>.yaml` (named by the variant's id), or undefined for an id that is not shipped.
 */
export const shippedFiles = (id: string, dir = GAMES_DIR): Record<string, string> | undefined => {
  const entry = listGames(dir).find((g) => g.id === id);
  if (!entry) return undefined;
  const files: Record<string, string> = { 'game.yaml': readFileSync(resolve(entry.file), 'utf8') };
  for (const v of entry.variants) files[`variants/${v.id}.yaml`] = readFileSync(resolve(v.file), 'utf8');
  return files;
};
