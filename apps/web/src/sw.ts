/// <reference lib="webworker" />
/**
 * The app's service worker (decision 046), built by vite-plugin-pwa's injectManifest into dist/sw.js.
 *
 * - Precaches the app's shell (the entry's scripts and styles, every lazily loaded page chunk of the
 *   family app, Pretendard's font faces in the after-first-paint chunk), the icons and the offline
 *   page; the list and its revisions come from the build (`self.__WB_MANIFEST`).
 * - Pretendard's font files (12 subsets, 2.2 MB; decision 063) are precached with the shell, so every page is drawn in
 *   its font offline; a font the list does not name (none today) is kept as pages use it (cache first:
 *   the names carry their content's hash).
 * - A page (a navigation) always comes from the network: its HTML carries the runtime configuration
 *   and, for a shared day, a family's data. When the network fails, the precached offline page answers.
 * - The API (`/v1/…`), the photos (`/files/…`) and the operator console (`/admin…`) are never
 *   answered from a cache: static routes send them to the network without the worker (where the
 *   browser has them), and no route of its router matches them.
 * - A new version installs and then waits: it takes over only when the app asks it to (`SKIP_WAITING`,
 *   sent by 새로고침 on "새 버전이 있어요"), so an open session keeps the code it started with.
 */
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkOnly } from 'workbox-strategies';
import { registerPushHandlers } from './sw-push.ts';
// Background Sync of certifications made offline (decision 048).
import './sw-certify-sync.ts';

declare const self: ServiceWorkerGlobalScope;

/** The page shown for a page that cannot be reached (apps/web/public/offline.html). */
const OFFLINE_PAGE = '/offline.html';

/**
 * What the worker never answers: the API, the family's photos and the operator console. Declared as
 * static routes where the browser has them (Chromium 123+, `InstallEvent.addRoutes`), these requests
 * go straight to the network: the browser does not wake the worker and run its router for each of a
 * page's calls only for it to let them through (issue 30). Elsewhere the router lets them through.
 */
const NETWORK_ONLY_PATHS = ['/v1/*', '/files/*', '/admin', '/admin/*'] as const;

interface StaticRoutes {
  addRoutes?: (rules: ReadonlyArray<{ condition: object; source: 'network' }>) => Promise<void>;
}

self.addEventListener('install', (event) => {
  const install = event as ExtendableEvent & StaticRoutes;
  if (!install.addRoutes) return;
  const rules = NETWORK_ONLY_PATHS.map((pathname) => ({
    condition: { urlPattern: { pathname } },
    source: 'network' as const,
  }));
  // A browser that refuses the rules (an older pattern syntax) still has the router behind them.
  install.waitUntil(install.addRoutes(rules).catch(() => undefined));
});

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

const network = new NetworkOnly();
registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        return await network.handle(options);
      } catch {
        return (await matchPrecache(OFFLINE_PAGE)) ?? Response.error();
      }
    },
    // The console is left to the browser, offline or not.
    { denylist: [/^\/admin(\/|$)/, /^\/v1\//] },
  ),
);

registerRoute(
  ({ request, url }) => request.destination === 'font' && url.origin === self.location.origin,
  new CacheFirst({ cacheName: 'hamkke-fonts' }),
);

// Reminders (decision 047): a push shows its notification; a tap opens its deep link.
registerPushHandlers();

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
