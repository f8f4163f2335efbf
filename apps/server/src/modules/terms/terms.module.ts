import { defineModule } from '../app-module.ts';
import { createTermsAdminService } from './terms-admin.service.ts';
import { registerTermsRoutes } from './terms.routes.ts';
import { createTermsService } from './terms.service.ts';

export const termsModule = defineModule({
  name: 'terms',
  services: ({ db, clock }) => ({
    terms: createTermsService({ db, clock }),
    // The operator console publishes versions (it audits each in the same transaction).
    termsAdmin: createTermsAdminService({ db, clock }),
  }),
  routes: (app, { services }) => registerTermsRoutes(app, services),
});
