import { defineModule } from '../app-module.ts';
import { registerHomeRoutes } from './home.routes.ts';
import { createTermsService } from './terms.service.ts';

export const homeModule = defineModule({
  name: 'home',
  services: ({ db, clock }) => ({ terms: createTermsService({ db, clock }) }),
  routes: (app, { services }) => registerHomeRoutes(app, services),
});
