import type { Kysely } from 'kysely';
import type { Database, TermsKind } from '../../db/schema.ts';

export interface TermsRow {
  version: string;
  title: string;
  content: string;
  effectiveDate: string;
}

/** Every version of one kind of document, newest effective date first. */
export async function findTermsVersions(db: Kysely<Database>, kind: TermsKind): Promise<TermsRow[]> {
  const rows = await db
    .selectFrom('terms_documents')
    .select(['version', 'title', 'content', 'effective_date'])
    .where('kind', '=', kind)
    .orderBy('effective_date', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({
    version: row.version,
    title: row.title,
    content: row.content,
    effectiveDate: row.effective_date,
  }));
}

/** True when both versions a person agreed to exist. */
export async function areTermsVersionsPublished(
  db: Kysely<Database>,
  termsVersion: string,
  privacyVersion: string,
): Promise<boolean> {
  const rows = await db
    .selectFrom('terms_documents')
    .select(['kind', 'version'])
    .where((eb) =>
      eb.or([
        eb.and([eb('kind', '=', 'TERMS_OF_USE'), eb('version', '=', termsVersion)]),
        eb.and([eb('kind', '=', 'PRIVACY_POLICY'), eb('version', '=', privacyVersion)]),
      ]),
    )
    .execute();
  return rows.length === 2;
}
