/* global self, caches */
// The technician area's service worker: the app shell from the network when there is one, from the cache when
// there is none. Data (GraphQL) is never cached here: the pages keep their own last answer, with its time, so
// they can say how old it is.
const CACHE = 'tijdvak-technician-v1';

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

/** Network first; a good answer refreshes the cache, a failed one falls back to it. */
async function networkFirst(request, cacheKey) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(cacheKey, response.clone());
    return response;
  } catch (error) {
    const cached = await cache.match(cacheKey);
    if (cached) return cached;
    throw error;
  }
}

/** Hashed build files never change: the cache answers first. */
async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    // Every technician page is the same single-page app: one cached copy serves them all.
    event.respondWith(networkFirst(request, '/technician/manage'));
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirst(request));
  } else if (!url.pathname.startsWith('/graphql') && !url.pathname.startsWith('/api/')) {
    event.respondWith(networkFirst(request, request));
  }
});
