import type { Clock } from '../lib/clock.ts';
import type { Services } from '../modules.ts';
import type { JobLogger, JobRunner } from './job-runner.ts';

export const EXPORTS_JOB = 'build-exports';

/** How often a server looks for queued exports: a parent waits at most this long for the start. */
export const EXPORTS_POLL_MS = 3_000;

/**
 * Family data exports (decision 040): every few seconds one server, under the lease, builds the
 * queued exports one after another and deletes the files of those whose 24 hours ended. The lease
 * outlasts a large family's build (1,000 photos take seconds), so no second server starts the same one.
 */
export function scheduleBuildExports(
  runner: JobRunner,
  services: Pick<Services, 'exportBuilds' | 'exports'>,
  logger: JobLogger,
  clock: Clock,
): void {
  runner.poll(
    EXPORTS_JOB,
    EXPORTS_POLL_MS,
    async () => {
      await services.exportBuilds.buildQueued(logger);
      const purged = await services.exports.purgeExpired(clock());
      if (purged) logger.info({ count: purged }, 'expired family exports deleted');
    },
    { leaseMs: 30 * 60 * 1000 },
  );
}
