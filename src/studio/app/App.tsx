/** Routes: the gallery at `#/`, a game's studio at `#/<game-id>`, a room of the game server at `#/room/<id>`. */
import { lazy, Suspense } from 'react';
import { Gallery } from '../catalog/Gallery.tsx';
import { useRoute } from './route.ts';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { useT } from '../i18n/index.ts';

// The studio page carries Monaco, the compiler and the engine: load it only when a game opens.
const StudioPage = lazy(() => import('../workbench/StudioPage.tsx'));
const RoomPage = lazy(() => import('../online/RoomPage.tsx'));

export const App = () => {
  const t = useT();
  const route = useRoute();
  if (route.page === 'gallery') {
    return (
      <>
        {route.problem && (
          <div className="banner error" role="alert" data-testid="route-problem">
            {route.problem}
          </div>
        )}
        <Gallery />
      </>
    );
  }
  if (route.page === 'room') {
    return (
      <ErrorBoundary where={t('app.whereRoom')} resetKey={route.roomId}>
        <Suspense fallback={<div className="loading-page">{t('app.loadingRoom')}</div>}>
          <RoomPage key={route.roomId} room={route.roomId} invite={route.query.get('invite')} />
        </Suspense>
      </ErrorBoundary>
    );
  }
  return (
    <ErrorBoundary where={t('app.whereGame', { id: route.gameId })} resetKey={route.gameId}>
      <Suspense fallback={<div className="loading-page">{t('app.loadingStudio')}</div>}>
        <StudioPage key={route.gameId} gameId={route.gameId} query={route.query} />
      </Suspense>
    </ErrorBoundary>
  );
};
