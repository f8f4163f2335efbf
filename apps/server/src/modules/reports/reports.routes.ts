import {
  reportCertificationEndpoint,
  reportNoticeSeenEndpoint,
  reportNoticesEndpoint,
} from '@hamkke/contract/mission/report';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoints.ts';
import type { ReportsService } from './reports.service.ts';

export function registerReportRoutes(app: FastifyInstance, deps: { reports: ReportsService }): void {
  const { reports } = deps;
  registerEndpoint(app, reportCertificationEndpoint, ({ session, body }) =>
    reports.report(session.userId, body),
  );
  registerEndpoint(app, reportNoticesEndpoint, ({ session }) => reports.notices(session.userId));
  registerEndpoint(app, reportNoticeSeenEndpoint, ({ session, body }) =>
    reports.markSeen(session.userId, body.certificationId),
  );
}
