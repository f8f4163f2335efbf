import { seoulToday, type Clock } from '../lib/clock.ts';
import type { RoundCloseService } from '../modules/rewards/round-close.service.ts';
import type { JobLogger, JobRunner } from './job-runner.ts';

export const CLOSE_ROUNDS_JOB = 'close-rounds';

const FIFTEEN_MINUTES = 15 * 60 * 1000;

/**
 * Rounds whose last Seoul day has passed are closed, checked every 15 minutes (and at start) by
 * one server at a time under the job's lease. Exactly-once does not rest on the lease: each round's
 * close claims the round in its own transaction, so a retry or a second server grants nothing twice.
 */
export function scheduleCloseRounds(
  runner: JobRunner,
  roundClose: RoundCloseService,
  logger: JobLogger,
  clock: Clock,
): void {
  runner.every(
    CLOSE_ROUNDS_JOB,
    FIFTEEN_MINUTES,
    async () => {
      for (const outcome of await roundClose.closeDue(seoulToday(clock), runner.owner)) {
        if (outcome.closed) logger.info({ ...outcome }, 'closed a round');
      }
    },
    // The period is the quarter hour: a server that wakes within one finds it done.
    { leaseMs: 10 * 60 * 1000, periodOf: (now) => String(Math.floor(now.getTime() / FIFTEEN_MINUTES)) },
  );
}
