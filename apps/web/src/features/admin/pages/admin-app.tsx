import { operatorLogoutEndpoint, operatorMeEndpoint } from '@hamkke/contract/admin/auth';
import { Link, useLocation } from 'react-router';
import { ApiError } from '@/shared/api/api-error.ts';
import { useDocumentTitle } from '@/shared/hooks/use-document-title.ts';
import styles from '../admin.module.css';
import { callAdmin, setCsrfToken } from '../api.ts';
import { adminMessages as m } from '@/shared/messages/admin.ts';
import { AdminLoginPage } from './admin-login-page.tsx';
import { AuditPage } from './audit-page.tsx';
import { NoticesPage } from './notices-page.tsx';
import { PopupsPage } from './popups-page.tsx';
import { RewardsPage } from './rewards-page.tsx';
import { SessionReload, useLoad } from './parts.tsx';

async function currentSession() {
  try {
    const session = await callAdmin(operatorMeEndpoint, {});
    setCsrfToken(session.csrfToken);
    return session;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return null;
    throw error;
  }
}

/** The operator console at /admin: its own session (a cookie), its own screens, its own bundle. */
export function AdminApp() {
  useDocumentTitle(m.title);
  const { loaded, reload } = useLoad(currentSession, []);
  const { pathname } = useLocation();
  const logout = async () => {
    await callAdmin(operatorLogoutEndpoint, {}).catch(() => undefined);
    setCsrfToken(null);
    reload();
  };

  if (loaded.state === 'pending') return <p role="status">{m.loading}</p>;
  if (loaded.state === 'error') return <p role="alert">{m.failed}</p>;
  if (!loaded.data) {
    return (
      <SessionReload.Provider value={reload}>
        <AdminLoginPage />
      </SessionReload.Provider>
    );
  }
  const { operator } = loaded.data;
  // Screens by path: the router's descendant <Routes> would add to the app's shared router chunk.
  const screen =
    pathname.startsWith('/admin/audit') && operator.role === 'admin'
      ? 'audit'
      : pathname.startsWith('/admin/popups') && operator.role !== 'support'
        ? 'popups'
        : pathname.startsWith('/admin/rewards') && operator.role !== 'content'
          ? 'rewards'
          : operator.role === 'support'
            ? 'rewards'
            : 'notices';
  return (
    <div className={styles.shell}>
      <aside className={styles.sidebar}>
        <p className={styles.brand}>{m.title}</p>
        <p className={styles.who}>
          {operator.loginId} · {m.roles[operator.role]}
        </p>
        <nav aria-label={m.nav.label}>
          {operator.role !== 'support' && (
            <MenuLink to="/admin/notices" current={screen === 'notices'}>
              {m.nav.notices}
            </MenuLink>
          )}
          {operator.role !== 'support' && (
            <MenuLink to="/admin/popups" current={screen === 'popups'}>
              {m.nav.popups}
            </MenuLink>
          )}
          {operator.role !== 'content' && (
            <MenuLink to="/admin/rewards" current={screen === 'rewards'}>
              {m.nav.rewards}
            </MenuLink>
          )}
          {operator.role === 'admin' && (
            <MenuLink to="/admin/audit" current={screen === 'audit'}>
              {m.nav.audit}
            </MenuLink>
          )}
        </nav>
        <button type="button" className={styles.logout} onClick={() => void logout()}>
          {m.nav.logout}
        </button>
      </aside>
      <main className={styles.main}>
        {screen === 'audit' ? (
          <AuditPage />
        ) : screen === 'rewards' ? (
          <RewardsPage />
        ) : screen === 'popups' ? (
          <PopupsPage />
        ) : (
          <NoticesPage />
        )}
      </main>
    </div>
  );
}

function MenuLink(props: { to: string; current: boolean; children: string }) {
  return (
    <Link className={styles.navLink} to={props.to} aria-current={props.current ? 'page' : undefined}>
      {props.children}
    </Link>
  );
}
