/**
 * Hash routes: `#/` is the gallery, `#/<game-id>` a game, `#/room/<id>` a room of the game server,
 * with an optional query after `?`
 * (`variants=a,b` to preselect house rules, `share=<data>` for a shared spec). Hash routing keeps
 * the built site a set of static files that work from any folder or from disk.
 */
import { useEffect, useState } from 'react';
import { t } from '../i18n/index.ts';

export type Route =
  | { page: 'gallery'; problem?: string }
  | { page: 'game'; gameId: string; query: URLSearchParams }
  /** A room of the game server (`#/room/<id>`, `?invite=<code>` to claim a seat). Game ids have no slash. */
  | { page: 'room'; roomId: string; query: URLSearchParams };

export const parseRoute = (hash: string): Route => {
  const body = hash.replace(/^#\/?/, '');
  const [pathPart = '', queryPart = ''] = body.split(/\?(.*)/s, 2);
  let gameId: string;
  try {
    gameId = decodeURIComponent(pathPart.replace(/\/+$/, ''));
  } catch {
    // A malformed escape (`#/%`): the address cannot name a game; say so over the gallery.
    return { page: 'gallery', problem: t('route.badAddress', { address: `#/${pathPart.slice(0, 80)}` }) };
  }
  if (!gameId) return { page: 'gallery' };
  const room = /^room\/([A-Za-z0-9_-]+)$/.exec(gameId)?.[1];
  if (room) return { page: 'room', roomId: room, query: new URLSearchParams(queryPart) };
  return { page: 'game', gameId, query: new URLSearchParams(queryPart) };
};

export const gameHash = (gameId: string, query?: Record<string, string>): string => {
  // Commas are legal in a query: `variants=a,b` stays as people write it.
  const q = query ? new URLSearchParams(query).toString().replace(/%2C/g, ',') : '';
  return `#/${encodeURIComponent(gameId)}${q ? `?${q}` : ''}`;
};

export const useRoute = (): Route => {
  const [route, setRoute] = useState(() => parseRoute(window.location.hash));
  useEffect(() => {
    const onChange = (): void => setRoute(parseRoute(window.location.hash));
    window.addEventListener('hashchange', onChange);
    return () => window.removeEventListener('hashchange', onChange);
  }, []);
  return route;
};

/** Drops the query from the current hash without adding a history entry (e.g. a consumed share). */
export const replaceHash = (hash: string): void => {
  window.history.replaceState(null, '', hash);
};
