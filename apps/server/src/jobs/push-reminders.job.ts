import { seoulDateTime } from '@hamkke/contract/seoul-day';
import type { Services } from '../modules.ts';
import type { JobLogger, JobRunner } from './job-runner.ts';

export const PUSH_JOB = 'push-reminders';

/**
 * Web Push (decision 047): every minute one server, under the lease, queues the daily reminders due
 * (once per person per day: the unique send key) and sends every push due — the team moments the
 * domain events queued too — batch after batch for up to 45 s of the minute, or until the server
 * stops (decision 058).
 */
export function schedulePushReminders(
  runner: JobRunner,
  services: Pick<Services, 'pushScheduling' | 'pushDelivery'>,
  logger: JobLogger,
) {
  runner.every(
    PUSH_JOB,
    60_000,
    async (stopping) => {
      const queued = await services.pushScheduling.queueDailyReminders();
      const totals = await services.pushDelivery.sendDue({ stopping });
      if (queued || totals.sent) logger.info({ queued, ...totals }, 'pushes sent');
      const purged = await services.pushScheduling.purgeOldSends();
      if (purged) logger.info({ purged }, 'old push rows deleted');
    },
    // One run per Seoul minute.
    { leaseMs: 5 * 60_000, periodOf: (now) => `${seoulDateTime(now)}` },
  );
}
