import { defineModule } from '../app-module.ts';
import { registerContentRoutes } from './content.routes.ts';
import { createContentService } from './content.service.ts';

export const contentModule = defineModule({
  name: 'content',
  services: ({ db, clock, forbiddenWordsCacheMs }) => ({
    content: createContentService({ db, clock, forbiddenWordsCacheMs }),
  }),
  routes: (app, { services }) => registerContentRoutes(app, services),
});
