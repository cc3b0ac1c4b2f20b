/**
 * The gallery's "Start here": the three things to do with a game, a guided first step into one
 * (the shipped game with the shortest spec, the easiest to read), and a new game of one's own.
 */
import { useState } from 'react';
import { gameHash } from '../app/route.ts';
import { useT, type PlainMessageId } from '../i18n/index.ts';

interface Props {
  /** The game the guided first step opens. */
  first: { id: string; title: string } | null;
  onNewGame: (title: string) => void;
}

const THINGS: readonly [PlainMessageId, PlainMessageId][] = [
  ['start.tweak', 'start.tweakText'],
  ['start.flow', 'start.flowText'],
  ['start.playtest', 'start.playtestText'],
];

export const StartHere = ({ first, onNewGame }: Props) => {
  const t = useT();
  const [naming, setNaming] = useState(false);
  const [title, setTitle] = useState('');
  return (
    <section className="start-here" aria-labelledby="start-here-title" data-testid="start-here">
      <h1 id="start-here-title">{t('start.title')}</h1>
      <ol className="start-things">
        {THINGS.map(([what, how]) => (
          <li key={what}>
            <strong>{t(what)}</strong>
            <span>{t(how)}</span>
          </li>
        ))}
      </ol>
      <div className="start-actions">
        {first && (
          <a className="btn primary" href={gameHash(first.id, { tour: '1' })} data-testid="start-tour">
            {t('start.tour', { title: first.title })}
          </a>
        )}
        {naming ? (
          <form
            className="new-game-form"
            onSubmit={(e) => {
              e.preventDefault();
              onNewGame(title);
            }}
          >
            <label>
              {t('start.newName')}{' '}
              <input
                autoFocus
                value={title}
                onChange={(e) => setTitle(e.target.value)}
                placeholder={t('start.newPlaceholder')}
                data-testid="new-game-title"
              />
            </label>
            <button type="submit" className="btn primary" data-testid="new-game-create">
              {t('start.create')}
            </button>
            <button type="button" className="btn ghost" onClick={() => setNaming(false)}>
              {t('common.cancel')}
            </button>
          </form>
        ) : (
          <button type="button" className="btn" onClick={() => setNaming(true)} data-testid="new-game" title={t('start.newGameTitle')}>
            {t('start.newGame')}
          </button>
        )}
      </div>
    </section>
  );
};
