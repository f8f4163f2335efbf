import { defineModule } from '../app-module.ts';
import { registerFilesRoutes } from './files.routes.ts';
import { createFilesService } from './files.service.ts';

export const filesModule = defineModule({
  name: 'files',
  services: ({ db, clock, storage }) => ({ files: createFilesService({ db, clock, storage }) }),
  routes: (app, { services }) => registerFilesRoutes(app, services),
});
