import { defineModule, type CoreDeps } from '../app-module.ts';
import { createCommonCodesAdminService } from './common-codes-admin.service.ts';
import { registerCommonConsole } from './common.console.ts';
import { registerCommonRoutes } from './common.routes.ts';
import { createCommonService } from './common.service.ts';

function buildCommonServices(deps: CoreDeps) {
  const common = createCommonService({ db: deps.db, clock: deps.clock, countsCacheMs: deps.countsCacheMs });
  // A certification made or deleted on this server shows in the counts at once; so does an
  // operator's hiding or showing again of one.
  const dropCounts = async () => common.dropCounts();
  deps.events.on('certified', dropCounts);
  deps.events.on('certificationDeleted', dropCounts);
  deps.events.on('certificationHidden', dropCounts);
  deps.events.on('certificationRestored', dropCounts);
  return {
    common,
    // What the console does to common codes (common.console.ts audits each change in its transaction).
    commonCodesAdmin: createCommonCodesAdminService({ db: deps.db }),
  };
}

/** Header counts (kept briefly per server) and common codes. */
export const commonModule = defineModule({
  name: 'common',
  services: buildCommonServices,
  routes: (app, { services, console }) => {
    registerCommonRoutes(app, services);
    registerCommonConsole(app, console, services);
  },
});
