import { defineModule } from '../app-module.ts';
import { createCommonCodesAdminService } from './common-codes-admin.service.ts';
import { registerCommonRoutes } from './common.routes.ts';
import { createCommonService } from './common.service.ts';

export const commonModule = defineModule({
  name: 'common',
  services: ({ db, clock, events, countsCacheMs }) => ({
    common: createCommonService({ db, clock, events, countsCacheMs: countsCacheMs ?? 0 }),
    // What the operator console does to common codes (it audits each change in the same transaction).
    commonCodesAdmin: createCommonCodesAdminService({ db }),
  }),
  routes: (app, { services }) => registerCommonRoutes(app, services),
});
