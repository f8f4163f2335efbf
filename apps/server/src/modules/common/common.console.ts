import {
  adminCommonCodeCreateEndpoint,
  adminCommonCodeListEndpoint,
  adminCommonCodeSetActiveEndpoint,
  adminCommonCodeUpdateEndpoint,
} from '@hamkke/contract/admin/common-codes';
import type { FastifyInstance } from 'fastify';
import {
  registerAuditedEndpoint,
  registerConsoleRead,
  type ConsoleKit,
} from '../../plugins/admin-endpoints.ts';
import type { CommonCodesAdminService } from './common-codes-admin.service.ts';

const target = (code: { groupKey: string; code: string }) => `common-code:${code.groupKey}/${code.code}`;

/** The console's common codes (decision 065): this module's changes, each audited in its transaction. */
export function registerCommonConsole(
  app: FastifyInstance,
  kit: ConsoleKit,
  services: { commonCodesAdmin: CommonCodesAdminService },
): void {
  const { commonCodesAdmin: codes } = services;
  registerConsoleRead(app, kit, adminCommonCodeListEndpoint, ({ body }) => codes.list(body.groupKey));
  registerAuditedEndpoint(app, kit, adminCommonCodeCreateEndpoint, async ({ body, trx }) => {
    const after = await codes.create(body, trx);
    return { answer: after, audit: { action: 'common-code.create', target: target(after), after } };
  });
  registerAuditedEndpoint(app, kit, adminCommonCodeUpdateEndpoint, async ({ body, trx }) => {
    const { before, after } = await codes.update(body, trx);
    return {
      answer: after,
      audit: { action: 'common-code.update', target: target(after), before, after },
    };
  });
  registerAuditedEndpoint(app, kit, adminCommonCodeSetActiveEndpoint, async ({ body, trx }) => {
    const { before, after } = await codes.setActive(body, trx);
    return {
      answer: after,
      audit: {
        action: body.active ? 'common-code.activate' : 'common-code.deactivate',
        target: target(after),
        before,
        after,
      },
    };
  });
}
