import { defineModule } from '../app-module.ts';
import type { FilesService } from '../files/files.service.ts';
import type { CertificationOversightService } from '../missions/certification-oversight.service.ts';
import type { UsersService } from '../users/users.service.ts';
import { registerReportsConsole } from './reports.console.ts';
import { registerReportRoutes } from './reports.routes.ts';
import { createReportsService, type ReportsService } from './reports.service.ts';

/** Reports of certifications and their moderation cases (decision 045). */
export const reportsModule = defineModule<
  { reports: ReportsService },
  // Files and users serve the console's queue and decisions (reports.console.ts).
  { certificationOversight: CertificationOversightService; files: FilesService; users: UsersService }
>({
  name: 'reports',
  needs: ['certificationOversight', 'files', 'users'],
  services: ({ db, clock, counters, certificationOversight }) => ({
    reports: createReportsService({ db, clock, counters, certificationOversight }),
  }),
  routes: (app, { services, console }) => {
    registerReportRoutes(app, services);
    registerReportsConsole(app, console, services);
  },
});
