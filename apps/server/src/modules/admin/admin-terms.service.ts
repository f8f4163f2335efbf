import type { Kysely } from 'kysely';
import type { Database, TermsKind } from '../../db/schema.ts';
import type { TermsAdminService, TermsPublishInput } from '../terms/terms-admin.service.ts';
import type { Actor, AuditService } from './audit.service.ts';

/** Terms versions in the console: the terms module's publishing, audited in its transaction. */
export function createAdminTermsService(deps: {
  db: Kysely<Database>;
  audit: AuditService;
  termsAdmin: TermsAdminService;
}) {
  const { db, audit, termsAdmin: terms } = deps;
  return {
    list: (kind: TermsKind) => terms.list(kind),

    publish: (actor: Actor, input: TermsPublishInput) =>
      db.transaction().execute(async (trx) => {
        const version = await terms.publish(input, trx);
        await audit.record(trx, actor, {
          action: 'terms.publish',
          target: `terms:${version.termsId}`,
          after: {
            kind: version.kind,
            version: version.version,
            title: version.title,
            effectiveDate: version.effectiveDate,
            required: input.required,
          },
        });
        return version;
      }),
  };
}
