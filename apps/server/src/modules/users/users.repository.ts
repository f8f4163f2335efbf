import type { Kysely } from 'kysely';
import type { Database, NewUser, UserRow } from '../../db/schema.ts';

export async function findUserById(db: Kysely<Database>, userId: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
}

export async function findUserByKakaoId(db: Kysely<Database>, kakaoId: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('kakao_id', '=', kakaoId).executeTakeFirst();
}

export async function findChildByLoginId(
  db: Kysely<Database>,
  loginId: string,
): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('login_id', '=', loginId)
    .where('user_type', '=', 'CHILD')
    .executeTakeFirst();
}

export async function insertUser(db: Kysely<Database>, user: NewUser): Promise<number> {
  const row = await db.insertInto('users').values(user).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function markPinVerified(db: Kysely<Database>, userId: number, nowIso: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ pin_verified_at: nowIso, updated_at: nowIso })
    .where('id', '=', userId)
    .execute();
}

/**
 * Removes a person and everything that is theirs: children (cascade), certifications, tokens and
 * agreements; logs keep the event with the person's id cleared.
 */
export async function deleteUserAndChildren(db: Kysely<Database>, userId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('users').where('parent_user_id', '=', userId).execute();
    await trx.deleteFrom('users').where('id', '=', userId).execute();
  });
}

export async function deleteUser(db: Kysely<Database>, userId: number): Promise<void> {
  await db.deleteFrom('users').where('id', '=', userId).execute();
}

/** The person and their children. */
export async function findFamilyIds(db: Kysely<Database>, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb.or([eb('id', '=', userId), eb('parent_user_id', '=', userId)]))
    .execute();
  return rows.map((row) => row.id);
}

/** A parent's children, oldest first. */
export async function findChildrenOf(db: Kysely<Database>, parentId: number): Promise<UserRow[]> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('parent_user_id', '=', parentId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** What a person shows others: alias and avatar. */
export async function updateProfile(
  db: Kysely<Database>,
  userId: number,
  changes: { alias?: string | undefined; avatar?: string | undefined; now: string },
): Promise<void> {
  await db
    .updateTable('users')
    .set({
      ...(changes.alias === undefined ? {} : { alias: changes.alias }),
      ...(changes.avatar === undefined ? {} : { avatar: changes.avatar }),
      updated_at: changes.now,
    })
    .where('id', '=', userId)
    .execute();
}

/** A stored password hash replaced by a stronger one of the same password, unless it changed meanwhile. */
export async function replacePasswordHash(
  db: Kysely<Database>,
  userId: number,
  hashes: { from: string; to: string },
): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: hashes.to })
    .where('id', '=', userId)
    .where('password_hash', '=', hashes.from)
    .execute();
}

/** Active accounts (status USER): the header's and the login page's count. */
export async function countActiveUsers(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('status', '=', 'USER')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
