import type { Clock } from '../../lib/clock.ts';
import type { LoginKeyMaker } from '../../lib/login-key.ts';
import { createRateLimiter } from '../../lib/rate-limiter.ts';
import { defineModule, type CoreDeps } from '../app-module.ts';
import type { TokenService } from '../auth/token.service.ts';
import type { TermsService } from '../terms/terms.service.ts';
import type { UsersService } from '../users/users.service.ts';
import { createActivityLogService } from './activity-log.service.ts';
import { createChildrenLoginService } from './children-login.service.ts';
import { registerIdentityRoutes } from './identity.routes.ts';
import { createKakaoLoginService } from './kakao-login.service.ts';
import { createKakaoMessageService } from './kakao-message.service.ts';
import { sendKakaoEndpoint } from '@hamkke/contract/common/send-kakao';
import { registerEndpoint } from '../../plugins/endpoints.ts';
import { createPinService } from './pin.service.ts';

interface IdentityNeeds {
  tokens: TokenService;
  makeLoginKey: LoginKeyMaker;
  users: UsersService;
  terms: TermsService;
}

const FIFTEEN_MINUTES = 15 * 60 * 1000;

/** 10 failures per id and address (and 50 per address) within 15 minutes, then a wait (security.md). */
function failureLimits(clock: Clock) {
  return {
    perIdentity: createRateLimiter({ maxFailures: 10, windowMs: FIFTEEN_MINUTES, clock }),
    perAddress: createRateLimiter({ maxFailures: 50, windowMs: FIFTEEN_MINUTES, clock }),
  };
}

export type IdentityLimiters = ReturnType<typeof buildIdentityServices>['limiters'];

/** Kakao login, registration, pin check, children login, auto-login, activity and login logs. */
export const identityModule = defineModule<ReturnType<typeof buildIdentityServices>, IdentityNeeds>({
  name: 'identity',
  needs: ['tokens', 'makeLoginKey', 'users', 'terms'],
  services: (deps) => buildIdentityServices(deps),
  routes: (app, { services, config }) => {
    registerEndpoint(app, sendKakaoEndpoint, ({ session, body, request }) =>
      services.kakaoMessages.sendToMe(session.userId, body, `${request.protocol}://${request.host}`),
    );
    registerIdentityRoutes(app, {
      kakaoLogin: services.kakaoLogin,
      childrenLogin: services.childrenLogin,
      tokens: services.tokens,
      activity: services.activity,
      logLimiter: services.limiters.log,
      cookieSecure: config.cookieSecure,
      redirectUri: config.kakao.redirectUri,
    });
  },
});

function buildIdentityServices(deps: CoreDeps & IdentityNeeds) {
  const { db, users, clock, tokens, makeLoginKey } = deps;
  const activity = createActivityLogService({ db, clock });
  const loginLimits = failureLimits(clock);
  const pinLimits = failureLimits(clock);
  const registerLimits = failureLimits(clock);
  const logLimiter = createRateLimiter({ maxFailures: 300, windowMs: 60 * 1000, clock });
  const pin = createPinService({ db, users, clock, limits: pinLimits });
  return {
    activity,
    pin,
    limiters: { login: loginLimits, pin: pinLimits, log: logLimiter },
    childrenLogin: createChildrenLoginService({
      db,
      users,
      clock,
      tokens,
      limits: loginLimits,
      makeLoginKey,
    }),
    kakaoMessages: createKakaoMessageService({ users, kakao: deps.kakao, clock }),
    kakaoLogin: createKakaoLoginService({
      db,
      users,
      terms: deps.terms,
      clock,
      kakao: deps.kakao,
      tokens,
      activity,
      makeLoginKey,
      pinLimits,
      registerLimits,
      pin,
    }),
  };
}
