import type { AdminTermsVersion } from '@hamkke/contract/admin/terms';
import type { FieldError } from '@hamkke/contract/envelope';
import type { Kysely } from 'kysely';
import type { Database, TermsKind } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { seoulToday, type Clock } from '../../lib/clock.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { withoutControlCharacters } from '../../lib/rich-text.ts';
import { findTermsDocuments, insertTermsDocument, type TermsDocumentRow } from './admin-terms.repository.ts';
import type { Actor, AuditService } from './audit.service.ts';

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
 * Terms of use and privacy policy versions. Publishing adds a version; none is ever edited or
 * removed, so what a person agreed to stays readable. A required version, once in force, sends
 * everyone who agreed to an older one back to the agreement step (terms service).
 */
export function createAdminTermsService(deps: { db: Kysely<Database>; clock: Clock; audit: AuditService }) {
  const { db, clock, audit } = deps;

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
    async list(kind: TermsKind) {
      const rows = await findTermsDocuments(db, kind);
      return { items: toVersions(rows, seoulToday(clock)) };
    },

    publish: (actor: Actor, input: TermsPublishInput) =>
      db.transaction().execute(async (trx) => {
        const today = seoulToday(clock);
        const existing = await findTermsDocuments(trx, input.kind);
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
          row = await insertTermsDocument(trx, {
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
        const version = toVersions([row], today)[0]!;
        await audit.record(trx, actor, {
          action: 'terms.publish',
          target: `terms:${row.id}`,
          after: {
            kind: row.kind,
            version: row.version,
            title: row.title,
            effectiveDate: row.effective_date,
            required: input.required,
          },
        });
        const all = toVersions([row, ...existing], today);
        return all.find((item) => item.termsId === version.termsId)!;
      }),
  };
}
