import { defineModule } from '../app-module.ts';
import { registerTelemetryRoutes } from './telemetry.routes.ts';
import { createClientReportsService } from './telemetry.service.ts';

/** The web app's reports of its own errors and Web Vitals (decision 042); no tables. */
export const telemetryModule = defineModule({
  name: 'telemetry',
  services: ({ counters, metrics }) => ({
    clientReports: createClientReportsService({ counters, metrics }),
  }),
  routes: (app, { services }) => registerTelemetryRoutes(app, services),
});
