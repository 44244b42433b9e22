/**
 * Makes the technician area open without a connection: a service worker (client/public/technician-sw.js) serves
 * the page itself from its cache when the network fails, and this page puts the files it runs on (the page, its
 * scripts and styles, the texts) into that cache, since they were loaded before the worker existed. Only the
 * technician area registers it: consumers and admins always load fresh.
 */
const SERVICE_WORKER_URL = '/technician-sw.js';
const SERVICE_WORKER_SCOPE = '/technician/';
/** Every technician page is the same single-page app; the worker keeps it under this one path. */
const APP_SHELL = '/technician/manage';
/** The cache the worker reads; the worker file names the same one. */
const OFFLINE_CACHE = 'tijdvak-technician-v1';

function filesOfThisPage(): string[] {
  const own = (url: string) => {
    try {
      const parsed = new URL(url, window.location.href);
      return parsed.origin === window.location.origin ? parsed.pathname + parsed.search : null;
    } catch {
      return null;
    }
  };
  const resources = performance
    .getEntriesByType('resource')
    .map((entry) => own(entry.name))
    .filter((path): path is string => path !== null && !path.startsWith('/graphql') && !path.startsWith('/api/'));
  return [APP_SHELL, ...resources];
}

export async function registerTechnicianServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator) || !('caches' in window)) return;
  try {
    await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: SERVICE_WORKER_SCOPE });
    const cache = await caches.open(OFFLINE_CACHE);
    await Promise.all(
      filesOfThisPage().map((path) =>
        cache.match(path).then((hit) => (hit ? undefined : cache.add(path).catch(() => undefined))),
      ),
    );
  } catch {
    // Without a worker the area works as before; only the dead-spot copy is missing.
  }
}
