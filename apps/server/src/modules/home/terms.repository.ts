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
