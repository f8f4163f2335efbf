import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Registry entries for a name; phone numbers are compared by the caller after normalizing. */
export async function findRegistryByName(db: Kysely<Database>, name: string) {
  return db
    .selectFrom('membership_registry')
    .select(['member_no', 'name', 'phone'])
    .where('name', '=', name)
    .execute();
}

export async function findRegistryByMemberNo(db: Kysely<Database>, memberNo: string) {
  return db
    .selectFrom('membership_registry')
    .select(['member_no', 'name', 'phone', 'birth_date'])
    .where('member_no', '=', memberNo)
    .executeTakeFirst();
}

export async function insertAgreement(
  db: Kysely<Database>,
  row: { userId: number; termsVersion: string; privacyVersion: string; marketing: boolean; agreedAt: string },
): Promise<void> {
  await db
    .insertInto('user_agreements')
    .values({
      user_id: row.userId,
      terms_version: row.termsVersion,
      privacy_version: row.privacyVersion,
      marketing: row.marketing ? 1 : 0,
      agreed_at: row.agreedAt,
    })
    .execute();
}

/** A parent's new consent replaces the agreement they gave before. */
export async function replaceAgreement(
  db: Kysely<Database>,
  row: { userId: number; termsVersion: string; privacyVersion: string; marketing: boolean; agreedAt: string },
): Promise<void> {
  await db
    .updateTable('user_agreements')
    .set({
      terms_version: row.termsVersion,
      privacy_version: row.privacyVersion,
      marketing: row.marketing ? 1 : 0,
      agreed_at: row.agreedAt,
    })
    .where('user_id', '=', row.userId)
    .execute();
}
