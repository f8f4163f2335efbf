import { defineModule } from '../app-module.ts';
import { registerTermsRoutes } from './terms.routes.ts';
import { createTermsService } from './terms.service.ts';

export const termsModule = defineModule({
  name: 'terms',
  services: ({ db, clock }) => ({ terms: createTermsService({ db, clock }) }),
  routes: (app, { services }) => registerTermsRoutes(app, services),
});
