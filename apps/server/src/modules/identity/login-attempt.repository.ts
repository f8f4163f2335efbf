import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export async function insertLoginAttempt(
  db: Kysely<Database>,
  row: { stateHash: string; codeVerifier: string; redirectUri: string; createdAt: string },
): Promise<void> {
  await db
    .insertInto('kakao_login_attempts')
    .values({
      state_hash: row.stateHash,
      code_verifier: row.codeVerifier,
      redirect_uri: row.redirectUri,
      created_at: row.createdAt,
      used_at: null,
    })
    .execute();
}

/** Uses up an attempt made after `notBefore`; answers its verifier and redirect URI, once. */
export async function consumeLoginAttempt(
  db: Kysely<Database>,
  stateHash: string,
  nowIso: string,
  notBeforeIso: string,
) {
  return db
    .updateTable('kakao_login_attempts')
    .set({ used_at: nowIso })
    .where('state_hash', '=', stateHash)
    .where('used_at', 'is', null)
    .where('created_at', '>', notBeforeIso)
    .returning(['code_verifier', 'redirect_uri'])
    .executeTakeFirst();
}

/** Retention: Kakao login attempts started before `beforeIso`, used or not. */
export async function deleteLoginAttemptsBefore(db: Kysely<Database>, beforeIso: string): Promise<number> {
  const result = await db
    .deleteFrom('kakao_login_attempts')
    .where('created_at', '<', beforeIso)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
