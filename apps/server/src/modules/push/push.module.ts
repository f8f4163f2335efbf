import { defineModule } from '../app-module.ts';
import type { MissionsService } from '../missions/missions.service.ts';
import { registerPushRoutes } from './push.routes.ts';
import { createPushService, type PushService } from './push.service.ts';

/** Web Push reminders and team moments (decision 047). */
export const pushModule = defineModule<{ push: PushService }, { missions: MissionsService }>({
  name: 'push',
  needs: ['missions'],
  services: ({ db, clock, missions, vapid, events }) => {
    const push = createPushService({
      db,
      clock,
      missions,
      vapid: vapid?.keys ?? null,
      vapidSubject: vapid?.subject ?? 'mailto:help@hamkke-mission.kr',
    });
    // Team moments are queued in the transaction of what caused them; the reminder job sends them.
    events.on('invitationReceived', (trx, event) => push.invitationReceived(trx, event));
    events.on('roundClosed', (trx, event) => push.roundClosed(trx, event));
    events.on('certified', (trx, event) => push.certified(trx, event));
    return { push };
  },
  routes: (app, { services }) => registerPushRoutes(app, services),
});
