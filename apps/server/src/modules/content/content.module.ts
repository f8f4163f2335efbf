import { defineModule } from '../app-module.ts';
import { registerContentConsole } from './content.console.ts';
import { registerContentRoutes } from './content.routes.ts';
import { createContentService } from './content.service.ts';
import { createFaqsAdminService } from './faqs-admin.service.ts';
import { createForbiddenWordsAdminService } from './forbidden-words-admin.service.ts';
import { createNoticesAdminService } from './notices-admin.service.ts';
import { createPopupsAdminService } from './popups-admin.service.ts';
import { createServiceInfoAdminService } from './service-info-admin.service.ts';

export const contentModule = defineModule({
  name: 'content',
  services: ({ db, clock, forbiddenWordsCacheMs }) => {
    const content = createContentService({ db, clock, forbiddenWordsCacheMs });
    return {
      content,
      // What the console does to content (content.console.ts audits each change in its transaction).
      noticesAdmin: createNoticesAdminService({ db, clock }),
      popupsAdmin: createPopupsAdminService({ db }),
      faqsAdmin: createFaqsAdminService({ db }),
      forbiddenWordsAdmin: createForbiddenWordsAdminService({ db, clock, content }),
      serviceInfoAdmin: createServiceInfoAdminService({ db, clock }),
    };
  },
  routes: (app, { services, console }) => {
    registerContentRoutes(app, services);
    registerContentConsole(app, console, services);
  },
});
