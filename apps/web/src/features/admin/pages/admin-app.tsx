import type { OperatorRole } from '@hamkke/contract/admin/endpoint';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, type ComponentType } from 'react';
import { Link } from '@/shared/routing/link.tsx';
import { useLocation } from '@/shared/routing/location.ts';
import { useDocumentTitle } from '@/shared/hooks/use-document-title.ts';
import styles from '../admin.module.css';
import { consoleQueryClient } from '../api/console-query.ts';
import { operatorSessionQuery, useOperatorLogout } from '../api/session.ts';
import { adminMessages as m } from '@/shared/messages/admin.ts';
import { AdminLoginPage } from './admin-login-page.tsx';
import { AuditPage } from './audit-page.tsx';
import { ConfirmProvider } from './confirm.tsx';
import { BadgeRulesPage } from './badge-rules-page.tsx';
import { ChallengesPage } from './challenges-page.tsx';
import { NoticesPage } from './notices-page.tsx';
import { OperatorsPage } from './operators-page.tsx';
import { PopupsPage } from './popups-page.tsx';
import { FaqsPage } from './faqs-page.tsx';
import { LogsPage } from './logs-page.tsx';
import { PeoplePage } from './people-page.tsx';
import { ReportsPage } from './reports-page.tsx';
import { PhotoReusePage } from './photo-reuse-page.tsx';
import { adminPhotoReuseMessages } from '@/shared/messages/admin-photo-reuse.ts';
import { adminReportsMessages } from '@/shared/messages/admin-reports.ts';
import { adminPeopleMessages } from '@/shared/messages/admin-people.ts';
import { ForbiddenWordsPage } from './forbidden-words-page.tsx';
import { RewardsPage } from './rewards-page.tsx';
import { CommonCodesPage } from './common-codes-page.tsx';
import { RegistryPage } from './registry-page.tsx';
import { ServiceInfoPage } from './service-info-page.tsx';
import { TermsPage } from './terms-page.tsx';
import { adminContentMessages as cm } from '@/shared/messages/admin-content.ts';
import { TeamsPage } from './teams-page.tsx';

/** The dashboard carries the charting library: loaded when it is shown, not with every screen. */
const DashboardPage = lazy(() =>
  import('./dashboard-page.tsx').then((module) => ({ default: module.DashboardPage })),
);

/** The console's screens, by path segment, and the roles that see them (the server checks again). */
const SCREENS: readonly {
  key: string;
  label: string;
  roles: readonly OperatorRole[];
  Page: ComponentType;
}[] = [
  // The landing screen of every role.
  { key: 'dashboard', label: m.nav.dashboard, roles: ['admin', 'content', 'support'], Page: DashboardPage },
  { key: 'notices', label: m.nav.notices, roles: ['admin', 'content'], Page: NoticesPage },
  { key: 'challenges', label: m.nav.challenges, roles: ['admin', 'content'], Page: ChallengesPage },
  { key: 'popups', label: m.nav.popups, roles: ['admin', 'content'], Page: PopupsPage },
  {
    key: 'forbidden-words',
    label: m.nav.forbiddenWords,
    roles: ['admin', 'content'],
    Page: ForbiddenWordsPage,
  },
  { key: 'faqs', label: m.nav.faqs, roles: ['admin', 'content'], Page: FaqsPage },
  { key: 'terms', label: cm.nav.terms, roles: ['admin', 'content'], Page: TermsPage },
  { key: 'service-info', label: cm.nav.serviceInfo, roles: ['admin', 'content'], Page: ServiceInfoPage },
  { key: 'common-codes', label: cm.nav.commonCodes, roles: ['admin', 'content'], Page: CommonCodesPage },
  { key: 'registry', label: cm.nav.registry, roles: ['admin', 'content'], Page: RegistryPage },
  { key: 'people', label: adminPeopleMessages.nav, roles: ['admin', 'support'], Page: PeoplePage },
  { key: 'reports', label: adminReportsMessages.nav, roles: ['admin', 'support'], Page: ReportsPage },
  {
    key: 'photo-reuse',
    label: adminPhotoReuseMessages.nav,
    roles: ['admin', 'support'],
    Page: PhotoReusePage,
  },
  { key: 'teams', label: m.nav.teams, roles: ['admin', 'support'], Page: TeamsPage },
  { key: 'badge-rules', label: m.nav.badgeRules, roles: ['admin', 'content'], Page: BadgeRulesPage },
  { key: 'rewards', label: m.nav.rewards, roles: ['admin', 'support'], Page: RewardsPage },
  { key: 'logs', label: m.nav.logs, roles: ['admin', 'support'], Page: LogsPage },
  { key: 'audit', label: m.nav.audit, roles: ['admin'], Page: AuditPage },
  { key: 'operators', label: m.nav.operators, roles: ['admin'], Page: OperatorsPage },
];

/**
 * The operator console at /admin: its own session (a cookie), its own screens, its own bundle, its
 * own query cache.
 */
export function AdminApp() {
  return (
    <QueryClientProvider client={consoleQueryClient}>
      <ConfirmProvider>
        <Console />
      </ConfirmProvider>
    </QueryClientProvider>
  );
}

function Console() {
  useDocumentTitle(m.title);
  const session = useQuery(operatorSessionQuery());
  const logout = useOperatorLogout();
  const { pathname } = useLocation();

  if (session.status === 'pending') return <p role="status">{m.loading}</p>;
  if (session.status === 'error') return <p role="alert">{m.failed}</p>;
  if (!session.data) return <AdminLoginPage />;
  const { operator } = session.data;
  const visible = SCREENS.filter((screen) => screen.roles.includes(operator.role));
  // Screens by path: the router's descendant <Routes> would add to the app's shared router chunk.
  const current = visible.find((screen) => pathname.startsWith(`/admin/${screen.key}`)) ?? visible[0]!;
  const Screen = current.Page;
  return (
    <div className={styles.shell}>
      <aside className={styles.sidebar}>
        <p className={styles.brand}>{m.title}</p>
        <p className={styles.who}>
          {operator.loginId} · {m.roles[operator.role]}
        </p>
        <nav aria-label={m.nav.label}>
          {visible.map((screen) => (
            <MenuLink key={screen.key} to={`/admin/${screen.key}`} current={screen === current}>
              {screen.label}
            </MenuLink>
          ))}
        </nav>
        <button type="button" className={styles.logout} onClick={() => logout.mutate()}>
          {m.nav.logout}
        </button>
      </aside>
      <main className={styles.main}>
        <Suspense fallback={<p role="status">{m.loading}</p>}>
          <Screen />
        </Suspense>
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
