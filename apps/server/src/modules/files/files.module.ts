import { defineModule } from '../app-module.ts';
import { registerFilesRoutes } from './files.routes.ts';
import { createFilesService } from './files.service.ts';
import { createUploadLimits } from './upload-limits.service.ts';

export const filesModule = defineModule({
  name: 'files',
  services: ({ db, clock, storage, counters, uploadLimits, metrics }) => ({
    files: createFilesService({ db, clock, storage, decodeObserver: metrics.decode }),
    uploadLimits: createUploadLimits({ db, counters, limits: uploadLimits }),
  }),
  routes: (app, { services }) => registerFilesRoutes(app, services),
});
