import { defineModule } from '../app-module.ts';
import type { MissionsService } from '../missions/missions.service.ts';
import type { UsersService } from '../users/users.service.ts';
import { createCommonCodesAdminService } from './common-codes-admin.service.ts';
import { registerCommonRoutes } from './common.routes.ts';
import { createCommonService } from './common.service.ts';

export const commonModule = defineModule<
  {
    common: ReturnType<typeof createCommonService>;
    commonCodesAdmin: ReturnType<typeof createCommonCodesAdminService>;
  },
  { users: UsersService; missions: MissionsService }
>({
  name: 'common',
  // The header counts count accounts (users) and certifications (missions).
  needs: ['users', 'missions'],
  services: ({ db, clock, events, countsCacheMs, users, missions }) => ({
    common: createCommonService({ db, clock, events, users, missions, countsCacheMs: countsCacheMs ?? 0 }),
    // What the operator console does to common codes (it audits each change in the same transaction).
    commonCodesAdmin: createCommonCodesAdminService({ db }),
  }),
  routes: (app, { services }) => registerCommonRoutes(app, services),
});
