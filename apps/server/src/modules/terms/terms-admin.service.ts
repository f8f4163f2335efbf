import type { AdminTermsVersion } from '@hamkke/contract/admin/terms';
import { seoulDay } from '@hamkke/contract/dates';
import type { FieldError } from '@hamkke/contract/envelope';
import type { Kysely } from 'kysely';
import type { Database, TermsKind } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { withoutControlCharacters } from '../../lib/rich-text.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { findTermsDocuments, insertTermsDocument, type TermsDocumentRow } from './terms.repository.ts';

export interface TermsPublishInput {
  kind: TermsKind;
  version: string;
  title: string;
  content: string;
  effectiveDate: string;
  required: boolean;
}

const refuse = (message: string, fields: FieldError[]) => new AppError('VALIDATION_FAILED', message, fields);

/**
 * Terms of use and privacy policy versions as the console publishes them. Publishing adds a version;
 * none is ever edited or removed, so what a person agreed to stays readable. A required version, once
 * in force, sends everyone who agreed to an older one back to the agreement step (terms service).
 */
export function createTermsAdminService(deps: { db: Kysely<Database>; clock: Clock }) {
  const { db, clock } = deps;

  function toVersions(rows: TermsDocumentRow[], today: string): AdminTermsVersion[] {
    const inForce = rows.find((row) => row.effective_date <= today) ?? rows.at(-1);
    return rows.map((row) => ({
      termsId: String(row.id),
      kind: row.kind,
      version: row.version,
      title: row.title,
      content: row.content,
      effectiveDate: row.effective_date,
      required: Number(row.required) === 1,
      inForce: row === inForce,
      publishedAt: row.published_at,
    }));
  }

  return {
    /** One kind's versions, newest first, the one in force today (Asia/Seoul) marked. */
    async list(kind: TermsKind) {
      const rows = await findTermsDocuments(db, kind);
      return { items: toVersions(rows, seoulDay(clock())) };
    },

    /**
     * Adds a version effective today or later, not before the newest one; 400 with the field
     * otherwise, 409 when the same version was published at the same moment. Runs in the caller's
     * transaction when given one, else in its own.
     */
    publish: (input: TermsPublishInput, trx?: Kysely<Database>): Promise<AdminTermsVersion> =>
      inTransaction(db, trx, async (executor) => {
        const today = seoulDay(clock());
        const existing = await findTermsDocuments(executor, input.kind);
        const newest = existing[0];
        if (existing.some((row) => row.version === input.version)) {
          throw refuse('This version exists', [
            { path: 'version', code: 'TAKEN', message: 'a version with this name exists' },
          ]);
        }
        if (input.effectiveDate < today) {
          throw refuse('The effective date is past', [
            { path: 'effectiveDate', code: 'INVALID_VALUE', message: 'must be today or later' },
          ]);
        }
        if (newest && input.effectiveDate < newest.effective_date) {
          throw refuse('The effective date is before the newest version', [
            {
              path: 'effectiveDate',
              code: 'INVALID_VALUE',
              message: `must not be before ${newest.effective_date}`,
            },
          ]);
        }
        let row: TermsDocumentRow;
        try {
          row = await insertTermsDocument(executor, {
            kind: input.kind,
            version: input.version,
            title: withoutControlCharacters(input.title),
            content: withoutControlCharacters(input.content),
            effective_date: input.effectiveDate,
            required: input.required ? 1 : 0,
            published_at: clock().toISOString(),
          });
        } catch (error) {
          if (isUniqueViolation(error)) {
            throw new AppError('CONFLICT', 'This version was published at the same moment');
          }
          throw error;
        }
        const all = toVersions([row, ...existing], today);
        return all.find((item) => item.termsId === String(row.id))!;
      }),
  };
}
export type TermsAdminService = ReturnType<typeof createTermsAdminService>;
