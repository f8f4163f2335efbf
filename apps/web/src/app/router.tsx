import { Suspense } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { NotFoundPage } from '@/features/errors/pages/not-found-page.tsx';
import { RootErrorPage, RouteErrorPage } from '@/features/errors/pages/route-error-page.tsx';
import { UnexpectedPage } from '@/features/errors/pages/unexpected-page.tsx';
import { registerSessionNavigation } from '@/shared/session/end-session.ts';
import { messages } from '@/shared/messages.ts';
import { AppLayout } from './layout/app-layout.tsx';
import { RootRedirect, WelcomeRedirect } from './layout/redirects.tsx';
import { lazyPage, lazyRoute, preloadablePage } from './lazy-page.ts';
import { routePaths as paths } from './route-paths.ts';

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
const teamJoinPages = () => import('@/features/team/pages/team-join-pages.tsx');
const myPages = () => import('@/features/my/pages/my-pages.tsx');
const helpPages = () => import('@/features/help/pages/help-pages.tsx');
const rewardHistoryPage = () => import('@/features/rewards/pages/reward-history-page.tsx');
const badgesPage = () => import('@/features/rewards/pages/badges-page.tsx');
// The operator console: its own bundle, outside the app's frame and guards.
const adminApp = () => import('@/features/admin/pages/admin-app.tsx');

// Under Suspense rather than the router's `lazy`: an ended session navigates here at once (with its
// reason), before any guard of the page it leaves can send it elsewhere. Preloadable, so a first load
// of /login/auth draws the page with its first paint (see preparePage).
const LoginAuthPage = preloadablePage(loginPage, 'LoginAuthPage');
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

/** Routes of spec §2, flat and absolute so each path reads as written in the spec. */
const pageRoutes: RouteObject[] = [
  { path: paths.root, Component: RootRedirect },
  { path: paths.welcome, Component: WelcomeRedirect },
  { path: paths.terms, element: <TermsOfUsePage title={messages.pages.terms} /> },
  { path: paths.unexpected, Component: UnexpectedPage },
  { path: paths.missionShared, lazy: lazyRoute(missionPages, 'SharedMissionPage') },
  { path: paths.challengeShared, lazy: lazyRoute(missionPages, 'SharedChallengeMissionPage') },

  { path: paths.loginAuth, Component: LoginAuthPage },
  {
    path: paths.loginTermsOfUse,
    element: <TermsOfUsePage title={messages.pages.loginTermsOfUse} backTo={paths.loginAuth} />,
  },
  {
    path: paths.loginPrivacyPolicy,
    element: <PrivacyPolicyPage title={messages.pages.loginPrivacyPolicy} backTo={paths.loginAuth} />,
  },
  { path: paths.loginCallback, lazy: lazyRoute(authPages, 'LoginCallbackPage') },
  { path: paths.loginAgreement, lazy: lazyRoute(authPages, 'LoginAgreementPage') },
  { path: paths.loginChildren, lazy: lazyRoute(authPages, 'ChildrenLoginPage') },
  { path: paths.loginChildRegister, lazy: lazyRoute(authPages, 'ChildRegisterPage') },
  { path: paths.loginChildPassword, lazy: lazyRoute(authPages, 'ChildPasswordPage') },

  { path: paths.home, lazy: lazyRoute(homePage, 'HomePage') },
  { path: paths.homeNotice, lazy: lazyRoute(noticePages, 'NoticeListPage') },
  { path: paths.homeNoticeDetail, lazy: lazyRoute(noticePages, 'NoticeDetailPage') },
  {
    path: paths.homeTermsOfUse,
    element: <TermsOfUsePage title={messages.pages.homeTermsOfUse} backTo={paths.home} />,
  },
  {
    path: paths.homePrivacyPolicy,
    element: <PrivacyPolicyPage title={messages.pages.homePrivacyPolicy} backTo={paths.home} />,
  },

  { path: paths.challenge, lazy: lazyRoute(challengePages, 'ChallengePage') },
  { path: paths.challengeHistory, lazy: lazyRoute(challengePages, 'ChallengeHistoryPage') },

  { path: paths.active, lazy: lazyRoute(activePages, 'ActivePage') },
  { path: paths.activeHistory, lazy: lazyRoute(activePages, 'ActiveHistoryPage') },

  { path: paths.team, lazy: lazyRoute(myTeamsPage, 'MyTeamsPage') },
  { path: paths.teamInvite, lazy: lazyRoute(teamJoinPages, 'InviteTeamPage') },
  { path: paths.teamChallengeDetail, lazy: lazyRoute(teamDetailPages, 'ChallengeTeamDetailPage') },
  { path: paths.teamChallengeRanking, lazy: lazyRoute(teamDetailPages, 'ChallengeTeamRankingPage') },
  { path: paths.teamAlwaysDetail, lazy: lazyRoute(teamDetailPages, 'AlwaysTeamDetailPage') },
  { path: paths.teamAlwaysRanking, lazy: lazyRoute(teamDetailPages, 'AlwaysTeamRankingPage') },
  {
    path: paths.teamChallengeManagement,
    lazy: lazyRoute(teamDetailPages, 'ChallengeTeamManagementPage'),
  },
  { path: paths.teamAlwaysManagement, lazy: lazyRoute(teamDetailPages, 'AlwaysTeamManagementPage') },
  { path: paths.teamCreate, lazy: lazyRoute(teamJoinPages, 'TeamCreatePage') },
  { path: paths.teamMembersAlways, lazy: lazyRoute(teamDetailPages, 'TeamMembersAlwaysPage') },
  { path: paths.teamMembersChallenge, lazy: lazyRoute(teamDetailPages, 'TeamMembersChallengePage') },
  { path: paths.teamMemberDetailAlways, lazy: lazyRoute(teamDetailPages, 'TeamMemberDetailAlwaysPage') },
  {
    path: paths.teamMemberDetailChallenge,
    lazy: lazyRoute(teamDetailPages, 'TeamMemberDetailChallengePage'),
  },
  { path: paths.teamInvited, lazy: lazyRoute(teamJoinPages, 'InvitedMembersPage') },

  { path: paths.my, lazy: lazyRoute(myPages, 'MyPage') },
  { path: paths.myFaq, lazy: lazyRoute(helpPages, 'FaqPage') },
  { path: paths.myServiceInfo, lazy: lazyRoute(helpPages, 'ServiceInfoPage') },
  { path: paths.myUserInfo, lazy: lazyRoute(myPages, 'UserInfoPage') },
  { path: paths.myRewardHistory, lazy: lazyRoute(rewardHistoryPage, 'RewardHistoryPage') },
  { path: paths.myBadges, lazy: lazyRoute(badgesPage, 'BadgesPage') },
  { path: paths.myChildren, lazy: lazyRoute(myPages, 'ChildrenPage') },
  { path: paths.myChildInfo, lazy: lazyRoute(myPages, 'ChildInfoPage') },
  { path: paths.myId, lazy: lazyRoute(myPages, 'MyIdPage') },
  { path: paths.myPassword, lazy: lazyRoute(myPages, 'MyPasswordPage') },

  { path: '*', Component: NotFoundPage },
];

export const router = createBrowserRouter([
  { path: '/admin/*', Component: AdminRoute, ErrorBoundary: RootErrorPage },
  {
    Component: AppLayout,
    ErrorBoundary: RootErrorPage,
    // A failing screen is replaced by the 500 page inside the frame; the frame itself has the outer boundary.
    children: [{ ErrorBoundary: RouteErrorPage, children: pageRoutes }],
  },
]);

// A 401 anywhere sends the user to the login page through the router, without a reload.
registerSessionNavigation((to) => router.navigate(to, { replace: true, flushSync: true }));

/**
 * Before the first render: loads the code of a first page that sits under Suspense, so it is drawn
 * with the first paint instead of after a fallback (the login page's chunk is already named in its
 * shell, so this waits for nothing the page did not need). Never fails: a failed load is the page's
 * to show.
 */
export async function preparePage(pathname: string): Promise<void> {
  if (pathname === paths.loginAuth) await LoginAuthPage.preload().catch(() => undefined);
}
