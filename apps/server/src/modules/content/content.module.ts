import { defineModule } from '../app-module.ts';
import { registerContentRoutes } from './content.routes.ts';
import { createContentService } from './content.service.ts';

export const contentModule = defineModule({
  name: 'content',
  services: ({ db, clock }) => ({ content: createContentService({ db, clock }) }),
  routes: (app, { services }) => registerContentRoutes(app, services),
});
