/**
 * The dashboard's service worker, served at `/dashboard/sw.js` with the scope `/dashboard`: it keeps the
 * app shell (the page and the current build's script and style sheet, precached at install) so that
 * the register opens with no network at all after one visit online.
 *
 * - `/dashboard/assets/*` are named by their content's hash: answered from the cache, else fetched.
 * - A page under `/dashboard` is fetched first (a new build shows at once), and answered with the
 *   kept page when the network fails.
 * - Everything else, the API above all, goes to the network untouched: no answer of the API is ever
 *   kept here (its data is the signed-in user's; the register keeps what it needs in IndexedDB).
 *
 * Written by hand (about what Workbox's precaching and a network-first route would do): esbuild
 * bundles it from this file with the build's asset list, and a new build is a new worker, which
 * takes over at once and drops the caches of older builds.
 */

// Set by scripts/build-dashboard.ts.
declare const PRECACHE: string[];
declare const BUILD: string;

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
}
interface WorkerScope {
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  skipWaiting(): Promise<void>;
  readonly clients: { claim(): Promise<void> };
  readonly location: Location;
}

const worker = self as unknown as WorkerScope;
const PREFIX = 'till-dashboard-';
const CACHE = `${PREFIX}${BUILD}`;
/** The page every dashboard address answers. */
const SHELL = '/dashboard';

worker.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => worker.skipWaiting()),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith(PREFIX) && name !== CACHE).map((name) => caches.delete(name))))
      .then(() => worker.clients.claim()),
  );
});

function isPage(url: URL): boolean {
  return url.pathname === SHELL || url.pathname.startsWith(`${SHELL}/`);
}

worker.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== worker.location.origin) return;
  if (url.pathname.startsWith('/dashboard/assets/')) {
    event.respondWith(caches.match(request, { cacheName: CACHE }).then((kept) => kept ?? fetch(request)));
  } else if (request.mode === 'navigate' && isPage(url)) {
    event.respondWith(
      fetch(request).catch(async (failure: unknown) => {
        const kept = await caches.match(SHELL, { cacheName: CACHE });
        if (kept === undefined) throw failure;
        return kept;
      }),
    );
  }
});
