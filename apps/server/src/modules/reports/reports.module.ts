import { defineModule } from '../app-module.ts';
import type { CertificationOversightService } from '../missions/certification-oversight.service.ts';
import { registerReportRoutes } from './reports.routes.ts';
import { createReportsService, type ReportsService } from './reports.service.ts';

/** Reports of certifications and their moderation cases (decision 045). */
export const reportsModule = defineModule<
  { reports: ReportsService },
  { certificationOversight: CertificationOversightService }
>({
  name: 'reports',
  needs: ['certificationOversight'],
  services: ({ db, clock, counters, certificationOversight }) => ({
    reports: createReportsService({ db, clock, counters, certificationOversight }),
  }),
  routes: (app, { services }) => registerReportRoutes(app, services),
});
