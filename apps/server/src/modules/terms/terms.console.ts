import { adminTermsListEndpoint, adminTermsPublishEndpoint } from '@hamkke/contract/admin/terms';
import type { FastifyInstance } from 'fastify';
import {
  registerAuditedEndpoint,
  registerConsoleRead,
  type ConsoleKit,
} from '../../plugins/admin-endpoints.ts';
import type { TermsAdminService } from './terms-admin.service.ts';

/** The console's terms versions (decision 065): publishing, audited in its transaction. */
export function registerTermsConsole(
  app: FastifyInstance,
  kit: ConsoleKit,
  services: { termsAdmin: TermsAdminService },
): void {
  const { termsAdmin: terms } = services;
  registerConsoleRead(app, kit, adminTermsListEndpoint, ({ body }) => terms.list(body.kind));
  registerAuditedEndpoint(app, kit, adminTermsPublishEndpoint, async ({ body, trx }) => {
    const version = await terms.publish(body, trx);
    return {
      answer: version,
      audit: {
        action: 'terms.publish',
        target: `terms:${version.termsId}`,
        after: {
          kind: version.kind,
          version: version.version,
          title: version.title,
          effectiveDate: version.effectiveDate,
          required: body.required,
        },
      },
    };
  });
}
