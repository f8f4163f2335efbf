import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from '@/shared/routing/location.ts';

/** Where each visited entry of this tab's history was scrolled to, by the router's location key. */
const positions = new Map<string, number>();

/** Spec §9: back and forward restore the scroll position after 300 ms (the page has drawn by then). */
export const SCROLL_RESTORE_DELAY_MS = 300;

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
    if (navigationType === 'POP') {
      // Read now: scrolling (or the browser's clamping) before the restore would overwrite it.
      const target = positions.get(location.key) ?? 0;
      if (!location.hash) restore = setTimeout(() => window.scrollTo(0, target), SCROLL_RESTORE_DELAY_MS);
    } else {
      const target = fragmentTarget(location.hash);
      if (target) target.scrollIntoView();
      else window.scrollTo(0, 0);
    }
    // Kept as the person scrolls: by the time the next entry's page is drawn, the browser has
    // already clamped the scroll to that page's (often shorter) height.
    const key = location.key;
    const keep = () => positions.set(key, window.scrollY);
    window.addEventListener('scroll', keep, { passive: true });
    return () => {
      clearTimeout(restore);
      window.removeEventListener('scroll', keep);
    };
  }, [location.key, location.hash, navigationType]);
}
