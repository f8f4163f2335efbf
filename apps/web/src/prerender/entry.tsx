import { renderToString } from 'react-dom/server';
import { FrameShell } from '@/app/layout/app-layout.tsx';
import { LoginAuthPage } from '@/features/auth/pages/login-auth-page.tsx';
import { ServerLocationContext } from '@/shared/routing/location.ts';

/**
 * Entry pages drawn at build time (the server-side build of this module, run by prerender.mjs): the
 * frame's markup and the page, as the app draws them for a visitor with no session. The server puts
 * it in the page's shell (without a query string), so the first paint shows the page before its
 * scripts have arrived; the app's first render then replaces it with the same markup. Only pages
 * whose first paint depends on nothing but the address are here: the login page.
 */
export function prerenderPages(): Record<string, string> {
  const pages = { '/login/auth': <LoginAuthPage /> };
  return Object.fromEntries(
    Object.entries(pages).map(([pathname, page]) => [
      pathname,
      renderToString(
        <ServerLocationContext value={{ pathname, search: '' }}>
          <FrameShell path={pathname}>{page}</FrameShell>
        </ServerLocationContext>,
      ),
    ]),
  );
}
