import {
  adminReportDismissEndpoint,
  adminReportHideEndpoint,
  adminReportQueueEndpoint,
  adminReportSuspendEndpoint,
} from '@hamkke/contract/admin/reports';
import type { FastifyInstance } from 'fastify';
import { registerAdminEndpoint } from '../../plugins/admin-endpoints.ts';
import type { AdminReportsService } from './admin-reports.service.ts';
import type { OperatorAuthService } from './operator-auth.service.ts';

/** The moderation queue of reported certifications (support). */
export function registerAdminReportRoutes(
  app: FastifyInstance,
  auth: OperatorAuthService,
  reports: AdminReportsService,
): void {
  registerAdminEndpoint(app, auth, adminReportQueueEndpoint, ({ body }) => reports.queue(body));
  registerAdminEndpoint(app, auth, adminReportHideEndpoint, ({ actor, body }) =>
    reports.hide(actor, body.certificationId, body.reason),
  );
  registerAdminEndpoint(app, auth, adminReportDismissEndpoint, ({ actor, body }) =>
    reports.dismiss(actor, body.certificationId),
  );
  registerAdminEndpoint(app, auth, adminReportSuspendEndpoint, ({ actor, body }) =>
    reports.suspend(actor, body.certificationId, body.reason),
  );
}
