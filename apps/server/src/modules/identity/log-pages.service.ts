import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { findActivityLogPage, findLoginLogPage, type LogFilter } from './log-pages.repository.ts';

const DAY_MS = 86_400_000;
const SEOUL_OFFSET_MS = 9 * 3_600_000;

/** A Seoul day range (both inclusive) as UTC instants [from, to). */
export function seoulDayRange(from?: string, to?: string): Pick<LogFilter, 'fromIso' | 'toIso'> {
  const startOf = (day: string) => Date.parse(`${day}T00:00:00Z`) - SEOUL_OFFSET_MS;
  return {
    fromIso: from ? new Date(startOf(from)).toISOString() : undefined,
    toIso: to ? new Date(startOf(to) + DAY_MS).toISOString() : undefined,
  };
}

/** Activity and login logs as support pages through them (the console), newest first; read only. */
export function createLogPagesService(deps: { db: Kysely<Database> }) {
  const { db } = deps;
  return {
    async activity(input: {
      offset: number;
      limit: number;
      from?: string | undefined;
      to?: string | undefined;
      eventType?: string | undefined;
      userId?: number | undefined;
      source?: 'SERVER' | 'CLIENT' | undefined;
    }) {
      const page = await findActivityLogPage(db, {
        ...seoulDayRange(input.from, input.to),
        userId: input.userId,
        eventType: input.eventType || undefined,
        source: input.source,
        offset: input.offset,
        limit: input.limit,
      });
      return {
        total: page.total,
        items: page.rows.map((row) => ({
          logId: String(row.id),
          eventType: row.event_type,
          userId: row.user_id === null ? null : String(row.user_id),
          userName: row.user_nm,
          title: row.title,
          url: row.url,
          statusCode: row.status_code,
          errorReason: row.error_reason,
          source: row.source,
          ipAddress: row.ip_address,
          createdAt: row.created_at,
        })),
      };
    },
    async login(input: {
      offset: number;
      limit: number;
      from?: string | undefined;
      to?: string | undefined;
      userId?: number | undefined;
      result?: 'Y' | 'N' | undefined;
    }) {
      const page = await findLoginLogPage(db, {
        ...seoulDayRange(input.from, input.to),
        userId: input.userId,
        result: input.result,
        offset: input.offset,
        limit: input.limit,
      });
      return {
        total: page.total,
        items: page.rows.map((row) => ({
          logId: String(row.id),
          userId: row.user_id === null ? null : String(row.user_id),
          logdetail: row.logdetail,
          result: row.result,
          source: row.source,
          ipAddress: row.ip_address,
          createdAt: row.created_at,
        })),
      };
    },
  };
}
export type LogPagesService = ReturnType<typeof createLogPagesService>;
