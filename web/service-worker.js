// Offline support: precaches the app shell, the engine's worker and its wasm under a versioned cache,
// then answers same-origin GETs cache-first. The build fills in the version and the file list.
/* global self, caches */
const VERSION = '__SITEMILL_VERSION__';
const FILES = /** @type {string[]} */ (__SITEMILL_PRECACHE__);
const CACHE = `sitemill-${VERSION}`;
const scope = new URL(self.registration.scope);
const shell = new URL('index.html', scope).href;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      // `reload` skips the HTTP cache so a new version never stores an old file.
      cache.addAll(FILES.map((f) => new Request(new URL(f, scope).href, { cache: 'reload' }))),
    ),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) {
        if (key.startsWith('sitemill-') && key !== CACHE) await caches.delete(key);
      }
      // Also serve the page that installed us, so it can start a fresh engine worker while offline.
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) return;
  event.respondWith(respond(request, url));
});

async function respond(request, url) {
  const cache = await caches.open(CACHE);
  const navigate = request.mode === 'navigate';
  const hit = await cache.match(request, { ignoreSearch: navigate });
  if (hit) return hit;
  if (navigate && (url.pathname === scope.pathname || url.pathname === scope.pathname + 'index.html')) {
    const page = await cache.match(shell);
    if (page) return page;
  }
  return fetch(request);
}
