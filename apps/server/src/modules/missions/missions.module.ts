import { defineModule } from '../app-module.ts';
import type { ContentService } from '../content/content.service.ts';
import type { FilesService } from '../files/files.service.ts';
import {
  createCertificationOversightService,
  type CertificationOversightService,
} from './certification-oversight.service.ts';
import {
  createMissionsRetentionService,
  type MissionsRetentionService,
} from './missions-retention.service.ts';
import { registerMissionsConsole } from './missions.console.ts';
import { registerMissionRoutes } from './missions.routes.ts';
import { createMissionsService, type MissionsService } from './missions.service.ts';
import { createRoundMissionsService, type RoundMissionsService } from './round-missions.service.ts';

export const missionsModule = defineModule<
  {
    missions: MissionsService;
    certificationOversight: CertificationOversightService;
    roundMissions: RoundMissionsService;
    missionsRetention: MissionsRetentionService;
  },
  { files: FilesService; content: ContentService }
>({
  name: 'missions',
  needs: ['files', 'content'],
  services: ({ db, clock, files, content, events }) => ({
    missions: createMissionsService({ db, clock, files, content, events }),
    certificationOversight: createCertificationOversightService({ db, clock, events }),
    roundMissions: createRoundMissionsService({ db }),
    missionsRetention: createMissionsRetentionService({ db, files }),
  }),
  routes: (app, { services, console }) => {
    registerMissionRoutes(app, services);
    registerMissionsConsole(app, console, services);
  },
});
