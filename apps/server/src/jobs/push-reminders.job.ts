import { seoulDateTime } from '@hamkke/contract/seoul-day';
import type { PushService } from '../modules/push/push.service.ts';
import type { JobLogger, JobRunner } from './job-runner.ts';

export const PUSH_JOB = 'push-reminders';

/**
 * Web Push (decision 047): every minute one server, under the lease, queues the daily reminders due
 * (once per person per day: the unique send key) and sends every push due — the team moments the
 * domain events queued too — in batches.
 */
export function schedulePushReminders(runner: JobRunner, push: PushService, logger: JobLogger) {
  runner.every(
    PUSH_JOB,
    60_000,
    async () => {
      const queued = await push.queueDailyReminders();
      const totals = await push.sendDue();
      if (queued || totals.sent) logger.info({ queued, ...totals }, 'pushes sent');
      const purged = await push.purgeOldSends();
      if (purged) logger.info({ purged }, 'old push rows deleted');
    },
    // One run per Seoul minute.
    { leaseMs: 5 * 60_000, periodOf: (now) => `${seoulDateTime(now)}` },
  );
}
