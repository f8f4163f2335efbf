import { Workbox } from 'workbox-window';
import { usePwaStore } from './pwa-store.ts';

/** The worker's update check runs at most this often when the tab comes back into view. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/** Registers /sw.js (loaded when idle by service-worker.ts); a waiting new version is offered. */
export async function register(): Promise<void> {
  const worker = new Workbox('/sw.js', { scope: '/' });
  worker.addEventListener('waiting', () => {
    usePwaStore.setState({
      takeUpdate: () => {
        usePwaStore.setState({ takeUpdate: null });
        // Reload once the new version controls the page, so the page and the worker agree.
        worker.addEventListener('controlling', () => window.location.reload());
        worker.messageSkipWaiting();
      },
    });
  });
  await worker.register();
  let lastCheck = Date.now();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible' || Date.now() - lastCheck < UPDATE_CHECK_MS) return;
    lastCheck = Date.now();
    void worker.update();
  });
}
