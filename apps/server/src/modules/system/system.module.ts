import { defineModule } from '../app-module.ts';
import { registerHealthRoutes } from './health.routes.ts';

export const systemModule = defineModule({
  name: 'system',
  routes: (app, { db, clock }) => registerHealthRoutes(app, { db, clock, readiness: app.readiness }),
});
