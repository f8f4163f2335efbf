import { defineModule } from '../app-module.ts';
import { registerReportsRoutes } from './reports.routes.ts';
import { createClientReportsService } from './reports.service.ts';

/** The web app's reports of its own errors and Web Vitals (decision 042); no tables. */
export const reportsModule = defineModule({
  name: 'reports',
  services: ({ counters, metrics }) => ({
    clientReports: createClientReportsService({ counters, metrics }),
  }),
  routes: (app, { services }) => registerReportsRoutes(app, services),
});
