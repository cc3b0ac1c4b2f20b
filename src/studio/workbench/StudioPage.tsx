/**
 * A game's page: decodes a share link if the URL carries one (saying what is wrong when it is
 * broken), loads the game's files — the link's as a copy, or the user's own — and hands them to
 * the workbench, which can ask for the user's own version again (after a restore, or to leave a
 * shared copy).
 */
import { useCallback, useEffect, useState } from 'react';
import { gameHash, replaceHash } from '../app/route.ts';
import type { SharedSpec } from '../persist/share.ts';
import { warmUpLayout } from '../diagram/layoutClient.ts';
import { readShare } from './readShare.ts';
import { loadWorkspace, type WorkFile } from './workspace.ts';
import type { GameTexts } from './gameTexts.ts';
import { Workbench } from './Workbench.tsx';
import { useT } from '../i18n/index.ts';

interface Props {
  gameId: string;
  query: URLSearchParams;
}

type Loaded =
  | { state: 'loading' }
  | { state: 'error'; error: string }
  | { state: 'ready'; files: WorkFile[]; texts: GameTexts; shared: SharedSpec | null; shareError: string | null; loadId: number };

let loads = 0;

export default function StudioPage({ gameId, query }: Props) {
  const t = useT();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [share, setShare] = useState(() => query.get('share'));
  const [reopened, setReopened] = useState(0);
  const variantsParam = query.get('variants');
  const queryShare = query.get('share');
  // The diagram's worker starts while the game's files load, not once the workbench is drawn.
  useEffect(warmUpLayout, []);
  useEffect(() => {
    if (queryShare !== null) setShare(queryShare);
  }, [queryShare]);
  useEffect(() => {
    let cancelled = false;
    (async () => {
      let shared: SharedSpec | null = null;
      let shareError: string | null = null;
      if (share !== null) {
        const r = await readShare(gameId, share);
        if ('error' in r) shareError = r.error;
        else shared = r.shared;
        // The link has been read: keep the address short; a reload opens the user's own version.
        replaceHash(gameHash(gameId));
      }
      const ws = await loadWorkspace(gameId, shared?.files ?? null);
      if (cancelled) return;
      loads += 1;
      setLoaded(
        ws.ok
          ? { state: 'ready', files: ws.files, texts: ws.texts, shared, shareError, loadId: loads }
          : { state: 'error', error: ws.error },
      );
    })().catch((err: unknown) => {
      if (!cancelled) setLoaded({ state: 'error', error: err instanceof Error ? err.message : String(err) });
    });
    return () => {
      cancelled = true;
    };
  }, [gameId, share, reopened]);

  const openOwn = useCallback(() => {
    setShare(null);
    setReopened((n) => n + 1);
  }, []);

  if (loaded.state === 'loading') return <div className="loading-page">{t('studio.loadingGame', { id: gameId })}</div>;
  if (loaded.state === 'error') {
    return (
      <div className="loading-page">
        <div className="error-box">{t('studio.cannotOpen', { error: loaded.error })}</div>
        <a href="#/">{t('studio.backToGames')}</a>
      </div>
    );
  }
  return (
    <Workbench
      // A new load (a share link, the user's own version again) starts a fresh workbench.
      key={loaded.loadId}
      gameId={gameId}
      initialFiles={loaded.files}
      texts={loaded.texts}
      shared={loaded.shared}
      shareError={loaded.shareError}
      presetVariants={variantsParam !== null ? variantsParam.split(',').filter(Boolean) : null}
      onOpenOwn={openOwn}
      tour={query.get('tour') !== null}
    />
  );
}
