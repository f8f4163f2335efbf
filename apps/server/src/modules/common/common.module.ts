import { defineModule } from '../app-module.ts';
import { registerCommonRoutes } from './common.routes.ts';
import { createCommonService } from './common.service.ts';

export const commonModule = defineModule({
  name: 'common',
  services: ({ db, clock, events, countsCacheMs }) => ({
    common: createCommonService({ db, clock, events, countsCacheMs }),
  }),
  routes: (app, { services }) => registerCommonRoutes(app, services),
});
