/**
 * The games shipped in `games/`, found from the data: any folder with a `game.yaml` is a game and
 * any `variants/*.yaml` beside it a house-rule variant, so a new folder appears with no code.
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

export interface CatalogGame {
  readonly id: string;
  readonly base: CatalogFile;
  readonly variants: readonly CatalogVariant[];
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

const relative = (key: string): string => key.replace(/^\//, '');

/** Builds the catalog from glob results; exported for tests with made-up file maps. */
export const buildCatalog = (
  bases: Record<string, Loader>,
  variants: Record<string, Loader>,
): CatalogGame[] => {
  const games: CatalogGame[] = [];
  for (const [key, load] of Object.entries(bases)) {
    const id = /^\/games\/([^/]+)\/game\.yaml$/.exec(key)?.[1];
    if (!id) continue;
    const own = Object.entries(variants)
      .map(([vkey, vload]) => ({ parts: /^\/games\/([^/]+)\/variants\/([^/]+)\.yaml$/.exec(vkey), vkey, vload }))
      .filter((v) => v.parts?.[1] === id)
      .map(({ parts, vkey, vload }) => ({ id: parts?.[2] ?? '', file: relative(vkey), load: vload }))
      .sort((a, b) => a.id.localeCompare(b.id));
    games.push({ id, base: { file: relative(key), load }, variants: own });
  }
  return games.sort((a, b) => a.id.localeCompare(b.id));
};

export const catalog: readonly CatalogGame[] = buildCatalog(baseFiles, variantFiles);

export const findGame = (id: string): CatalogGame | undefined => catalog.find((g) => g.id === id);
