import { Suspense } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { NotFoundPage } from '@/features/errors/pages/not-found-page.tsx';
import { RootErrorPage, RouteErrorPage } from '@/features/errors/pages/route-error-page.tsx';
import { UnexpectedPage } from '@/features/errors/pages/unexpected-page.tsx';
import { registerSessionNavigation } from '@/shared/session/end-session.ts';
import { messages } from '@/shared/messages.ts';
import { AppLayout } from './layout/app-layout.tsx';
import { RootRedirect, WelcomeRedirect } from './layout/redirects.tsx';
import { lazyPage } from './lazy-page.ts';
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

const LoginAuthPage = lazyPage(loginPage, 'LoginAuthPage');
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
  { path: paths.missionShared, Component: lazyPage(missionPages, 'SharedMissionPage') },
  { path: paths.challengeShared, Component: lazyPage(missionPages, 'SharedChallengeMissionPage') },

  { path: paths.loginAuth, Component: LoginAuthPage },
  {
    path: paths.loginTermsOfUse,
    element: <TermsOfUsePage title={messages.pages.loginTermsOfUse} backTo={paths.loginAuth} />,
  },
  {
    path: paths.loginPrivacyPolicy,
    element: <PrivacyPolicyPage title={messages.pages.loginPrivacyPolicy} backTo={paths.loginAuth} />,
  },
  { path: paths.loginCallback, Component: lazyPage(authPages, 'LoginCallbackPage') },
  { path: paths.loginAgreement, Component: lazyPage(authPages, 'LoginAgreementPage') },
  { path: paths.loginChildren, Component: lazyPage(authPages, 'ChildrenLoginPage') },
  { path: paths.loginChildRegister, Component: lazyPage(authPages, 'ChildRegisterPage') },
  { path: paths.loginChildPassword, Component: lazyPage(authPages, 'ChildPasswordPage') },

  { path: paths.home, Component: lazyPage(homePage, 'HomePage') },
  { path: paths.homeNotice, Component: lazyPage(noticePages, 'NoticeListPage') },
  { path: paths.homeNoticeDetail, Component: lazyPage(noticePages, 'NoticeDetailPage') },
  {
    path: paths.homeTermsOfUse,
    element: <TermsOfUsePage title={messages.pages.homeTermsOfUse} backTo={paths.home} />,
  },
  {
    path: paths.homePrivacyPolicy,
    element: <PrivacyPolicyPage title={messages.pages.homePrivacyPolicy} backTo={paths.home} />,
  },

  { path: paths.challenge, Component: lazyPage(challengePages, 'ChallengePage') },
  { path: paths.challengeHistory, Component: lazyPage(challengePages, 'ChallengeHistoryPage') },

  { path: paths.active, Component: lazyPage(activePages, 'ActivePage') },
  { path: paths.activeHistory, Component: lazyPage(activePages, 'ActiveHistoryPage') },

  { path: paths.team, Component: lazyPage(myTeamsPage, 'MyTeamsPage') },
  { path: paths.teamInvite, Component: lazyPage(teamJoinPages, 'InviteTeamPage') },
  { path: paths.teamChallengeDetail, Component: lazyPage(teamDetailPages, 'ChallengeTeamDetailPage') },
  { path: paths.teamChallengeRanking, Component: lazyPage(teamDetailPages, 'ChallengeTeamRankingPage') },
  { path: paths.teamAlwaysDetail, Component: lazyPage(teamDetailPages, 'AlwaysTeamDetailPage') },
  { path: paths.teamAlwaysRanking, Component: lazyPage(teamDetailPages, 'AlwaysTeamRankingPage') },
  {
    path: paths.teamChallengeManagement,
    Component: lazyPage(teamDetailPages, 'ChallengeTeamManagementPage'),
  },
  { path: paths.teamAlwaysManagement, Component: lazyPage(teamDetailPages, 'AlwaysTeamManagementPage') },
  { path: paths.teamCreate, Component: lazyPage(teamJoinPages, 'TeamCreatePage') },
  { path: paths.teamMembersAlways, Component: lazyPage(teamDetailPages, 'TeamMembersAlwaysPage') },
  { path: paths.teamMembersChallenge, Component: lazyPage(teamDetailPages, 'TeamMembersChallengePage') },
  { path: paths.teamMemberDetailAlways, Component: lazyPage(teamDetailPages, 'TeamMemberDetailAlwaysPage') },
  {
    path: paths.teamMemberDetailChallenge,
    Component: lazyPage(teamDetailPages, 'TeamMemberDetailChallengePage'),
  },
  { path: paths.teamInvited, Component: lazyPage(teamJoinPages, 'InvitedMembersPage') },

  { path: paths.my, Component: lazyPage(myPages, 'MyPage') },
  { path: paths.myFaq, Component: lazyPage(helpPages, 'FaqPage') },
  { path: paths.myServiceInfo, Component: lazyPage(helpPages, 'ServiceInfoPage') },
  { path: paths.myUserInfo, Component: lazyPage(myPages, 'UserInfoPage') },
  { path: paths.myRewardHistory, Component: lazyPage(rewardHistoryPage, 'RewardHistoryPage') },
  { path: paths.myBadges, Component: lazyPage(badgesPage, 'BadgesPage') },
  { path: paths.myChildren, Component: lazyPage(myPages, 'ChildrenPage') },
  { path: paths.myChildInfo, Component: lazyPage(myPages, 'ChildInfoPage') },
  { path: paths.myId, Component: lazyPage(myPages, 'MyIdPage') },
  { path: paths.myPassword, Component: lazyPage(myPages, 'MyPasswordPage') },

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
