import { UNKNOWN_ERROR_REASON, isFailureEvent, type ActivityLog } from '@hamkke/contract/user/activity-log';
import { parseId } from '@hamkke/contract/ids';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { insertActivityLog, insertLoginLog } from './activity-log.repository.ts';

export interface ActivityEntry extends ActivityLog {
  ipAddress?: string | null;
}

export function createActivityLogService(deps: { db: Kysely<Database>; clock: Clock }) {
  const { db, clock } = deps;
  return {
    /**
     * Saves an activity record with the defaults of spec §3: status 200, or 500 and the Korean
     * "unknown error" reason for a `_FAILURE` event.
     */
    async record(entry: ActivityEntry): Promise<void> {
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
        created_at: clock().toISOString(),
      });
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
        created_at: clock().toISOString(),
      });
    },
  };
}
export type ActivityLogService = ReturnType<typeof createActivityLogService>;
