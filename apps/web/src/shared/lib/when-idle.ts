/**
 * Runs `run` once the page is idle (at the latest after `timeoutMs`), for work that must not compete
 * with the first paint — loading the code of what a person may open next. Returns a cancel.
 */
export function whenIdle(run: () => void, timeoutMs = 3000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(run, 1500);
  return () => window.clearTimeout(handle);
}
