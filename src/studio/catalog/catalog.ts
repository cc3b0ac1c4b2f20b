/**
 * The games shipped in `games/`, found from the data: any folder with a `game.yaml` is a game, any
 * `variants/*.yaml` beside it a house-rule variant, any `locales/<lang>.yaml` its texts in that
 * language and any `rules/<lang>.yaml` its rulebook, so a new folder appears with no code.
 * Texts load lazily (Vite splits each file into its own chunk).
 */

export interface CatalogFile {
  /** Repo-relative path, also used as the file name in diagnostics: `games/<id>/game.yaml`. */
  readonly file: string;
  readonly load: () => Promise<string>;
}

export interface CatalogVariant extends CatalogFile {
  readonly id: string;
}

/** A file named by its language: a locale (`locales/ru.yaml`) or a rulebook (`rules/ru.yaml`). */
export interface CatalogText extends CatalogFile {
  readonly lang: string;
}

export interface CatalogGame {
  readonly id: string;
  readonly base: CatalogFile;
  readonly variants: readonly CatalogVariant[];
  readonly locales: readonly CatalogText[];
  readonly rulebooks: readonly CatalogText[];
}

type Loader = () => Promise<string>;

const baseFiles: Record<string, Loader> = import.meta.glob<string>('/games/*/game.yaml', {
  query: '?raw',
  import: 'default',
});
const variantFiles: Record<string, Loader> = import.meta.glob<string>('/games/*/variants/*.yaml', {
  query: '?raw',
  import: 'default',
});

const localeFiles: Record<string, Loader> = import.meta.glob<string>('/games/*/locales/*.yaml', {
  query: '?raw',
  import: 'default',
});
// The glossary beside the rulebooks is the translators' word list, not a rulebook.
const rulebookFiles: Record<string, Loader> = import.meta.glob<string>(['/games/*/rules/*.yaml', '!/games/*/rules/glossary.yaml'], {
  query: '?raw',
  import: 'default',
});

const relative = (key: string): string => key.replace(/^\//, '');

/** The files of game `id` in its folder `folder`, each with its name (without `.yaml`), sorted by it. */
const filesIn = (files: Record<string, Loader>, id: string, folder: string): { name: string; file: string; load: Loader }[] =>
  Object.entries(files)
    .flatMap(([key, load]) => {
      const parts = /^\/games\/([^/]+)\/([^/]+)\/([^/]+)\.yaml$/.exec(key);
      return parts?.[1] === id && parts[2] === folder ? [{ name: parts[3] ?? '', file: relative(key), load }] : [];
    })
    .sort((a, b) => a.name.localeCompare(b.name));

/** Builds the catalog from glob results; exported for tests with made-up file maps. */
export const buildCatalog = (
  bases: Record<string, Loader>,
  variants: Record<string, Loader>,
  locales: Record<string, Loader> = {},
  rulebooks: Record<string, Loader> = {},
): CatalogGame[] => {
  const games: CatalogGame[] = [];
  for (const [key, load] of Object.entries(bases)) {
    const id = /^\/games\/([^/]+)\/game\.yaml$/.exec(key)?.[1];
    if (!id) continue;
    games.push({
      id,
      base: { file: relative(key), load },
      variants: filesIn(variants, id, 'variants').map(({ name, ...f }) => ({ id: name, ...f })),
      locales: filesIn(locales, id, 'locales').map(({ name, ...f }) => ({ lang: name, ...f })),
      rulebooks: filesIn(rulebooks, id, 'rules').map(({ name, ...f }) => ({ lang: name, ...f })),
    });
  }
  return games.sort((a, b) => a.id.localeCompare(b.id));
};

export const catalog: readonly CatalogGame[] = buildCatalog(baseFiles, variantFiles, localeFiles, rulebookFiles);

export const findGame = (id: string): CatalogGame | undefined => catalog.find((g) => g.id === id);
