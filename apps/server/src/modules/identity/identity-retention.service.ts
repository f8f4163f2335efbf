import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { retentionCutoff } from '@hamkke/contract/retention';
import { deleteActivityLogsBefore, deleteLoginLogsBefore } from './activity-log.repository.ts';
import { deleteEndedAutoLoginTokens } from './auto-login.repository.ts';
import { deleteLoginAttemptsBefore } from './login-attempt.repository.ts';

/** Retention of identity's tables (decision 039, `docs/retention.md`); each answers how many rows went. */
export function createIdentityRetentionService(deps: { db: Kysely<Database> }) {
  const { db } = deps;
  return {
    /** Login records live a year. */
    purgeLoginLogs: (now: Date) => deleteLoginLogsBefore(db, retentionCutoff('loginLogs', now)),
    /** Activity records live a year. */
    purgeActivityLogs: (now: Date) => deleteActivityLogsBefore(db, retentionCutoff('activityLogs', now)),
    /** Auto-login tokens go a week after they expired or were revoked. */
    purgeEndedAutoLogins: (now: Date) =>
      deleteEndedAutoLoginTokens(db, retentionCutoff('autoLoginTokens', now)),
    /** Kakao login attempts (usable 10 minutes) go a day after they started. */
    purgeKakaoLoginAttempts: (now: Date) =>
      deleteLoginAttemptsBefore(db, retentionCutoff('kakaoLoginAttempts', now)),
  };
}
export type IdentityRetentionService = ReturnType<typeof createIdentityRetentionService>;
