import { childNoticeEndpoint } from '@hamkke/contract/routes';
import { callApi } from '@/shared/api/client.ts';

/** Where the notice a child reads about their data is (decision 039). */
export const CHILD_NOTICE_PATH = '/my/child-notice';

/**
 * Where a child goes once signed in: the notice about their data until they confirmed it (on any
 * device), /home after. A failed check does not stand in the way: /home, and the next sign-in asks again.
 */
export async function pathAfterChildSignIn(): Promise<string> {
  try {
    const { due } = await callApi(childNoticeEndpoint, {});
    return due ? CHILD_NOTICE_PATH : '/home';
  } catch (failure) {
    console.error('[auth] child notice check failed', failure);
    return '/home';
  }
}
