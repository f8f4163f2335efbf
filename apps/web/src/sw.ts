/// <reference lib="webworker" />
/**
 * The app's service worker (decision 046), built by vite-plugin-pwa's injectManifest into dist/sw.js.
 *
 * - Precaches the app's shell (the entry's scripts and styles, every lazily loaded page chunk of the
 *   family app, Pretendard's font faces in the after-first-paint chunk), the icons and the offline
 *   page; the list and its revisions come from the build (`self.__WB_MANIFEST`).
 * - Pretendard's font files (92 subsets, 3 MB) are precached with the shell, so every page is drawn in
 *   its font offline; a font the list does not name (none today) is kept as pages use it (cache first:
 *   the names carry their content's hash).
 * - A page (a navigation) always comes from the network: its HTML carries the runtime configuration
 *   and, for a shared day, a family's data. When the network fails, the precached offline page answers.
 * - The API (`/v1/…`) and the operator console (`/admin…`) are never answered from a cache: no route
 *   matches them, so they go to the network as if there were no worker.
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
