import { Suspense, type ReactNode } from 'react';
import { Navigate } from '@/shared/routing/link.tsx';
import { useLocation } from '@/shared/routing/location.ts';
import { useHasNewNotice } from '@/features/notice/api/notices.ts';
import { LOGIN_PATH } from '@/shared/lib/login-path.ts';
import { storeTeamInvite } from '@/shared/lib/team-invite.ts';
import { messages } from '@/shared/messages.ts';
import { useLoggedIn, usePendingAgreement, useSessionStore } from '@/shared/stores/session-store.ts';
import { useUiStore } from '@/shared/stores/ui-store.ts';
import { Skeleton } from '@/shared/ui/skeleton.tsx';
import { chromeFor, isTabRoot } from '../chrome.ts';
import { PopupHost } from '../popup-host.tsx';
import { decideNavigation, normalizePathname } from '../route-guards.ts';
import { useScrollRestoration } from '../use-scroll-restoration.ts';
import { useSessionRecovery } from '../use-session-recovery.ts';
import { useSessionLifecycle } from '../use-session-lifecycle.ts';
import styles from './app-layout.module.css';
import { BottomNav } from './bottom-nav.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { LoadingOverlay } from './loading-overlay.tsx';
import { SessionExpiryWarning } from './session-expiry-warning.tsx';

/** The frame around every page: applies the access rules, then draws the frame the path asks for. */
export function AppLayout({ children }: { children: ReactNode }) {
  const location = useLocation();
  const loggedIn = useLoggedIn();
  const pinUser = useSessionStore((state) => state.pinUser);
  const pendingAgreement = usePendingAgreement();
  const blocking = useUiStore((state) => state.loadingCount > 0);
  // The header's notice icon lights up while any notice is new for the signed-in person (spec §2).
  const hasNewNotice = useHasNewNotice(loggedIn);
  useSessionLifecycle(location.pathname);
  useScrollRestoration();

  const decision = decideNavigation({
    pathname: location.pathname,
    search: location.search,
    loggedIn,
    pinUser,
    pendingAgreement,
  });
  const path = normalizePathname(location.pathname);
  // Another tab's session, or a child's autoLogin cookie, may still sign this visitor in.
  const recovering = useSessionRecovery(decision?.redirect === LOGIN_PATH);
  if (recovering) {
    return (
      <FrameShell path={path}>
        <PageFallback />
      </FrameShell>
    );
  }
  if (decision?.keepInvite) storeTeamInvite(decision.keepInvite);
  if (decision) return <Navigate to={decision.redirect} replace />;

  const chrome = chromeFor(path);
  const tab = isTabRoot(path) ? path : null;

  return (
    <>
      <FrameShell
        path={path}
        blocking={blocking}
        header={chrome.header && tab && <Header tab={tab} hasNewNotice={hasNewNotice} />}
        footer={chrome.footer && <Footer section={path.startsWith('/login') ? '/login' : '/home'} />}
        bottomNav={chrome.bottomNav && tab && <BottomNav current={tab} />}
      >
        <Suspense fallback={<PageFallback />}>{children}</Suspense>
      </FrameShell>
      <SessionExpiryWarning />
      <LoadingOverlay />
      <PopupHost />
    </>
  );
}

/**
 * The frame's own markup around a page, for a normalized path: the app draws it with its header,
 * footer and tabs; the build's prerendering of entry pages (src/prerender/) with the page alone.
 */
export function FrameShell({
  path,
  blocking = false,
  header,
  footer,
  bottomNav,
  children,
}: {
  path: string;
  blocking?: boolean;
  header?: ReactNode;
  footer?: ReactNode;
  bottomNav?: ReactNode;
  children: ReactNode;
}) {
  const chrome = chromeFor(path);
  const shellClass = [
    styles.shell,
    chrome.bottomNav ? styles.withBottomNav : undefined,
    chrome.theme === 'green' ? 'theme-green' : undefined,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    // While the overlay blocks, the page behind it cannot be reached by keyboard either.
    <div className={shellClass} inert={blocking}>
      <a href="#main" className="skip-link">
        {messages.app.skipToContent}
      </a>
      {header}
      <main id="main" tabIndex={-1} className={styles.main}>
        {children}
      </main>
      {footer}
      {bottomNav}
    </div>
  );
}

function PageFallback() {
  return (
    <div className={styles.fallback}>
      <Skeleton heading lines={4} label={messages.common.loading} />
    </div>
  );
}
