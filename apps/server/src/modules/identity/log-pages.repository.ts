import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Activity and login logs as support pages through them (the console), newest first. */

export interface LogFilter {
  /** UTC instants: from inclusive, to exclusive. */
  fromIso?: string | undefined;
  toIso?: string | undefined;
  userId?: number | undefined;
}

export async function findActivityLogPage(
  db: Kysely<Database>,
  input: LogFilter & {
    eventType?: string | undefined;
    source?: 'SERVER' | 'CLIENT' | undefined;
    offset: number;
    limit: number;
  },
) {
  let query = db.selectFrom('activity_logs');
  if (input.fromIso) query = query.where('created_at', '>=', input.fromIso);
  if (input.toIso) query = query.where('created_at', '<', input.toIso);
  if (input.userId !== undefined) query = query.where('user_id', '=', input.userId);
  if (input.eventType) query = query.where('event_type', '=', input.eventType);
  if (input.source) query = query.where('source', '=', input.source);
  const [rows, total] = await Promise.all([
    query
      .select([
        'id',
        'event_type',
        'user_id',
        'user_nm',
        'title',
        'url',
        'status_code',
        'error_reason',
        'source',
        'ip_address',
        'created_at',
      ])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(input.limit)
      .offset(input.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.count) };
}

export async function findLoginLogPage(
  db: Kysely<Database>,
  input: LogFilter & { result?: 'Y' | 'N' | undefined; offset: number; limit: number },
) {
  let query = db.selectFrom('login_logs');
  if (input.fromIso) query = query.where('created_at', '>=', input.fromIso);
  if (input.toIso) query = query.where('created_at', '<', input.toIso);
  if (input.userId !== undefined) query = query.where('user_id', '=', input.userId);
  if (input.result) query = query.where('result', '=', input.result);
  const [rows, total] = await Promise.all([
    query
      // Never the birth date: support has no need of it.
      .select(['id', 'user_id', 'logdetail', 'result', 'source', 'ip_address', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(input.limit)
      .offset(input.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.count) };
}
