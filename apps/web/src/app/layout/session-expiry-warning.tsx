import { lazy, Suspense, useEffect, useState } from 'react';
import { isLoggedIn, useSessionStore } from '@/shared/stores/session-store.ts';
import { EXPIRY_WARNINGS_MIN } from '../session-rules.ts';

const SessionExpiryCard = lazy(() => import('./session-expiry-card.tsx'));

/** The first warning's mark, in ms before the end. */
const FIRST_MARK_MS = Math.max(...EXPIRY_WARNINGS_MIN) * 60_000;
/** setTimeout fires at once beyond about 24.8 days; a later mark is waited for in steps. */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * The warnings before the session ends (issue 25): nothing but a timer until the first mark, then
 * the warning card (its own chunk, not part of any first load).
 */
export function SessionExpiryWarning() {
  const expires = useSessionStore((state) =>
    isLoggedIn(state) ? (state.tokens?.access.expires ?? null) : null,
  );
  if (expires === null) return null;
  // Keyed by expiry: an extended session starts its warnings over.
  return <Watch key={expires} expires={expires} />;
}

function Watch({ expires }: { expires: number }) {
  const [near, setNear] = useState(() => expires - Date.now() <= FIRST_MARK_MS);
  useEffect(() => {
    if (near) return;
    let timer: number | undefined;
    const check = () => {
      const until = expires - FIRST_MARK_MS - Date.now();
      if (until <= 0) setNear(true);
      else timer = window.setTimeout(check, Math.min(until, MAX_TIMER_MS));
    };
    check();
    return () => window.clearTimeout(timer);
  }, [expires, near]);
  if (!near || expires <= Date.now()) return null;
  return (
    <Suspense fallback={null}>
      <SessionExpiryCard expires={expires} />
    </Suspense>
  );
}
