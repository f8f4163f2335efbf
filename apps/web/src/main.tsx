import '@/shared/styles/tokens.css';
import '@/shared/styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app.tsx';
import { preparePage } from '@/app/router.tsx';
import { seedFromPage } from '@/shared/api/page-data.ts';
import { fontsBeforeRender } from '@/shared/fonts/font-return.ts';
import { queryClient } from '@/shared/api/query-client.ts';
import { catchInstallPrompt } from '@/shared/pwa/install-prompt.ts';
import { registerServiceWorkerWhenIdle } from '@/shared/pwa/service-worker.ts';
import { appConfig } from '@/shared/config.ts';
import { apexHostRedirect } from '@/shared/lib/apex-host.ts';
import { reportMissingKakaoKey } from '@/shared/lib/kakao-key-check.ts';
import { inAppBrowserEscape } from '@/shared/lib/in-app-browser.ts';
import { installViewportHeightVar } from '@/shared/lib/viewport-height.ts';
import { retryForgetAutoLogin } from '@/shared/session/auto-login.ts';
import { endSession } from '@/shared/session/end-session.ts';
import { startSessionChannel } from '@/shared/session/session-channel.ts';

/**
 * Leaves before rendering when the page should be somewhere else: `www.` goes to the apex host, and
 * KakaoTalk/LINE in-app browsers go to the real browser (spec §6). Returns true when this page is
 * being replaced. After an app scheme or intent the in-app page stays, so it still renders in case
 * the phone refuses to switch.
 */
function leavesThisPage(): boolean {
  const apex = apexHostRedirect(window.location.href);
  if (apex) {
    window.location.replace(apex);
    return true;
  }
  const escape = inAppBrowserEscape(navigator.userAgent, window.location.href);
  if (escape) {
    window.location.replace(escape.url);
    return escape.kind === 'param';
  }
  return false;
}

if (!leavesThisPage()) {
  installViewportHeightVar();
  // The install prompt is kept for after a certification (decision 046), never shown on first load.
  catchInstallPrompt();
  // A tab opened without a session asks the browser's other tabs for theirs (decision 023); a
  // logout elsewhere ends this tab's too. The operator console has its own session, and no part in it.
  if (!window.location.pathname.startsWith('/admin')) {
    // Spec §8: a missing Kakao key is said once, at start-up (sharing then copies the link).
    reportMissingKakaoKey(appConfig.kakaoJsKey);
    startSessionChannel((reason) => void endSession(reason, { clearAllStorage: true, fromOtherTab: true }));
  }
  // A logout whose call failed still has the server remove this device's autoLogin cookie.
  void retryForgetAutoLogin();
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  // A page the server drew (a shared day) came with its answers: the first render draws it from them.
  seedFromPage(queryClient);
  // A return visit takes Pretendard from the cache before the first render (decision 061).
  void Promise.all([preparePage(window.location, queryClient), fontsBeforeRender()]).then(() => {
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
    // Pretendard's 12 @font-face rules (decision 063) and its font files come after the first paint, so
    // on a slow network they do not take bandwidth from the page's own code: text is drawn at once in
    // the system Korean font and switches when the font arrives (font-display: swap).
    // So does the reporter of the app's own errors and Web Vitals (decision 042): one chunk for both.
    requestAnimationFrame(() => {
      setTimeout(() => void import('@/app/after-first-paint.ts'), 0);
    });
    // The service worker (decision 046) once the page is idle: nothing of it in the first load.
    registerServiceWorkerWhenIdle();
  });
}
