import { defineModule, type CoreDeps } from '../app-module.ts';
import type { ActivityLogService } from '../identity/activity-log.service.ts';
import { createExportBuildService } from './export-build.service.ts';
import { createExportDataService } from './export-data.service.ts';
import { registerExportsRoutes } from './exports.routes.ts';
import { createExportsService } from './exports.service.ts';

interface ExportsNeeds {
  activity: ActivityLogService;
}

function buildExportsServices(deps: CoreDeps & ExportsNeeds) {
  const { db, clock, storage } = deps;
  return {
    /** Request, status, download and end of an export (routes, withdrawal, retention). */
    exports: createExportsService({
      db,
      clock,
      storage,
      activity: deps.activity,
      quotaBytes: deps.exportsQuotaBytes ?? 5120 * 1024 * 1024,
    }),
    /** The export job's builds: the streamed ZIP of the family's data (`createExportDataService`). */
    exportBuilds: createExportBuildService({
      db,
      clock,
      storage,
      data: createExportDataService({ db, clock }),
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
