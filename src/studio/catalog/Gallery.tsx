/**
 * The gallery: "Start here", then the user's own games and every game in `games/` with its
 * description, player count and house-rule variants; each can be duplicated as one's own. Titles
 * are read from the files themselves (plain YAML parse, nothing compiled), so the page is quick and
 * a broken spec still gets a card; in another language, from the game's locale file where it has one.
 */
import { useEffect, useState } from 'react';
import { parse } from 'yaml';
import { gameHash } from '../app/route.ts';
import { loadFileText } from '../persist/storage.ts';
import { catalog, type CatalogGame } from './catalog.ts';
import { duplicateGame, newGameFromTemplate, ownCatalog } from './ownGames.ts';
import { StartHere } from './StartHere.tsx';
import { ReferenceButton } from '../reference/ReferenceButton.tsx';
import { LanguagePicker, t, useLanguage, useT, type Language } from '../i18n/index.ts';

interface Card {
  id: string;
  title: string;
  description: string;
  players: string;
  edited: boolean;
  /** Made in this browser (new or duplicated), not shipped. */
  own: boolean;
  /** The spec's length, to pick the easiest game to read for the first step. */
  size: number;
  variants: { id: string; title: string; description: string }[];
  problem?: string;
}

const field = (value: unknown, key: string): unknown =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>)[key] : undefined;

const text = (v: unknown, fallback: string): string => (typeof v === 'string' && v.trim() ? v.trim() : fallback);

const readYaml = (source: string): { value: unknown; problem?: string } => {
  try {
    return { value: parse(source) };
  } catch (err) {
    return { value: undefined, problem: err instanceof Error ? err.message.split('\n')[0] : t('gallery.unreadableYaml') };
  }
};

const cardOf =
  (own: boolean, lang: Language) =>
  async (game: CatalogGame): Promise<Card> => {
    const localeFile = game.locales.find((l) => l.lang === lang);
    const [locale, base, ...variantTexts] = await Promise.all([
      localeFile?.load() ?? '',
      game.base.load(),
      ...game.variants.map((v) => v.load()),
    ]);
    const translated = readYaml(locale).value;
    const translatedVariant = (id: string, key: string): unknown => field(field(field(translated, 'variants'), id), key);
    const edited = loadFileText(game.base.file) !== null || game.variants.some((v) => loadFileText(v.file) !== null);
    const source = loadFileText(game.base.file) ?? base ?? '';
    const { value, problem } = readYaml(source);
    const players = field(value, 'players');
    const min = field(players, 'min');
    const max = field(players, 'max');
    return {
      id: game.id,
      title: text(field(translated, 'title'), text(field(value, 'title'), game.id)),
      description: text(field(translated, 'description'), text(field(value, 'description'), '')),
      players: typeof min === 'number' && typeof max === 'number' ? (min === max ? `${min}` : `${min}–${max}`) : '?',
      edited: edited && !own,
      own,
      size: source.length,
      variants: game.variants.map((v, i) => {
        const vv = readYaml(variantTexts[i] ?? '').value;
        return {
          id: v.id,
          title: text(translatedVariant(v.id, 'title'), text(field(vv, 'title'), v.id)),
          description: text(translatedVariant(v.id, 'description'), text(field(vv, 'description'), '')),
        };
      }),
      ...(problem ? { problem } : {}),
    };
  };

const open = (id: string): void => {
  window.location.hash = gameHash(id);
};

export const Gallery = () => {
  const t = useT();
  const lang = useLanguage();
  const [cards, setCards] = useState<Card[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    // Cards of a language picked before this one must not land after these.
    let current = true;
    Promise.all([...ownCatalog().map(cardOf(true, lang)), ...catalog.map(cardOf(false, lang))]).then(
      (next) => current && setCards(next),
      (err: unknown) => current && setError(String(err)),
    );
    return () => {
      current = false;
    };
  }, [lang]);
  const first = (cards ?? []).filter((c) => !c.own && !c.problem).sort((a, b) => a.size - b.size)[0];
  const duplicate = (id: string): void => {
    duplicateGame(id).then(open, (err: unknown) => setError(t('gallery.duplicateFailed', { id, error: String(err) })));
  };
  return (
    <div className="gallery-page">
      <header className="topbar">
        <a className="brand" href="#/">
          <span className="brand-mark">◆</span> houserules <span className="brand-sub">{t('brand.studio')}</span>
        </a>
        <span className="topbar-note">{t('gallery.tagline')}</span>
        <span className="topbar-spacer" />
        <LanguagePicker />
        <ReferenceButton />
      </header>
      <main className="gallery" data-testid="gallery">
        <StartHere first={first ? { id: first.id, title: first.title } : null} onNewGame={(title) => open(newGameFromTemplate(title))} />
        <h1>{t('gallery.games')}</h1>
        {error && <div className="error-box">{t('gallery.readFailed', { error })}</div>}
        {cards === null && !error && <p className="empty-note">{t('gallery.loading')}</p>}
        {cards?.length === 0 && <p className="empty-note">{t('gallery.none')}</p>}
        <div className="game-cards">
          {cards?.map((c) => (
            <article key={c.id} className="game-card" data-game={c.id}>
              <a className="game-card-main" href={gameHash(c.id)} data-testid={`open-${c.id}`}>
                <h2>{c.title}</h2>
                <p className="game-meta">
                  {t('gallery.meta', { players: c.players, rules: c.variants.length })}
                  {c.edited && <span className="badge">{t('gallery.edited')}</span>}
                  {c.own && <span className="badge">{t('gallery.yours')}</span>}
                </p>
                {c.problem && <p className="game-problem">{t('gallery.yamlProblem', { problem: c.problem })}</p>}
                <p className="game-desc">{c.description}</p>
              </a>
              <div className="card-actions">
                <button
                  type="button"
                  className="btn ghost small"
                  onClick={() => duplicate(c.id)}
                  data-testid={`duplicate-${c.id}`}
                  title={t('gallery.duplicateTitle', { title: c.title })}
                >
                  {t('gallery.duplicate')}
                </button>
              </div>
              {c.variants.length > 0 && (
                <div className="variant-chips" role="group" aria-label={t('gallery.openWithRule')}>
                  {c.variants.map((v) => (
                    <a
                      key={v.id}
                      className="chip"
                      href={gameHash(c.id, { variants: v.id })}
                      title={v.description || t('gallery.openWith', { title: v.title })}
                    >
                      + {v.title}
                    </a>
                  ))}
                </div>
              )}
            </article>
          ))}
        </div>
      </main>
    </div>
  );
};
