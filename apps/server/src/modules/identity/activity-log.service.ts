import {
  UNKNOWN_ERROR_REASON,
  isFailureEvent,
  tokenlessActivityEventTypes,
  type ActivityLog,
} from '@hamkke/contract/user/activity-log';
import { parseId } from '@hamkke/contract/ids';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { clearLoginLogBirthDates, insertActivityLog, insertLoginLog } from './activity-log.repository.ts';

export interface ActivityEntry extends ActivityLog {
  ipAddress?: string | null;
}

/** Who sent a client report: the caller's address, and the signed-in person when a token came with it. */
export interface ClientReporter {
  ipAddress: string;
  /** The owner of the access token the call carried; null without one. */
  sessionUserId: number | null;
}

export function createActivityLogService(deps: {
  db: Kysely<Database>;
  clock: Clock;
  /** Client reports: per address without a token, per person with one. */
  limits: { perAddress: RateLimiter; perUser: RateLimiter };
}) {
  const { db, clock } = deps;

  async function record(entry: ActivityEntry, source: 'SERVER' | 'CLIENT' = 'SERVER'): Promise<void> {
    const failure = isFailureEvent(entry.eventType);
    await insertActivityLog(db, {
      event_type: entry.eventType,
      user_id: parseId(entry.userId),
      kakao_uid: entry.kakaoUid ?? null,
      user_nm: entry.userNm ?? null,
      title: entry.title ?? null,
      url: entry.url ?? null,
      body: entry.body ?? null,
      status_code: entry.statusCode ?? (failure ? 500 : 200),
      error_reason: entry.errorReason ?? (failure ? UNKNOWN_ERROR_REASON : null),
      ip_address: entry.ipAddress ?? null,
      source,
      created_at: clock().toISOString(),
    });
  }

  /** Rate limit of client reports, and the person a report may name: only the token's owner. */
  async function admit(reporter: ClientReporter, namedUserId: string | null | undefined) {
    if (reporter.sessionUserId === null) await deps.limits.perAddress.consume(reporter.ipAddress);
    else await deps.limits.perUser.consume(String(reporter.sessionUserId));
    const named = parseId(namedUserId);
    return named !== null && named === reporter.sessionUserId ? named : null;
  }

  return {
    /**
     * Saves the server's own activity record with the defaults of spec §3: status 200, or 500 and
     * the Korean "unknown error" reason for a `_FAILURE` event.
     */
    record: (entry: ActivityEntry) => record(entry),

    /**
     * A record the web app reports (`user/save-user-activity-log`), stored as client-reported with
     * the caller's address. Without a token only login attempts and their failures are taken, and
     * the record names no one.
     */
    async recordFromClient(entry: ActivityLog, reporter: ClientReporter): Promise<void> {
      if (reporter.sessionUserId === null && !tokenlessActivityEventTypes.includes(entry.eventType)) {
        // 403, not 401: this call is public, and a 401 would end a web session that has none to end.
        throw new AppError('FORBIDDEN', 'Reporting this event needs an access token');
      }
      const userId = await admit(reporter, entry.userId);
      await record(
        { ...entry, userId: userId === null ? null : String(userId), ipAddress: reporter.ipAddress },
        'CLIENT',
      );
    },

    async loginLog(entry: {
      userId: number | null;
      logdetail: string;
      birthDate: string | null;
      result: 'Y' | 'N';
    }) {
      await insertLoginLog(db, {
        user_id: entry.userId,
        logdetail: entry.logdetail,
        birth_date: entry.birthDate,
        result: entry.result,
        source: 'SERVER',
        ip_address: null,
        created_at: clock().toISOString(),
      });
    },

    /**
     * A login record the client reports (`login/login-log`): client-reported, with the caller's
     * address. Without a token only failures are taken (a success is the server's to record), and
     * the row names no one.
     */
    async loginLogFromClient(
      entry: { userId?: string | null; logdetail: string; birthDate?: string | null; result: 'Y' | 'N' },
      reporter: ClientReporter,
    ) {
      if (reporter.sessionUserId === null && entry.result !== 'N') {
        throw new AppError('FORBIDDEN', 'Reporting a successful login needs an access token');
      }
      const userId = await admit(reporter, entry.userId);
      await insertLoginLog(db, {
        user_id: userId,
        logdetail: entry.logdetail,
        birth_date: userId === null ? null : (entry.birthDate ?? null),
        result: entry.result,
        source: 'CLIENT',
        ip_address: reporter.ipAddress,
        created_at: clock().toISOString(),
      });
    },

    /** Before people's accounts are deleted: their login records keep no birth date. */
    forgetBirthDates: (userIds: readonly number[]) => clearLoginLogBirthDates(db, userIds),
  };
}
export type ActivityLogService = ReturnType<typeof createActivityLogService>;
