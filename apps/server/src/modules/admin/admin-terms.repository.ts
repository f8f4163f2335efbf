import type { Kysely, Selectable } from 'kysely';
import type { Database, TermsDocumentsTable, TermsKind } from '../../db/schema.ts';

export type TermsDocumentRow = Selectable<TermsDocumentsTable>;

/** One kind's versions, newest effective date first (then newest published), as the app orders them. */
export function findTermsDocuments(db: Kysely<Database>, kind: TermsKind) {
  return db
    .selectFrom('terms_documents')
    .selectAll()
    .where('kind', '=', kind)
    .orderBy('effective_date', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export function insertTermsDocument(db: Kysely<Database>, row: Omit<TermsDocumentRow, 'id'>) {
  return db.insertInto('terms_documents').values(row).returningAll().executeTakeFirstOrThrow();
}
