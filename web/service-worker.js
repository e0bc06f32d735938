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

// Every lookup ignores `Vary`: this cache holds one answer per URL of one version, and a server that
// answers `Vary: Origin` (vite preview does) would otherwise miss every module script, whose request
// carries an Origin that the precache request did not.
const LOOKUP = { ignoreVary: true };

async function respond(request, url) {
  const cache = await caches.open(CACHE);
  const navigate = request.mode === 'navigate';
  const hit = await cache.match(request, { ...LOOKUP, ignoreSearch: navigate });
  if (hit) return hit;
  if (navigate && (url.pathname === scope.pathname || url.pathname === scope.pathname + 'index.html')) {
    const page = await cache.match(shell, LOOKUP);
    if (page) return page;
  }
  return fetch(request);
}

// The page asks before it says "Works offline": true only when every file answers from the cache by
// the lookup above. A file the browser evicted is fetched again first; offline, that fails and says so.
self.addEventListener('message', (event) => {
  if (event.data?.type !== 'sitemill-offline-ready' || !event.ports[0]) return;
  event.waitUntil(allCached().then((ok) => event.ports[0].postMessage(ok), () => event.ports[0].postMessage(false)));
});

async function allCached() {
  const cache = await caches.open(CACHE);
  const missing = [];
  for (const f of FILES) {
    const href = new URL(f, scope).href;
    if (!(await cache.match(href, LOOKUP))) missing.push(new Request(href, { cache: 'reload' }));
  }
  if (missing.length) await cache.addAll(missing);
  return true;
}
