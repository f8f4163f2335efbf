import { defineModule } from '../app-module.ts';
import { createTermsAdminService } from './terms-admin.service.ts';
import { registerTermsConsole } from './terms.console.ts';
import { registerTermsRoutes } from './terms.routes.ts';
import { createTermsService } from './terms.service.ts';

export const termsModule = defineModule({
  name: 'terms',
  services: ({ db, clock }) => ({
    terms: createTermsService({ db, clock }),
    // The console publishes versions (terms.console.ts audits each in its transaction).
    termsAdmin: createTermsAdminService({ db, clock }),
  }),
  routes: (app, { services, console }) => {
    registerTermsRoutes(app, services);
    registerTermsConsole(app, console, services);
  },
});
