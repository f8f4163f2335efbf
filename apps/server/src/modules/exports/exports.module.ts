import { defineModule, type CoreDeps } from '../app-module.ts';
import type { ActivityLogService } from '../identity/activity-log.service.ts';
import { registerExportsRoutes } from './exports.routes.ts';
import { createExportsService } from './exports.service.ts';

interface ExportsNeeds {
  activity: ActivityLogService;
}

function buildExportsServices(deps: CoreDeps & ExportsNeeds) {
  return {
    exports: createExportsService({
      db: deps.db,
      clock: deps.clock,
      storage: deps.storage,
      activity: deps.activity,
    }),
  };
}

/** A family's data export (decision 040): requested by a parent, built by a job, downloaded for 24 hours. */
export const exportsModule = defineModule<ReturnType<typeof buildExportsServices>, ExportsNeeds>({
  name: 'exports',
  needs: ['activity'],
  services: buildExportsServices,
  routes: (app, { services }) => registerExportsRoutes(app, services),
});
