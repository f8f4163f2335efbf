import { renderToString } from 'react-dom/server';
import { FrameShell } from '@/app/layout/app-layout.tsx';
import { LoginAuthPage } from '@/features/auth/pages/login-auth-page.tsx';
import { ServerLocationContext } from '@/shared/routing/location.ts';

export { drawPage, type DrawnPage, type LoadAnswer } from './draw-page.tsx';

/**
 * The server-side build of the app (dist/ssr/entry.js). `drawPage` draws a shared day for each
 * request (the server calls it, draw-page.tsx); `prerenderPages` draws the entry pages once.
 *
 * Entry pages drawn at build time (run by prerender.mjs): the
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
