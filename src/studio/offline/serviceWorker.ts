/// <reference lib="webworker" />
/**
 * The built studio's service worker (vite.config.ts emits it as `sw.js`, with `ASSETS`, the files
 * of that build). A file under `assets/` has its content's hash in its name and never changes, so
 * it is served from the cache once fetched: a second visit loads the studio without the network,
 * and a visited studio opens offline. The page itself (index.html) is always asked of the network
 * first and answered from the cache only when the network fails, so a new build reaches the user
 * on the next load: its page names the new files, which are fetched and kept. A new build also
 * brings a new `sw.js`; it takes over once no tab runs the old studio, and drops the files the
 * new build no longer has (an open tab of the old one may still load its lazy parts until then).
 */
declare const ASSETS: readonly string[];

const scope = self as unknown as ServiceWorkerGlobalScope;
const CACHE = 'houserules-studio';
const PAGE = new URL('./', scope.location.href).href;
const assetsRoot = new URL('./assets/', scope.location.href).href;

const fromNetwork = async (event: FetchEvent, key: Request | string): Promise<Response> => {
  const response = await fetch(event.request);
  if (response.ok) {
    const copy = response.clone();
    // Keeping a copy is a bonus: when storage is full the response still goes to the page.
    event.waitUntil(
      caches
        .open(CACHE)
        .then((c) => c.put(key, copy))
        .catch(() => undefined),
    );
  }
  return response;
};

const page = async (event: FetchEvent): Promise<Response> => {
  try {
    return await fromNetwork(event, PAGE);
  } catch (err) {
    const cached = await caches.match(PAGE);
    if (cached) return cached;
    throw err;
  }
};

const asset = async (event: FetchEvent): Promise<Response> => (await caches.match(event.request)) ?? fromNetwork(event, event.request);

scope.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  // Only the studio's own page: a frame's navigation (the isolated frame, src/studio/sandbox) is
  // not the page, and must not be kept in its place.
  if (request.mode === 'navigate' && request.destination === 'document') event.respondWith(page(event));
  else if (request.url.startsWith(assetsRoot)) event.respondWith(asset(event));
});

// The page's files fetched before this worker controlled it (the first visit's), sent by the page.
scope.addEventListener('message', (event) => {
  const urls: unknown = (event.data as { keep?: unknown } | null)?.keep;
  if (!Array.isArray(urls)) return;
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      for (const url of [PAGE, ...urls]) {
        if (typeof url !== 'string' || (url !== PAGE && !url.startsWith(assetsRoot)) || (await cache.match(url))) continue;
        // One file that cannot be fetched now is fetched, and kept, when it is next needed.
        await cache.add(url).catch(() => undefined);
      }
    })(),
  );
});

scope.addEventListener('activate', (event) => {
  const keep = new Set(ASSETS.map((a) => new URL(a, scope.location.href).href));
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      for (const request of await cache.keys()) if (request.url !== PAGE && !keep.has(request.url)) await cache.delete(request);
      await scope.clients.claim();
    })(),
  );
});
