import { CLIENT_REPORTS_BODY_LIMIT, clientReportsEndpoint } from '@hamkke/contract/system/client-reports';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoints.ts';
import type { ClientReportsService } from './telemetry.service.ts';

export function registerTelemetryRoutes(
  app: FastifyInstance,
  services: { clientReports: ClientReportsService },
): void {
  registerEndpoint(
    app,
    clientReportsEndpoint,
    async ({ body, request }) => ({
      received: await services.clientReports.receive(request.ip, body.reports, request.log),
    }),
    { bodyLimit: CLIENT_REPORTS_BODY_LIMIT },
  );
}
