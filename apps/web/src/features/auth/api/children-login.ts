import { childrenLoginEndpoint } from '@hamkke/contract/routes';
import { callApi } from '@/shared/api/client.ts';
import { autoLoginRenewed } from '@/shared/session/auto-login.ts';
import { useSessionStore } from '@/shared/stores/session-store.ts';

export { logInChildAutomatically } from '@/shared/session/auto-login.ts';

/** Child login with id and password; `autoLogin` asks the server for the HttpOnly autoLogin cookie. */
export async function logInChild(input: { id: string; password: string; autoLogin: boolean }): Promise<void> {
  const result = await callApi(childrenLoginEndpoint, {
    id: input.id.trim(),
    password: input.password,
    autoLogin: input.autoLogin,
  });
  if (input.autoLogin) autoLoginRenewed();
  useSessionStore.getState().setChildrenLogin(result);
}
