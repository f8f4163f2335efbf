import {
  adminCertificationHideEndpoint,
  adminCertificationUnhideEndpoint,
} from '@hamkke/contract/admin/people';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { registerAuditedEndpoint, type ConsoleKit } from '../../plugins/admin-endpoints.ts';
import type { CertificationOversightService } from './certification-oversight.service.ts';

/**
 * The console's hiding and showing again of a certification (decision 065): this module's change
 * (the team scores move through its events), audited in the transaction the console opens.
 */
export function registerMissionsConsole(
  app: FastifyInstance,
  kit: ConsoleKit,
  services: { certificationOversight: CertificationOversightService },
): void {
  const { certificationOversight } = services;
  async function visibility(trx: Kysely<Database>, certificationId: number, reason: string | null) {
    const { before, at } =
      reason === null
        ? await certificationOversight.show(certificationId, trx)
        : await certificationOversight.hide(certificationId, reason, trx);
    return {
      answer: {
        certificationId: String(certificationId),
        hiddenAt: reason === null ? null : at,
        hiddenReason: reason,
      },
      audit: {
        action: reason === null ? 'certification.unhide' : 'certification.hide',
        target: `certification:${certificationId}`,
        before: { hidden: before.hiddenAt !== null, reason: before.hiddenReason, userId: before.userId },
        after: { hidden: reason !== null, reason },
      },
    };
  }
  registerAuditedEndpoint(app, kit, adminCertificationHideEndpoint, ({ body, trx }) =>
    visibility(trx, body.certificationId, body.reason),
  );
  registerAuditedEndpoint(app, kit, adminCertificationUnhideEndpoint, ({ body, trx }) =>
    visibility(trx, body.certificationId, null),
  );
}
