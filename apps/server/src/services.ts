import type { Kysely } from 'kysely';
import type { Database } from './db/schema.ts';
import type { KakaoClient } from './kakao/kakao-client.ts';
import type { Clock } from './lib/clock.ts';
import type { FileStorage } from './lib/storage.ts';
import { createLoginKeyMaker } from './lib/login-key.ts';
import { createRateLimiter } from './lib/rate-limiter.ts';
import { createTokenService } from './modules/auth/token.service.ts';
import { createCommonService } from './modules/common/common.service.ts';
import { createContentService } from './modules/content/content.service.ts';
import { createFilesService } from './modules/files/files.service.ts';
import { createMissionsService } from './modules/missions/missions.service.ts';
import { createTermsService } from './modules/home/terms.service.ts';
import { createActivityLogService } from './modules/identity/activity-log.service.ts';
import { createChildrenLoginService } from './modules/identity/children-login.service.ts';
import { createKakaoLoginService } from './modules/identity/kakao-login.service.ts';
import { createPinService } from './modules/identity/pin.service.ts';
import { createAccountService } from './modules/my/account.service.ts';
import { createChildLinksService } from './modules/my/child-links.service.ts';
import { createChildrenService } from './modules/my/children.service.ts';

export interface ServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  kakao: KakaoClient;
  loginKey: { key: string; iv: string };
  storage: FileStorage;
  /** scrypt cost for new child passwords; the security.md default unless a test lowers it. */
  passwordParams?: { N: number; r: number; p: number };
}

const FIFTEEN_MINUTES = 15 * 60 * 1000;

/** The composition root: every service built once from explicit dependencies. */
export function createServices(deps: ServiceDeps) {
  const { db, clock } = deps;
  const makeLoginKey = createLoginKeyMaker(deps.loginKey);
  const tokens = createTokenService({ db, clock });
  const activity = createActivityLogService({ db, clock });
  /** 10 failures per id and address (and 50 per address) within 15 minutes, then a wait (security.md). */
  const failureLimits = () => ({
    perIdentity: createRateLimiter({ maxFailures: 10, windowMs: FIFTEEN_MINUTES, clock }),
    perAddress: createRateLimiter({ maxFailures: 50, windowMs: FIFTEEN_MINUTES, clock }),
  });
  const loginLimits = failureLimits();
  const pinLimits = failureLimits();
  const registerLimits = failureLimits();
  const logLimiter = createRateLimiter({ maxFailures: 300, windowMs: 60 * 1000, clock });
  const pin = createPinService({ db, clock, limits: pinLimits });
  const childrenLogin = createChildrenLoginService({
    db,
    clock,
    tokens,
    limits: loginLimits,
    makeLoginKey,
  });
  const content = createContentService({ db, clock });
  const files = createFilesService({ db, clock, storage: deps.storage });
  const passwordParams = deps.passwordParams ? { passwordParams: deps.passwordParams } : {};
  const children = createChildrenService({
    db,
    clock,
    tokens,
    childrenLogin,
    activity,
    passwordLimiter: loginLimits.perIdentity,
    files,
    ...passwordParams,
  });
  return {
    makeLoginKey,
    tokens,
    activity,
    limiters: { login: loginLimits, pin: pinLimits, log: logLimiter },
    common: createCommonService({ db, clock }),
    terms: createTermsService({ db, clock }),
    content,
    files,
    missions: createMissionsService({ db, clock, files, content }),
    kakaoLogin: createKakaoLoginService({
      db,
      clock,
      kakao: deps.kakao,
      tokens,
      activity,
      makeLoginKey,
      pinLimits,
      registerLimits,
      pin,
    }),
    childrenLogin,
    children,
    childLinks: createChildLinksService({
      db,
      clock,
      children,
      tokens,
      childrenLogin,
      activity,
      ...passwordParams,
    }),
    account: createAccountService({ db, kakao: deps.kakao, pin, activity, files, makeLoginKey }),
  };
}
export type Services = ReturnType<typeof createServices>;
