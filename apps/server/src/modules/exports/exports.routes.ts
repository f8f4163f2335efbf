import {
  EXPORT_DOWNLOAD_PREFIX,
  exportStatusEndpoint,
  requestExportEndpoint,
} from '@hamkke/contract/my/export';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoints.ts';
import type { ExportsService } from './exports.service.ts';

export function registerExportsRoutes(app: FastifyInstance, deps: { exports: ExportsService }): void {
  const { exports } = deps;
  registerEndpoint(app, requestExportEndpoint, ({ session, request }) =>
    exports.request({ userId: session.userId, userType: session.userType }, request.ip),
  );
  registerEndpoint(app, exportStatusEndpoint, ({ session }) => exports.latest(session.userId));

  /** The finished ZIP, streamed from storage to its requester (others: 404), with the access token. */
  app.get<{ Params: { exportId: string } }>(
    `${EXPORT_DOWNLOAD_PREFIX}/:exportId`,
    { config: { auth: 'pin' } },
    async (request, reply) => {
      const { stream, bytes, filename } = await exports.openDownload(
        request.session!.userId,
        request.params.exportId,
        request.ip,
      );
      if (bytes !== null) reply.header('content-length', bytes);
      return reply
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .type('application/zip')
        .send(stream);
    },
  );
}
