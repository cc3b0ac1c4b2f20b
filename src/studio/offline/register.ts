/**
 * Registers the built studio's service worker (serviceWorker.ts, emitted as `sw.js`) once the page
 * has loaded, so it never competes with the first load, and hands it the files this first visit
 * fetched before it was there.
 */
export const registerServiceWorker = (): void => {
  // The dev server (the one with hot reload) serves no sw.js; every build does, in any mode.
  if (import.meta.hot || !('serviceWorker' in navigator)) return;
  addEventListener('load', () => {
    navigator.serviceWorker
      .register('./sw.js')
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => {
        const keep = performance.getEntriesByType('resource').map((e) => e.name);
        registration.active?.postMessage({ keep });
      })
      // Without it the studio works as before, from the network: say so where developers look.
      .catch((err: unknown) =>
        console.warn(`houserules: no offline copy of the studio (${err instanceof Error ? err.message : String(err)})`),
      );
  });
};
