import { defineModule } from '../app-module.ts';
import type { ContentService } from '../content/content.service.ts';
import type { FilesService } from '../files/files.service.ts';
import { registerMissionRoutes } from './missions.routes.ts';
import { createMissionsService, type MissionsService } from './missions.service.ts';

export const missionsModule = defineModule<
  { missions: MissionsService },
  { files: FilesService; content: ContentService }
>({
  name: 'missions',
  needs: ['files', 'content'],
  services: ({ db, clock, files, content, events }) => ({
    missions: createMissionsService({ db, clock, files, content, events }),
  }),
  routes: (app, { services }) => registerMissionRoutes(app, services),
});
