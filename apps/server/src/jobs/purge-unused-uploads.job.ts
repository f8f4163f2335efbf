import type { FilesService } from '../modules/files/files.service.ts';
import type { JobLogger, JobRunner } from './job-runner.ts';

export const PURGE_JOB = 'purge-unused-uploads';

const HOUR = 60 * 60 * 1000;

/** The hour a purge belongs to: each hour is purged once, whichever server wakes first. */
export const purgePeriodOf = (now: Date) => now.toISOString().slice(0, 13);

/** Photos picked but never certified go after a day; checked hourly, by one server at a time. */
export function schedulePurgeUnusedUploads(runner: JobRunner, files: FilesService, logger: JobLogger): void {
  runner.every(
    PURGE_JOB,
    HOUR,
    async () => {
      const count = await files.purgeUnusedUploads();
      if (count) logger.info({ count }, 'purged unused uploads');
    },
    { leaseMs: 10 * 60 * 1000, periodOf: purgePeriodOf },
  );
}
