import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export async function insertAutoLoginToken(
  db: Kysely<Database>,
  row: { tokenHash: string; userId: number; createdAt: string; expiresAt: string },
): Promise<void> {
  await db
    .insertInto('auto_login_tokens')
    .values({
      token_hash: row.tokenHash,
      user_id: row.userId,
      created_at: row.createdAt,
      expires_at: row.expiresAt,
      revoked_at: null,
    })
    .execute();
}

/** The user of a live (unrevoked, unexpired) auto-login token. */
export async function findAutoLoginUserId(
  db: Kysely<Database>,
  tokenHash: string,
  nowIso: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('auto_login_tokens')
    .select('user_id')
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', nowIso)
    .executeTakeFirst();
  return row?.user_id;
}

export async function revokeAutoLoginToken(
  db: Kysely<Database>,
  tokenHash: string,
  nowIso: string,
): Promise<void> {
  await db
    .updateTable('auto_login_tokens')
    .set({ revoked_at: nowIso })
    .where('token_hash', '=', tokenHash)
    .execute();
}

/** The one revocation of auto-login cookies: every live one of these people. */
export async function revokeAutoLoginTokensOf(
  db: Kysely<Database>,
  userIds: readonly number[],
  nowIso: string,
): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .updateTable('auto_login_tokens')
    .set({ revoked_at: nowIso })
    .where('user_id', 'in', userIds)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Retention: auto-login tokens that expired or were revoked before `beforeIso`. */
export async function deleteEndedAutoLoginTokens(db: Kysely<Database>, beforeIso: string): Promise<number> {
  const result = await db
    .deleteFrom('auto_login_tokens')
    .where((eb) => eb.or([eb('expires_at', '<', beforeIso), eb('revoked_at', '<', beforeIso)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
