import type { QueryClient } from '@tanstack/react-query';
import { Fragment, Suspense, useLayoutEffect, type ComponentType, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { navigate, RouteParamsContext, useLocation } from '@/shared/routing/location.ts';
import { createRouteMatcher } from '@/shared/routing/route-match.ts';
import { NotFoundPage } from '@/features/errors/pages/not-found-page.tsx';
import { RootErrorBoundary, RouteErrorBoundary } from '@/features/errors/pages/route-error-page.tsx';
import { UnexpectedPage } from '@/features/errors/pages/unexpected-page.tsx';
import { registerSessionNavigation } from '@/shared/session/end-session.ts';
import { messages } from '@/shared/messages.ts';
import type { FirstCalls } from '@/shared/api/first-calls.ts';
import { startFirstCalls } from './start-first-calls.ts';
import { AppLayout } from './layout/app-layout.tsx';
import { RootRedirect, WelcomeRedirect } from './layout/redirects.tsx';
import { preloadable } from '@/shared/lib/preloadable.ts';
import { lazyPage } from './lazy-page.ts';
import { PARAM_FORMATS, routePaths as paths } from './route-paths.ts';

// One chunk per feature; the error pages stay in the main bundle so they work when a chunk fails.
const authPages = () => import('@/features/auth/pages/auth-pages.tsx');
const loginPage = () => import('@/features/auth/pages/login-auth-page.tsx');
const homePage = () => import('@/features/home/pages/home-page.tsx');
const noticePages = () => import('@/features/notice/pages/notice-pages.tsx');
const termsOfUsePage = () => import('@/features/terms/pages/terms-of-use-page.tsx');
const privacyPolicyPage = () => import('@/features/terms/pages/privacy-policy-page.tsx');
const missionPages = () => import('@/features/mission/pages/shared-mission-page.tsx');
const challengePages = () => import('@/features/challenge/pages/challenge-pages.tsx');
const activePages = () => import('@/features/active/pages/active-pages.tsx');
const myTeamsPage = () => import('@/features/team/pages/my-teams-page.tsx');
const teamDetailPages = () => import('@/features/team/pages/team-detail-pages.tsx');
// The manager's page has the forms (react-hook-form, zod): not evaluated with every team page.
const teamManagementPage = () => import('@/features/team/pages/team-management-page.tsx');
const teamJoinPages = () => import('@/features/team/pages/team-join-pages.tsx');
// /my itself is a chunk of its own: the other my pages' forms (react-hook-form, zod, the sheets) are
// not evaluated when it opens.
const myPage = () => import('@/features/my/pages/my-page.tsx');
const myPages = () => import('@/features/my/pages/my-pages.tsx');
const helpPages = () => import('@/features/help/pages/help-pages.tsx');
const rewardHistoryPage = () => import('@/features/rewards/pages/reward-history-page.tsx');
const badgesPage = () => import('@/features/rewards/pages/badges-page.tsx');
// The operator console: its own bundle, outside the app's frame and guards.
const adminApp = () => import('@/features/admin/pages/admin-app.tsx');

const LoginAuthPage = preloadable(loginPage, 'LoginAuthPage');
const TermsOfUsePage = lazyPage(termsOfUsePage, 'TermsOfUsePage');
const PrivacyPolicyPage = lazyPage(privacyPolicyPage, 'PrivacyPolicyPage');

const AdminApp = lazyPage(adminApp, 'AdminApp');
function AdminRoute() {
  return (
    <Suspense fallback={<p role="status">{messages.common.loading}</p>}>
      <AdminApp />
    </Suspense>
  );
}

/** A page of the route table: its component, or an element when the page takes props. */
type PageRoute = { path: string } & (
  { Component: ComponentType; element?: never } | { element: ReactNode; Component?: never }
);

/**
 * Routes of spec §2, flat and absolute so each path reads as written in the spec. The most specific
 * pattern wins whatever the order (route-match.ts).
 */
const pageRoutes: PageRoute[] = [
  { path: paths.root, Component: RootRedirect },
  { path: paths.welcome, Component: WelcomeRedirect },
  { path: paths.terms, element: <TermsOfUsePage title={messages.pages.terms} /> },
  { path: paths.termsOfUse, element: <TermsOfUsePage title={messages.pages.termsOfUse} /> },
  { path: paths.privacyPolicy, element: <PrivacyPolicyPage title={messages.pages.privacyPolicy} /> },
  { path: paths.unexpected, Component: UnexpectedPage },
  { path: paths.missionShared, Component: preloadable(missionPages, 'SharedMissionPage') },
  { path: paths.challengeShared, Component: preloadable(missionPages, 'SharedChallengeMissionPage') },

  { path: paths.loginAuth, Component: LoginAuthPage },
  {
    path: paths.loginTermsOfUse,
    element: <TermsOfUsePage title={messages.pages.loginTermsOfUse} backTo={paths.loginAuth} />,
  },
  {
    path: paths.loginPrivacyPolicy,
    element: <PrivacyPolicyPage title={messages.pages.loginPrivacyPolicy} backTo={paths.loginAuth} />,
  },
  { path: paths.loginCallback, Component: preloadable(authPages, 'LoginCallbackPage') },
  { path: paths.loginAgreement, Component: preloadable(authPages, 'LoginAgreementPage') },
  { path: paths.loginChildren, Component: preloadable(authPages, 'ChildrenLoginPage') },
  { path: paths.loginChildRegister, Component: preloadable(authPages, 'ChildRegisterPage') },
  { path: paths.loginChildPassword, Component: preloadable(authPages, 'ChildPasswordPage') },

  { path: paths.home, Component: preloadable(homePage, 'HomePage') },
  { path: paths.homeNotice, Component: preloadable(noticePages, 'NoticeListPage') },
  { path: paths.homeNoticeDetail, Component: preloadable(noticePages, 'NoticeDetailPage') },
  {
    path: paths.homeTermsOfUse,
    element: <TermsOfUsePage title={messages.pages.homeTermsOfUse} backTo={paths.home} />,
  },
  {
    path: paths.homePrivacyPolicy,
    element: <PrivacyPolicyPage title={messages.pages.homePrivacyPolicy} backTo={paths.home} />,
  },

  { path: paths.challenge, Component: preloadable(challengePages, 'ChallengePage') },
  { path: paths.challengeHistory, Component: preloadable(challengePages, 'ChallengeHistoryPage') },

  { path: paths.active, Component: preloadable(activePages, 'ActivePage') },
  { path: paths.activeHistory, Component: preloadable(activePages, 'ActiveHistoryPage') },

  { path: paths.team, Component: preloadable(myTeamsPage, 'MyTeamsPage') },
  { path: paths.teamInvite, Component: preloadable(teamJoinPages, 'InviteTeamPage') },
  { path: paths.teamChallengeDetail, Component: preloadable(teamDetailPages, 'ChallengeTeamDetailPage') },
  {
    path: paths.teamChallengeRanking,
    Component: preloadable(teamDetailPages, 'ChallengeTeamRankingPage'),
  },
  { path: paths.teamAlwaysDetail, Component: preloadable(teamDetailPages, 'AlwaysTeamDetailPage') },
  { path: paths.teamAlwaysRanking, Component: preloadable(teamDetailPages, 'AlwaysTeamRankingPage') },
  {
    path: paths.teamChallengeManagement,
    Component: preloadable(teamManagementPage, 'ChallengeTeamManagementPage'),
  },
  {
    path: paths.teamAlwaysManagement,
    Component: preloadable(teamManagementPage, 'AlwaysTeamManagementPage'),
  },
  { path: paths.teamCreate, Component: preloadable(teamJoinPages, 'TeamCreatePage') },
  { path: paths.teamMembersAlways, Component: preloadable(teamDetailPages, 'TeamMembersAlwaysPage') },
  {
    path: paths.teamMembersChallenge,
    Component: preloadable(teamDetailPages, 'TeamMembersChallengePage'),
  },
  {
    path: paths.teamMemberDetailAlways,
    Component: preloadable(teamDetailPages, 'TeamMemberDetailAlwaysPage'),
  },
  {
    path: paths.teamMemberDetailChallenge,
    Component: preloadable(teamDetailPages, 'TeamMemberDetailChallengePage'),
  },
  { path: paths.teamInvited, Component: preloadable(teamJoinPages, 'InvitedMembersPage') },

  { path: paths.my, Component: preloadable(myPage, 'MyPage') },
  { path: paths.myFaq, Component: preloadable(helpPages, 'FaqPage') },
  { path: paths.myServiceInfo, Component: preloadable(helpPages, 'ServiceInfoPage') },
  { path: paths.myUserInfo, Component: preloadable(myPages, 'UserInfoPage') },
  { path: paths.myRewardHistory, Component: preloadable(rewardHistoryPage, 'RewardHistoryPage') },
  { path: paths.myBadges, Component: preloadable(badgesPage, 'BadgesPage') },
  { path: paths.myChildren, Component: preloadable(myPages, 'ChildrenPage') },
  { path: paths.myChildInfo, Component: preloadable(myPages, 'ChildInfoPage') },
  { path: paths.myId, Component: preloadable(myPages, 'MyIdPage') },
  { path: paths.myPassword, Component: preloadable(myPages, 'MyPasswordPage') },
  { path: paths.myChildNotice, Component: preloadable(myPages, 'ChildNoticePage') },

  { path: '*', Component: NotFoundPage },
];

// A path whose params do not fit their format is no screen: the not-found page (decision 036).
const matchPage = createRouteMatcher(pageRoutes, PARAM_FORMATS);
// The operator console's own paths (its bundle routes inside them).
const matchConsole = createRouteMatcher([{ path: '/admin/*' }]);

/**
 * The app's routes: the operator console under /admin (its own bundle, outside the app's frame and
 * guards), every other path a page in the frame (decision 013). Every page is a preloadable page
 * under the frame's Suspense: a first load draws its page with the first paint (see preparePage), a
 * navigation to a page whose code is not there yet shows the frame's skeleton until it is. A page is
 * drawn anew when the route changes, and kept (with new params) when only the params do.
 */
export function AppRoutes() {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    // Committed at once (flushSync), the session cleared in the same commit: the login page, or its
    // fallback, replaces the page being left, so that page's guard never sees the session gone first,
    // the login page never sees a session still there (it sends those to /home), and the next person
    // on the tab sees none of its data.
    registerSessionNavigation((to, alongside) =>
      flushSync(() => {
        navigate(to, { replace: true });
        alongside();
      }),
    );
  }, []);
  if (matchConsole(pathname)) {
    return (
      <RootErrorBoundary>
        <AdminRoute />
      </RootErrorBoundary>
    );
  }
  // The table ends with `*`, so something always matches.
  const { route, params } = matchPage(pathname)!;
  const page = route.Component ? <route.Component /> : route.element;
  return (
    <RootErrorBoundary>
      <AppLayout>
        {/* A failing screen is replaced by the 500 page inside the frame; the frame has the outer boundary. */}
        <RouteErrorBoundary>
          <RouteParamsContext value={params}>
            <Fragment key={route.path}>{page}</Fragment>
          </RouteParamsContext>
        </RouteErrorBoundary>
      </AppLayout>
    </RootErrorBoundary>
  );
}

/**
 * Before the first render: loads the code of the first page, so it is drawn with the first paint
 * instead of after a Suspense fallback (React holds a fallback's replacement back for 300 ms). The
 * entry pages' chunks are already named in their shells, so this waits for nothing the page did not
 * need. Meanwhile the frame's first calls start, and the page's as soon as its code names them
 * (start-first-calls.ts), so they travel while React draws. Never fails: a failed load is the page's to show.
 */
export async function preparePage(
  location: { pathname: string; search: string },
  client: QueryClient,
): Promise<void> {
  if (matchConsole(location.pathname)) return;
  const calls = startFirstCalls(client, location);
  const page = matchPage(location.pathname)?.route.Component;
  if (page && 'preload' in page && typeof page.preload === 'function') {
    const Page = (await (page.preload as () => Promise<unknown>)().catch(() => null)) as {
      firstCalls?: FirstCalls;
    } | null;
    calls.page(Page?.firstCalls);
  }
}
