import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { KakaoClient } from '../../kakao/kakao-client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { DomainEvents } from '../../lib/domain-events.ts';
import type { FailureLimits, RateLimiter } from '../../lib/rate-limiter.ts';
import type { TokenService } from '../auth/token.service.ts';
import type { TermsService } from '../terms/terms.service.ts';
import type { UsersService } from '../users/users.service.ts';
import type { ActivityLogService } from './activity-log.service.ts';
import type { PinService } from './pin.service.ts';

/** What the Kakao login's services are built from; each takes the part it uses. */
export interface KakaoLoginDeps {
  terms: TermsService;
  users: UsersService;
  db: Kysely<Database>;
  clock: Clock;
  kakao: KakaoClient;
  tokens: TokenService;
  activity: ActivityLogService;
  makeLoginKey: (kakaoId: string) => string;
  pinLimits: FailureLimits;
  /** Failed registrations per address (security.md: registration is rate limited too). */
  registerLimits: FailureLimits;
  /** `login/login` calls per address: each one asks Kakao. */
  loginLimiter: RateLimiter;
  pin: PinService;
  /** A new account is announced (`signedUp`) inside its transaction. */
  events: DomainEvents;
}
