import { whenIdle } from '../lib/when-idle.ts';

/** The pages anyone holding a link opens (`/mission/shared/…`, `/challenge/shared/…`). */
const SHARED_PAGE = /^\/(mission|challenge)\/shared\//;

/**
 * Registers the service worker (src/sw.ts, decision 046) once the first page is painted and idle:
 * its code (workbox-window) is a chunk of its own, not part of the first load. A new version that
 * installs while the app is open waits; the app then says "새 버전이 있어요", and 새로고침 lets it
 * take over and reloads. The operator console registers nothing (its pages are never the worker's),
 * nor does a shared day (the worker precaches the fonts, which a one-off visitor should not download).
 */
export function registerServiceWorkerWhenIdle(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  if (window.location.pathname.startsWith('/admin')) return;
  // A shared day is opened once by people who may never use the app: no 3 MB precache for them.
  if (SHARED_PAGE.test(window.location.pathname)) return;
  whenIdle(() => {
    void import('./register-worker.ts')
      .then((worker) => worker.register())
      .catch((error: unknown) => console.warn('[sw] registration failed', error));
  });
}
