import type { Kysely } from 'kysely';
import { DEFAULT_PUSH_SERVICE_HOSTS, type VapidKeys } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { defineModule } from '../app-module.ts';
import type { MissionsService } from '../missions/missions.service.ts';
import { createPushDeliveryService } from './push-delivery.service.ts';
import { createPushSchedulingService } from './push-scheduling.service.ts';
import { createPushSubscriptionsService } from './push-subscriptions.service.ts';
import { registerPushRoutes } from './push.routes.ts';

/**
 * The push services of one server: subscriptions and choices (the routes), scheduling (the daily
 * pass, the team moments' handlers) and delivery (the reminder job's sending). Tests and the bench
 * build a second server's with their own push service's agent.
 */
export function buildPushServices(deps: {
  db: Kysely<Database>;
  clock: Clock;
  missions: MissionsService;
  vapid: VapidKeys | null;
  vapidSubject: string;
  /** Where pushes may go and how long one may take (config; decision 067). */
  push: { hosts: readonly string[]; allowLoopback: boolean; timeoutMs: number };
  /** A certificate to trust besides the system's (a test's local push service). */
  ca?: string | Buffer;
}) {
  const { db, clock, vapid } = deps;
  const endpointRule = { hosts: deps.push.hosts, allowLoopback: deps.push.allowLoopback };
  const pushSubscriptions = createPushSubscriptionsService({ db, clock, vapid, endpointRule });
  return {
    pushSubscriptions,
    pushScheduling: createPushSchedulingService({
      db,
      clock,
      missions: deps.missions,
      subscriptions: pushSubscriptions,
    }),
    pushDelivery: createPushDeliveryService({
      db,
      clock,
      vapid,
      vapidSubject: deps.vapidSubject,
      timeoutMs: deps.push.timeoutMs,
      endpointRule,
      ...(deps.ca === undefined ? {} : { ca: deps.ca }),
    }),
  };
}
export type PushServices = ReturnType<typeof buildPushServices>;

/** Web Push reminders and team moments (decision 047). */
export const pushModule = defineModule<PushServices, { missions: MissionsService }>({
  name: 'push',
  needs: ['missions'],
  services: ({ db, clock, missions, vapid, push, events }) => {
    const services = buildPushServices({
      db,
      clock,
      missions,
      push: push ?? { hosts: DEFAULT_PUSH_SERVICE_HOSTS, allowLoopback: false, timeoutMs: 5000 },
      vapid: vapid?.keys ?? null,
      vapidSubject: vapid?.subject ?? 'mailto:help@hamkke-mission.kr',
    });
    const { pushScheduling } = services;
    // Team moments are queued in the transaction of what caused them; the reminder job sends them.
    events.on('invitationReceived', (trx, event) => pushScheduling.invitationReceived(trx, event));
    events.on('roundClosed', (trx, event) => pushScheduling.roundClosed(trx, event));
    events.on('certified', (trx, event) => pushScheduling.certified(trx, event));
    events.on('rewardsPaid', (trx, event) => pushScheduling.rewardsPaid(trx, event));
    return services;
  },
  routes: (app, { services }) => registerPushRoutes(app, services),
});
