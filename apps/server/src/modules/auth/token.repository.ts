import type { Kysely } from 'kysely';
import { preparedQuery } from '../../db/prepared-query.ts';
import type { Database } from '../../db/schema.ts';
import { activePeopleView } from '../users/users.views.ts';

export interface TokenOwner {
  tokenHash: string;
  userId: number;
  userType: 'PARENT' | 'CHILD';
  pinVerified: boolean;
  expiresAt: string;
}

export async function insertToken(
  db: Kysely<Database>,
  row: { tokenHash: string; userId: number; expiresAt: string; createdAt: string },
): Promise<void> {
  await db
    .insertInto('access_tokens')
    .values({
      token_hash: row.tokenHash,
      user_id: row.userId,
      expires_at: row.expiresAt,
      created_at: row.createdAt,
      revoked_at: null,
    })
    .execute();
}

// Every signed-in call reads it: compiled once (db/prepared-query.ts).
const tokenOwnerRows = preparedQuery((db, values: { tokenHash: string; nowIso: string }) =>
  db
    .selectFrom('access_tokens as t')
    // Only an active person's token works. Suspension revokes the tokens too; the view's rule also
    // holds against one issued in the same instant.
    .innerJoin(activePeopleView(db).as('u'), 'u.id', 't.user_id')
    .select(['u.id', 'u.user_type', 'u.pin_verified_at', 't.expires_at'])
    .where('t.token_hash', '=', values.tokenHash)
    .where('t.revoked_at', 'is', null)
    .where('t.expires_at', '>', values.nowIso),
);

/** The active owner of a live, unrevoked token, or `undefined`. */
export async function findTokenOwner(
  db: Kysely<Database>,
  tokenHash: string,
  nowIso: string,
): Promise<TokenOwner | undefined> {
  const [row] = await tokenOwnerRows(db, { tokenHash, nowIso });
  if (!row) return undefined;
  return {
    tokenHash,
    userId: row.id,
    userType: row.user_type,
    pinVerified: row.pin_verified_at !== null && row.user_type === 'PARENT',
    expiresAt: row.expires_at,
  };
}

/**
 * The one revocation of access tokens: every live token of these people (a new password, a
 * suspension), except the one named by `keepTokenHash`.
 */
export async function revokeTokensOf(
  db: Kysely<Database>,
  userIds: readonly number[],
  nowIso: string,
  keepTokenHash?: string,
): Promise<void> {
  if (userIds.length === 0) return;
  let query = db
    .updateTable('access_tokens')
    .set({ revoked_at: nowIso })
    .where('user_id', 'in', userIds)
    .where('revoked_at', 'is', null);
  if (keepTokenHash !== undefined) query = query.where('token_hash', '!=', keepTokenHash);
  await query.execute();
}

/** When a token was issued (its login), or undefined. */
export async function findTokenCreatedAt(
  db: Kysely<Database>,
  tokenHash: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('access_tokens')
    .select('created_at')
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row?.created_at;
}

/** Moves a live token's expiry (unrevoked, not yet expired); whether there was one to move. */
export async function extendLiveToken(
  db: Kysely<Database>,
  tokenHash: string,
  expiresAt: string,
  nowIso: string,
): Promise<boolean> {
  const result = await db
    .updateTable('access_tokens')
    .set({ expires_at: expiresAt })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', nowIso)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function revokeToken(db: Kysely<Database>, tokenHash: string, nowIso: string): Promise<void> {
  await db
    .updateTable('access_tokens')
    .set({ revoked_at: nowIso })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Retention: tokens that expired or were revoked before `beforeIso` (answers how many went). */
export async function deleteEndedTokens(db: Kysely<Database>, beforeIso: string): Promise<number> {
  const result = await db
    .deleteFrom('access_tokens')
    .where((eb) => eb.or([eb('expires_at', '<', beforeIso), eb('revoked_at', '<', beforeIso)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
