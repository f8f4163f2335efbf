import { childrenAutoLoginEndpoint, childrenLoginEndpoint } from '@hamkke/contract/routes';
import { callApi } from '@/shared/api/client.ts';
import { useSessionStore } from '@/shared/stores/session-store.ts';

/** Child login with id and password; `autoLogin` asks the server for the HttpOnly autoLogin cookie. */
export async function logInChild(input: { id: string; password: string; autoLogin: boolean }): Promise<void> {
  const result = await callApi(childrenLoginEndpoint, {
    id: input.id.trim(),
    password: input.password,
    autoLogin: input.autoLogin,
  });
  useSessionStore.getState().setChildrenLogin(result);
}

/** Signs the child in again from the autoLogin cookie; false when there is no valid cookie. */
export async function logInChildAutomatically(signal?: AbortSignal): Promise<boolean> {
  const result = await callApi(childrenAutoLoginEndpoint, {}, { signal });
  if (!result) return false;
  useSessionStore.getState().setChildrenLogin(result);
  return true;
}
