import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from '@/shared/routing/location.ts';

/** Where each visited entry of this tab's history was scrolled to, by the router's location key. */
const positions = new Map<string, number>();

/**
 * A new page starts at the top; back and forward return to where the person was on that page. A
 * location with a `#fragment` (the skip link) is left to the browser.
 */
export function useScrollRestoration(): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  useLayoutEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
  }, []);
  useLayoutEffect(() => {
    if (!location.hash) {
      window.scrollTo(0, navigationType === 'POP' ? (positions.get(location.key) ?? 0) : 0);
    }
    // Kept as the person scrolls: by the time the next entry's page is drawn, the browser has
    // already clamped the scroll to that page's (often shorter) height.
    const key = location.key;
    const keep = () => positions.set(key, window.scrollY);
    window.addEventListener('scroll', keep, { passive: true });
    return () => window.removeEventListener('scroll', keep);
  }, [location.key, location.hash, navigationType]);
}
