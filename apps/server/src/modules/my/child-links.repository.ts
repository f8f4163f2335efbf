import type { Kysely } from 'kysely';
import type { ChildLinksTable, Database } from '../../db/schema.ts';
import { peopleView } from '../users/users.views.ts';

export async function insertChildLink(db: Kysely<Database>, row: ChildLinksTable): Promise<void> {
  await db.insertInto('child_links').values(row).execute();
}

/** An unused, unexpired link of an active parent, with what the child's page shows. */
export async function findLiveChildLink(db: Kysely<Database>, tokenHash: string, nowIso: string) {
  return db
    .selectFrom('child_links as l')
    .innerJoin(peopleView(db).as('p'), 'p.id', 'l.parent_user_id')
    .leftJoin(peopleView(db).as('c'), 'c.id', 'l.child_user_id')
    .select([
      'l.token_hash',
      'l.purpose',
      'l.parent_user_id',
      'l.child_user_id',
      'l.user_nm',
      'l.expires_at',
      'l.guardian_consent_version',
      'l.guardian_consented_at',
      'l.guardian_consent_address',
      'p.alias as parent_alias',
      'c.login_id as child_login_id',
    ])
    .where('l.token_hash', '=', tokenHash)
    .where('l.used_at', 'is', null)
    .where('l.expires_at', '>', nowIso)
    .where('p.status', '=', 'USER')
    .executeTakeFirst();
}

/** Marks a link used; false when another request used it first. */
export async function consumeChildLink(
  db: Kysely<Database>,
  tokenHash: string,
  nowIso: string,
): Promise<boolean> {
  const result = await db
    .updateTable('child_links')
    .set({ used_at: nowIso })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
