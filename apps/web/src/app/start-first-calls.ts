import type { QueryClient } from '@tanstack/react-query';
import type { AnyCall, FirstCalls } from '@/shared/api/first-calls.ts';
import { countsQueryOptions } from '@/features/home/api/counts.ts';
import { noticeTopListQueryOptions } from '@/features/notice/api/notices.ts';
import { hasPendingAgreement, isLoggedIn, useSessionStore } from '@/shared/stores/session-store.ts';
import { isTabRoot } from './chrome.ts';
import { decideNavigation, normalizePathname } from './route-guards.ts';

/**
 * Starts the frame's first calls and then the page's, for a page the person will see as it is (signed
 * in, and not sent elsewhere by the guard): the same queries the components make, which then find
 * them under way or answered. Each is asked once; a failure is the component's to show.
 */
export function startFirstCalls(client: QueryClient, location: { pathname: string; search: string }) {
  const session = useSessionStore.getState();
  const loggedIn = isLoggedIn(session);
  const redirect = decideNavigation({
    pathname: location.pathname,
    search: location.search,
    loggedIn,
    pinUser: session.pinUser,
    pendingAgreement: hasPendingAgreement(session),
  });
  const start = (calls: readonly AnyCall[]) => {
    for (const call of calls) void client.prefetchQuery(call);
  };
  if (!loggedIn || redirect) return { page: () => undefined };
  // The frame's: the notice icon on every page, the header's counts on the tab roots.
  start([
    noticeTopListQueryOptions(),
    ...(isTabRoot(normalizePathname(location.pathname)) ? [countsQueryOptions()] : []),
  ]);
  return { page: (calls: FirstCalls | undefined) => start(calls?.() ?? []) };
}
