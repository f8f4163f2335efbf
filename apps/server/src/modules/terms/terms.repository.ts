import type { Kysely, Selectable } from 'kysely';
import type { Database, TermsDocumentsTable, TermsKind } from '../../db/schema.ts';
import { peopleView } from '../users/users.views.ts';

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

export interface TermsOrderRow {
  version: string;
  effectiveDate: string;
  required: boolean;
}

/** One kind's versions oldest first (effective date, then publication order), with the required flag. */
export async function findTermsOrder(db: Kysely<Database>, kind: TermsKind): Promise<TermsOrderRow[]> {
  const rows = await db
    .selectFrom('terms_documents')
    .select(['version', 'effective_date', 'required'])
    .where('kind', '=', kind)
    .orderBy('effective_date')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    version: row.version,
    effectiveDate: row.effective_date,
    required: Number(row.required) === 1,
  }));
}

/** The versions a person last agreed to, if their agreement is recorded. */
export async function findAgreedVersions(db: Kysely<Database>, userId: number) {
  const row = await db
    .selectFrom('user_agreements')
    .select(['terms_version', 'privacy_version'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row && { termsVersion: row.terms_version, privacyVersion: row.privacy_version };
}

/** A new person's agreement to the terms and the privacy policy (registration). */
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

export type TermsDocumentRow = Selectable<TermsDocumentsTable>;

/** One kind's whole rows, newest effective date first (then newest published), as the app orders them. */
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

/** One parent's consent to one version of the child privacy document for one child (decision 038). */
export interface GuardianConsentInput {
  parentId: number;
  childId: number;
  version: string;
  agreedAt: string;
  ipAddress: string;
}

export async function insertGuardianConsent(db: Kysely<Database>, row: GuardianConsentInput): Promise<void> {
  await db
    .insertInto('guardian_consents')
    .values({
      parent_user_id: row.parentId,
      child_user_id: row.childId,
      document_version: row.version,
      agreed_at: row.agreedAt,
      ip_address: row.ipAddress,
    })
    .execute();
}

/** The consents recorded for these children, newest first, with the document's title and the parent's alias. */
export async function findGuardianConsents(db: Kysely<Database>, childIds: readonly number[]) {
  if (childIds.length === 0) return [];
  return db
    .selectFrom('guardian_consents as g')
    .innerJoin(peopleView(db).as('p'), 'p.id', 'g.parent_user_id')
    .leftJoin('terms_documents as d', (join) =>
      join.onRef('d.version', '=', 'g.document_version').on('d.kind', '=', 'CHILD_PRIVACY_CONSENT'),
    )
    .select([
      'g.child_user_id',
      'g.document_version',
      'g.agreed_at',
      'g.ip_address',
      'd.title',
      'p.alias as parent_alias',
    ])
    .where('g.child_user_id', 'in', [...childIds])
    .orderBy('g.agreed_at', 'desc')
    .orderBy('g.id', 'desc')
    .execute();
}
