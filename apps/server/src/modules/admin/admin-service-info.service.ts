import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { SERVICE_INFO_PAGE, type ServiceInfoAdminService } from '../content/service-info-admin.service.ts';
import type { Actor, AuditService } from './audit.service.ts';

/** The service information page in the console: the content module's edit, audited in its transaction. */
export function createAdminServiceInfoService(deps: {
  db: Kysely<Database>;
  audit: AuditService;
  serviceInfoAdmin: ServiceInfoAdminService;
}) {
  const { db, audit, serviceInfoAdmin: serviceInfo } = deps;
  return {
    get: () => serviceInfo.get(),
    update: (actor: Actor, input: { title: string; content: string }) =>
      db.transaction().execute(async (trx) => {
        const { before, after } = await serviceInfo.update(input, trx);
        await audit.record(trx, actor, {
          action: 'service-info.update',
          target: `content-page:${SERVICE_INFO_PAGE}`,
          before: { title: before.title, length: before.content.length },
          after: { title: after.title, length: after.content.length },
        });
        return after;
      }),
  };
}
