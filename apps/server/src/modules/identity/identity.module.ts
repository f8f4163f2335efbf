import { registerIdentityConsole } from './identity.console.ts';
import type { LoginKeyMaker } from '../../lib/login-key.ts';
import {
  createAccountLock,
  createRateLimiter,
  type CounterStore,
  type FailureLimits,
} from '../../lib/rate-limiter.ts';
import { defineModule, type CoreDeps } from '../app-module.ts';
import type { TokenService } from '../auth/token.service.ts';
import type { TermsService } from '../terms/terms.service.ts';
import type { UsersService } from '../users/users.service.ts';
import { createActivityLogService } from './activity-log.service.ts';
import { createChildrenLoginService } from './children-login.service.ts';
import { createDeviceCookies } from './device-cookie.ts';
import { createIdentityRetentionService } from './identity-retention.service.ts';
import { registerIdentityRoutes } from './identity.routes.ts';
import { createKakaoAuthorizeService } from './kakao-authorize.service.ts';
import { createKakaoLoginService } from './kakao-login.service.ts';
import { createKakaoRegistrationService } from './kakao-registration.service.ts';
import { createKakaoSignInService } from './kakao-sign-in.service.ts';
import { createKakaoMessageService } from './kakao-message.service.ts';
import { createMembershipRegistryService } from './membership-registry.service.ts';
import { createLogPagesService } from './log-pages.service.ts';
import { sendKakaoEndpoint } from '@hamkke/contract/common/send-kakao';
import { registerEndpoint } from '../../plugins/endpoints.ts';
import { createPinService } from './pin.service.ts';

interface IdentityNeeds {
  tokens: TokenService;
  makeLoginKey: LoginKeyMaker;
  users: UsersService;
  terms: TermsService;
}

const MINUTE = 60 * 1000;
const FIFTEEN_MINUTES = 15 * MINUTE;
const HOUR = 60 * MINUTE;

/** 10 failures per id and address (and 50 per address) within 15 minutes, then a wait (security.md). */
function failureLimits(counters: CounterStore, name: string): FailureLimits {
  return {
    perIdentity: createRateLimiter(counters, { name: `${name}-id`, limit: 10, windowMs: FIFTEEN_MINUTES }),
    perAddress: createRateLimiter(counters, {
      name: `${name}-address`,
      limit: 50,
      windowMs: FIFTEEN_MINUTES,
    }),
  };
}

/**
 * The limits of identity's public calls (README, Limits). Children login counts failures per login
 * id from any address: after 10, each attempt waits 1, 2, 4 … minutes (at most an hour) after the
 * one before, until a success or the parent's new password; and 100 failures per address.
 */
function identityLimits(counters: CounterStore) {
  return {
    childLogin: {
      perAccount: createAccountLock(counters, {
        name: 'child-login-account',
        freeAttempts: 10,
        firstWaitMs: MINUTE,
        maxWaitMs: HOUR,
        windowMs: 24 * HOUR,
      }),
      // Looser than the per-id lock, which guards each account: this one stops sweeps over many ids
      // without locking out everyone behind one shared address after a few dozen typos.
      perAddress: createRateLimiter(counters, {
        name: 'child-login-address',
        limit: 100,
        windowMs: FIFTEEN_MINUTES,
      }),
      // A browser the child (or their parent) signed in on before: its own failures only, with the
      // same growing waits as the per-id lock, so guessing there stays as slow (decision 033).
      perDevice: createAccountLock(counters, {
        name: 'child-login-device',
        freeAttempts: 10,
        firstWaitMs: MINUTE,
        maxWaitMs: HOUR,
        windowMs: 24 * HOUR,
      }),
    },
    pin: failureLimits(counters, 'pin'),
    register: failureLimits(counters, 'register'),
    /** `login/login` asks Kakao each time: calls per address. */
    kakaoLogin: createRateLimiter(counters, { name: 'kakao-login', limit: 30, windowMs: FIFTEEN_MINUTES }),
    /** Public log writes: a few per minute per address without a token, more per signed-in person. */
    logPerAddress: createRateLimiter(counters, { name: 'log-address', limit: 5, windowMs: MINUTE }),
    logPerUser: createRateLimiter(counters, { name: 'log-user', limit: 30, windowMs: MINUTE }),
  };
}

export type IdentityLimiters = ReturnType<typeof buildIdentityServices>['limiters'];

/** Kakao login, registration, pin check, children login, auto-login, activity and login logs. */
export const identityModule = defineModule<ReturnType<typeof buildIdentityServices>, IdentityNeeds>({
  name: 'identity',
  needs: ['tokens', 'makeLoginKey', 'users', 'terms'],
  services: (deps) => buildIdentityServices(deps),
  routes: (app, { services, config, console }) => {
    registerIdentityConsole(app, console, services);
    registerEndpoint(app, sendKakaoEndpoint, ({ session, body, request }) =>
      services.kakaoMessages.sendToMe(session.userId, body, `${request.protocol}://${request.host}`),
    );
    registerIdentityRoutes(app, {
      kakaoLogin: services.kakaoLogin,
      childrenLogin: services.childrenLogin,
      tokens: services.tokens,
      activity: services.activity,
      cookieSecure: config.cookieSecure,
      redirectUri: config.kakao.redirectUri,
    });
  },
});

function buildIdentityServices(deps: CoreDeps & IdentityNeeds) {
  const { db, users, clock, tokens, makeLoginKey, counters } = deps;
  const limiters = identityLimits(counters);
  const activity = createActivityLogService({
    db,
    clock,
    limits: { perAddress: limiters.logPerAddress, perUser: limiters.logPerUser },
  });
  const pin = createPinService({ db, users, clock, limits: limiters.pin, activity });
  const childrenLogin = createChildrenLoginService({
    db,
    users,
    clock,
    tokens,
    limits: limiters.childLogin,
    makeLoginKey,
    devices: createDeviceCookies({ secret: deps.deviceCookieSecret, clock }),
    activity,
  });
  // A suspension (users) ends the accounts' auto-logins in its transaction.
  deps.events.on('accountsSuspended', (trx, event) => childrenLogin.revokeAllAutoLogins(event.userIds, trx));
  const kakaoDeps = {
    db,
    users,
    terms: deps.terms,
    clock,
    kakao: deps.kakao,
    tokens,
    activity,
    makeLoginKey,
    pinLimits: limiters.pin,
    registerLimits: limiters.register,
    loginLimiter: limiters.kakaoLogin,
    pin,
    events: deps.events,
  };
  return {
    activity,
    /** The console's pages of activity and login logs. */
    logPages: createLogPagesService({ db }),
    pin,
    limiters,
    childrenLogin,
    identityRetention: createIdentityRetentionService({ db }),
    kakaoMessages: createKakaoMessageService({ users, kakao: deps.kakao, counters }),
    // The registry membership verification checks against, loaded by the operator console.
    membershipRegistry: createMembershipRegistryService({ db, clock }),
    kakaoLogin: createKakaoLoginService({
      authorize: createKakaoAuthorizeService(kakaoDeps),
      signIn: createKakaoSignInService(kakaoDeps),
      registration: createKakaoRegistrationService(kakaoDeps),
    }),
  };
}
