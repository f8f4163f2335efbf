import type { Kysely, Selectable } from 'kysely';
import type { Database, OperatorsTable } from '../../db/schema.ts';

export type OperatorRow = Selectable<OperatorsTable>;

export function findOperatorByLoginId(db: Kysely<Database>, loginId: string) {
  return db.selectFrom('operators').selectAll().where('login_id', '=', loginId).executeTakeFirst();
}

export async function insertOperator(
  db: Kysely<Database>,
  row: { loginId: string; passwordHash: string; totpSecret: string; role: OperatorRow['role']; now: string },
): Promise<number> {
  const inserted = await db
    .insertInto('operators')
    .values({
      login_id: row.loginId,
      password_hash: row.passwordHash,
      totp_secret: row.totpSecret,
      role: row.role,
      created_at: row.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** Accepts a TOTP step once: true only when it is later than the last one accepted. */
export async function acceptTotpStep(db: Kysely<Database>, operatorId: number, step: number, now: string) {
  const result = await db
    .updateTable('operators')
    .set({ totp_last_step: step, last_login_at: now })
    .where('id', '=', operatorId)
    .where('totp_last_step', '<', step)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertOperatorSession(
  db: Kysely<Database>,
  row: {
    tokenHash: string;
    operatorId: number;
    csrfToken: string;
    now: string;
    expiresAt: string;
    address: string;
  },
): Promise<void> {
  await db
    .insertInto('operator_sessions')
    .values({
      token_hash: row.tokenHash,
      operator_id: row.operatorId,
      csrf_token: row.csrfToken,
      created_at: row.now,
      last_seen_at: row.now,
      expires_at: row.expiresAt,
      address: row.address,
    })
    .execute();
}

/** A live session (not revoked, not past its end, not idle since `idleSince`) with its operator. */
export function findLiveSession(db: Kysely<Database>, tokenHash: string, now: string, idleSince: string) {
  return db
    .selectFrom('operator_sessions as s')
    .innerJoin('operators as o', 'o.id', 's.operator_id')
    .select(['s.token_hash', 's.csrf_token', 's.expires_at', 'o.id', 'o.login_id', 'o.role'])
    .where('s.token_hash', '=', tokenHash)
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', now)
    .where('s.last_seen_at', '>', idleSince)
    .where('o.status', '=', 'ACTIVE')
    .executeTakeFirst();
}

export async function touchSession(db: Kysely<Database>, tokenHash: string, now: string): Promise<void> {
  await db
    .updateTable('operator_sessions')
    .set({ last_seen_at: now })
    .where('token_hash', '=', tokenHash)
    .execute();
}

export async function revokeSession(db: Kysely<Database>, tokenHash: string, now: string): Promise<void> {
  await db
    .updateTable('operator_sessions')
    .set({ revoked_at: now })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function insertAudit(
  db: Kysely<Database>,
  row: {
    /** Null only for a failed sign-in of an id that is no operator. */
    operatorId: number | null;
    action: string;
    target: string;
    summary: string;
    address: string;
    now: string;
  },
): Promise<void> {
  await db
    .insertInto('audit_logs')
    .values({
      operator_id: row.operatorId,
      action: row.action,
      target: row.target,
      summary: row.summary,
      address: row.address,
      created_at: row.now,
    })
    .execute();
}

export interface AuditFilter {
  action?: string | undefined;
  operatorId?: number | undefined;
  target?: string | undefined;
  /** Instants (ISO, UTC): `fromAt` included, `toAt` excluded. */
  fromAt?: string | undefined;
  toAt?: string | undefined;
}

/** `kind` alone matches every `kind.*` (actions) or `kind:*` (targets); with its separator, exactly. */
const likePrefix = (value: string) => value.replace(/[%_\\]/g, '');

export async function findAuditPage(
  db: Kysely<Database>,
  input: AuditFilter & { offset: number; limit: number },
) {
  let query = db.selectFrom('audit_logs as a').leftJoin('operators as o', 'o.id', 'a.operator_id');
  if (input.action) {
    query = input.action.includes('.')
      ? query.where('a.action', '=', input.action)
      : query.where('a.action', 'like', `${likePrefix(input.action)}.%`);
  }
  if (input.target) {
    query = input.target.includes(':')
      ? query.where('a.target', '=', input.target)
      : query.where((eb) =>
          eb.or([
            eb('a.target', '=', input.target!),
            eb('a.target', 'like', `${likePrefix(input.target!)}:%`),
          ]),
        );
  }
  if (input.operatorId !== undefined) query = query.where('a.operator_id', '=', input.operatorId);
  if (input.fromAt) query = query.where('a.created_at', '>=', input.fromAt);
  if (input.toAt) query = query.where('a.created_at', '<', input.toAt);
  const [rows, total] = await Promise.all([
    query
      .select([
        'a.id',
        'a.operator_id',
        'o.login_id',
        'a.action',
        'a.target',
        'a.summary',
        'a.address',
        'a.created_at',
      ])
      .orderBy('a.id', 'desc')
      .limit(input.limit)
      .offset(input.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.count) };
}

/** An operator's password hash replaced by a stronger one of the same password, unless it changed meanwhile. */
export async function replaceOperatorPasswordHash(
  db: Kysely<Database>,
  operatorId: number,
  hashes: { from: string; to: string },
): Promise<void> {
  await db
    .updateTable('operators')
    .set({ password_hash: hashes.to })
    .where('id', '=', operatorId)
    .where('password_hash', '=', hashes.from)
    .execute();
}

/** Every operator, by login id: what the audit log can be filtered by. */
export function findOperatorNames(db: Kysely<Database>) {
  return db.selectFrom('operators').select(['id', 'login_id']).orderBy('login_id').execute();
}

/** Every operator with what the console's operator list shows. */
export function findOperatorList(db: Kysely<Database>) {
  return db
    .selectFrom('operators')
    .select(['id', 'login_id', 'role', 'status', 'last_login_at'])
    .orderBy('login_id')
    .execute();
}

export function findOperatorById(db: Kysely<Database>, operatorId: number) {
  return db
    .selectFrom('operators')
    .select(['id', 'login_id'])
    .where('id', '=', operatorId)
    .executeTakeFirst();
}

/**
 * Retention: console sessions that ended before `beforeIso` — past their end, revoked, or idle
 * since `idleBeforeIso` (their idle end before `beforeIso`).
 */
export async function deleteEndedOperatorSessions(
  db: Kysely<Database>,
  beforeIso: string,
  idleBeforeIso: string,
): Promise<number> {
  const result = await db
    .deleteFrom('operator_sessions')
    .where((eb) =>
      eb.or([
        eb('expires_at', '<', beforeIso),
        eb('revoked_at', '<', beforeIso),
        eb('last_seen_at', '<', idleBeforeIso),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
