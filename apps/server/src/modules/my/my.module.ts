import type { LoginKeyMaker } from '../../lib/login-key.ts';
import { createRateLimiter } from '../../lib/rate-limiter.ts';
import { defineModule, type CoreDeps } from '../app-module.ts';
import type { TokenService } from '../auth/token.service.ts';
import type { ExportsService } from '../exports/exports.service.ts';
import type { FilesService } from '../files/files.service.ts';
import type { ActivityLogService } from '../identity/activity-log.service.ts';
import type { ChildrenLoginService } from '../identity/children-login.service.ts';
import type { IdentityLimiters } from '../identity/identity.module.ts';
import type { PinService } from '../identity/pin.service.ts';
import type { TeamManagementService } from '../teams/team-management.service.ts';
import type { UsersService } from '../users/users.service.ts';
import type { ContentService } from '../content/content.service.ts';
import type { TermsService } from '../terms/terms.service.ts';
import { registerProfileRoutes } from './profile.routes.ts';
import { createProfileService } from './profile.service.ts';
import { createAccountService } from './account.service.ts';
import { createChildLinksService } from './child-links.service.ts';
import { createChildNoticeService } from './child-notice.service.ts';
import { createChildrenService } from './children.service.ts';
import { registerMyRoutes } from './my.routes.ts';

interface MyNeeds {
  tokens: TokenService;
  makeLoginKey: LoginKeyMaker;
  activity: ActivityLogService;
  pin: PinService;
  childrenLogin: ChildrenLoginService;
  limiters: IdentityLimiters;
  files: FilesService;
  teamManagement: TeamManagementService;
  users: UsersService;
  content: ContentService;
  terms: TermsService;
  exports: ExportsService;
}

const HOUR = 60 * 60 * 1000;

function buildMyServices(deps: CoreDeps & MyNeeds) {
  const { db, users, clock, tokens, childrenLogin, activity, files, counters } = deps;
  const passwordParams = deps.passwordParams ? { passwordParams: deps.passwordParams } : {};
  const leaveTeams = (userIds: readonly number[]) => deps.teamManagement.leaveAllTeams(userIds);
  const children = createChildrenService({
    db,
    users,
    terms: deps.terms,
    clock,
    tokens,
    childrenLogin,
    activity,
    passwordLimiter: createRateLimiter(counters, { name: 'password-change', limit: 10, windowMs: HOUR / 4 }),
    takenIdLimiter: createRateLimiter(counters, { name: 'child-id-taken', limit: 10, windowMs: HOUR }),
    loginLock: deps.limiters.childLogin.perAccount,
    files,
    leaveTeams,
    ...passwordParams,
  });
  return {
    children,
    childNotice: createChildNoticeService({ users }),
    profiles: createProfileService({ users, content: deps.content, terms: deps.terms, clock }),
    childLinks: createChildLinksService({
      db,
      users,
      clock,
      children,
      terms: deps.terms,
      tokens,
      childrenLogin,
      activity,
      loginLock: deps.limiters.childLogin.perAccount,
      ...passwordParams,
    }),
    account: createAccountService({
      db,
      users,
      kakao: deps.kakao,
      pin: deps.pin,
      activity,
      files,
      leaveTeams,
      forgetExports: (userIds) => deps.exports.forgetPeople(userIds),
      makeLoginKey: deps.makeLoginKey,
    }),
  };
}

/** A parent's children, child links, account, profiles and family links, membership verification, withdrawal. */
export const myModule = defineModule<ReturnType<typeof buildMyServices>, MyNeeds>({
  name: 'my',
  needs: [
    'tokens',
    'makeLoginKey',
    'activity',
    'pin',
    'childrenLogin',
    'limiters',
    'files',
    'teamManagement',
    'users',
    'content',
    'terms',
    'exports',
  ],
  services: buildMyServices,
  routes: (app, { services }) => {
    registerMyRoutes(app, services);
    registerProfileRoutes(app, services);
  },
});
