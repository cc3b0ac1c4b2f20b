/**
 * A game's page: decodes a share link if the URL carries one (saying what is wrong when it is
 * broken), loads the game's files, then hands them to the workbench.
 */
import { useEffect, useState } from 'react';
import { gameHash, replaceHash } from '../app/route.ts';
import { decodeShare, type SharedSpec } from '../persist/share.ts';
import { loadWorkspace, type WorkFile } from './workspace.ts';
import { Workbench } from './Workbench.tsx';

interface Props {
  gameId: string;
  query: URLSearchParams;
}

type Loaded =
  | { state: 'loading' }
  | { state: 'error'; error: string }
  | { state: 'ready'; files: WorkFile[]; shared: SharedSpec | null; shareError: string | null; loadId: number };

let loads = 0;

export default function StudioPage({ gameId, query }: Props) {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const share = query.get('share');
  const variantsParam = query.get('variants');
  useEffect(() => {
    let cancelled = false;
    (async () => {
      let shared: SharedSpec | null = null;
      let shareError: string | null = null;
      if (share !== null) {
        const decoded = await decodeShare(share);
        if (decoded.ok && decoded.shared.game !== gameId) shareError = `the link is for the game '${decoded.shared.game}', not '${gameId}'`;
        else if (decoded.ok) shared = decoded.shared;
        else shareError = decoded.error;
        // The link has been read: keep the address short, and a reload from showing it again.
        replaceHash(gameHash(gameId));
      }
      const ws = await loadWorkspace(gameId, shared);
      if (cancelled) return;
      loads += 1;
      setLoaded(ws.ok ? { state: 'ready', files: ws.files, shared, shareError, loadId: loads } : { state: 'error', error: ws.error });
    })().catch((err: unknown) => {
      if (!cancelled) setLoaded({ state: 'error', error: err instanceof Error ? err.message : String(err) });
    });
    return () => {
      cancelled = true;
    };
  }, [gameId, share]);

  if (loaded.state === 'loading') return <div className="loading-page">Loading {gameId}…</div>;
  if (loaded.state === 'error') {
    return (
      <div className="loading-page">
        <div className="error-box">Cannot open this game: {loaded.error}.</div>
        <a href="#/">Back to the games</a>
      </div>
    );
  }
  return (
    <Workbench
      // A new load (a share link opened on this page) starts a fresh workbench.
      key={loaded.loadId}
      gameId={gameId}
      initialFiles={loaded.files}
      shared={loaded.shared}
      shareError={loaded.shareError}
      presetVariants={variantsParam !== null ? variantsParam.split(',').filter(Boolean) : null}
    />
  );
}
