import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema.ts';

export async function findChildrenOf(db: Kysely<Database>, parentId: number): Promise<UserRow[]> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('parent_user_id', '=', parentId)
    .where('user_type', '=', 'CHILD')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The child only when it belongs to this parent; another family's id finds nothing. */
export async function findChildOf(
  db: Kysely<Database>,
  parentId: number,
  childId: number,
): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', childId)
    .where('parent_user_id', '=', parentId)
    .where('user_type', '=', 'CHILD')
    .executeTakeFirst();
}

export async function isLoginIdTaken(db: Kysely<Database>, loginId: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('login_id', '=', loginId).executeTakeFirst();
  return row !== undefined;
}

export async function updateChild(
  db: Kysely<Database>,
  childId: number,
  changes: { name?: string; passwordHash?: string; loginId?: string; updatedAt: string },
): Promise<void> {
  await db
    .updateTable('users')
    .set({
      ...(changes.name === undefined ? {} : { name: changes.name, alias: changes.name }),
      ...(changes.loginId === undefined ? {} : { login_id: changes.loginId }),
      ...(changes.passwordHash === undefined ? {} : { password_hash: changes.passwordHash }),
      updated_at: changes.updatedAt,
    })
    .where('id', '=', childId)
    .execute();
}
