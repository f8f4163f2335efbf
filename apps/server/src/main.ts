import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/connection.ts';
import { prepareDatabase } from './db/prepare.ts';
import { createJobRunner } from './jobs/job-runner.ts';
import { schedulePurgeUnusedUploads } from './jobs/purge-unused-uploads.job.ts';
import { scheduleCloseRounds } from './jobs/close-rounds.job.ts';
import { scheduleBuildExports } from './jobs/build-exports.job.ts';
import { clockStartingAt, systemClock } from './lib/clock.ts';
import { storageFromConfig } from './lib/storage-from-config.ts';

/** Process entry: prepare the database, listen, start background jobs, shut down gracefully. */
async function main(): Promise<void> {
  const config = loadConfig();
  const clock = config.clockStart ? clockStartingAt(config.clockStart) : systemClock;
  const database = openDatabase(config.database);
  const storage = storageFromConfig(config);
  const { migrated, seeded } = await prepareDatabase(database.db, config, clock, storage);
  const app = await buildApp({ config, db: database.db, clock, storage });
  app.log.info({ dialect: database.dialect, migrated, seeded }, 'database ready');

  // Background work runs under database leases (jobs/), once per period across servers.
  const jobs = createJobRunner({ db: database.db, clock, logger: app.log });
  schedulePurgeUnusedUploads(jobs, app.services.files, app.log);
  scheduleCloseRounds(jobs, app.services.roundClose, app.log, clock);
  scheduleBuildExports(jobs, app.services.exports, app.log, clock);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    await jobs.stop();
    // In-flight requests finish; a kept-alive connection goes as soon as it falls idle (Node's
    // close alone would wait for the client to drop it).
    const idle = setInterval(() => app.server.closeIdleConnections(), 100);
    await app.close();
    clearInterval(idle);
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
