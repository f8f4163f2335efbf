import { useSessionStore } from '../stores/session-store.ts';

/**
 * The signed-in person's part of a query key: answers about one person are cached under their id,
 * so the next person on the same tab never reads them, even before the cache is cleared.
 */
export function userScope(): string {
  return useSessionStore.getState().userInfo?.userId ?? 'anonymous';
}
