import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from '@/shared/routing/location.ts';

/** Where each visited entry of this tab's history was scrolled to, by the router's location key. */
const positions = new Map<string, number>();

/** Spec §9: back and forward restore the scroll position after 300 ms (the page has drawn by then). */
export const SCROLL_RESTORE_DELAY_MS = 300;

/** How long a restore follows a page still growing (a slow phone still drawing it) to reach its place. */
export const SCROLL_RESTORE_FOLLOW_MS = 2000;

/**
 * Scrolls to `target`; when the page is not yet tall enough (still drawing), scrolls again each time
 * it grows, until the place is reached, the person touches, scrolls by wheel or key, or
 * {@link SCROLL_RESTORE_FOLLOW_MS} passed. Returns a stop function.
 */
function scrollToWhenReachable(target: number): () => void {
  window.scrollTo(0, target);
  if (window.scrollY >= target - 1 || typeof ResizeObserver === 'undefined') return () => {};
  const observer = new ResizeObserver(() => {
    window.scrollTo(0, target);
    if (window.scrollY >= target - 1) stop();
  });
  const personMoved = ['touchstart', 'wheel', 'keydown'] as const;
  const giveUp = setTimeout(() => stop(), SCROLL_RESTORE_FOLLOW_MS);
  function stop() {
    observer.disconnect();
    clearTimeout(giveUp);
    for (const type of personMoved) window.removeEventListener(type, stop);
  }
  observer.observe(document.body);
  for (const type of personMoved) window.addEventListener(type, stop, { passive: true, once: true });
  return stop;
}

/** When the person last touched, scrolled by wheel, pressed a key or a pointer (scrollbars too). */
let lastInputAt = Number.NEGATIVE_INFINITY;
if (typeof window !== 'undefined') {
  for (const type of ['touchstart', 'touchmove', 'wheel', 'keydown', 'pointerdown'] as const)
    window.addEventListener(type, () => (lastInputAt = performance.now()), { passive: true, capture: true });
}

/**
 * The history entry this document opened at (a load, a reload), while the person is still on it;
 * `null` once they left it. The browser drew it from the top and this tab kept nothing for it.
 */
let startKey: string | null | undefined;

/** The element a `#fragment` names, when the page has drawn it. */
function fragmentTarget(hash: string): HTMLElement | null {
  if (!hash) return null;
  try {
    return document.getElementById(decodeURIComponent(hash.slice(1)));
  } catch {
    return null;
  }
}

/**
 * A new page starts at the top, or at the part its `#fragment` names when that is already drawn
 * (/home's invitations card opens /challenge#invitations); back and forward return to where the
 * person was on that page. A fragment the browser went to by itself (the skip link) is left to it.
 */
export function useScrollRestoration(): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  useLayoutEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
  }, []);
  useLayoutEffect(() => {
    let restore: ReturnType<typeof setTimeout> | undefined;
    let stopFollowing = () => {};
    if (startKey === undefined) startKey = location.key;
    else if (startKey !== location.key) startKey = null;
    // The document's first page with nothing kept for it is at the top already: no scroll to it 300 ms
    // in, whose read of the scroll forced a style and layout pass of the whole page in one task (/my:
    // 12 ms unthrottled, a long task at a phone's speed; decision 049).
    const opened = startKey === location.key && !positions.has(location.key);
    if (opened) {
      // Nothing to do: the browser opened it (at its fragment, if any).
    } else if (navigationType === 'POP') {
      // Read now: scrolling (or the browser's clamping) before the restore would overwrite it.
      const target = positions.get(location.key) ?? 0;
      if (!location.hash)
        restore = setTimeout(() => (stopFollowing = scrollToWhenReachable(target)), SCROLL_RESTORE_DELAY_MS);
    } else {
      const target = fragmentTarget(location.hash);
      if (target) target.scrollIntoView();
      else window.scrollTo(0, 0);
    }
    // Kept as the person scrolls: by the time the next entry's page is drawn, the browser has
    // already clamped the scroll to that page's (often shorter) height.
    const key = location.key;
    const keep = () => {
      const y = window.scrollY;
      const previous = positions.get(key);
      // The next page drawn shorter (its placeholder) clamps the scroll, and that scroll event can
      // still reach this page's listener: a move up that no touch, wheel or key asked for is not the
      // person's.
      if (previous !== undefined && y < previous && performance.now() - lastInputAt > 1000) return;
      positions.set(key, y);
    };
    window.addEventListener('scroll', keep, { passive: true });
    return () => {
      clearTimeout(restore);
      stopFollowing();
      window.removeEventListener('scroll', keep);
    };
  }, [location.key, location.hash, navigationType]);
}
