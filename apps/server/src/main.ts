import http from 'node:http';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/connection.ts';
import { prepareDatabase } from './db/prepare.ts';
import { createJobRunner } from './jobs/job-runner.ts';
import { schedulePurgeUnusedUploads } from './jobs/purge-unused-uploads.job.ts';
import { scheduleCloseRounds } from './jobs/close-rounds.job.ts';
import { clockStartingAt, systemClock } from './lib/clock.ts';
import { storageFromConfig } from './lib/storage-from-config.ts';

/** Process entry: prepare the database, listen, start background jobs, shut down gracefully. */
async function main(): Promise<void> {
  const config = loadConfig();
  const clock = config.clockStart ? clockStartingAt(config.clockStart) : systemClock;
  const database = openDatabase(config.database);
  const storage = storageFromConfig(config);
  const { migrated, seeded } = await prepareDatabase(database.db, config, clock, storage);
  const app = await buildApp({
    config,
    db: database.db,
    clock,
    storage,
    ...(database.poolStats ? { poolStats: database.poolStats } : {}),
  });
  app.log.info({ dialect: database.dialect, migrated, seeded }, 'database ready');

  // Background work runs under database leases (jobs/), once per period across servers.
  const jobs = createJobRunner({ db: database.db, clock, logger: app.log, metrics: app.metrics });
  schedulePurgeUnusedUploads(jobs, app.services.files, app.log);
  scheduleCloseRounds(jobs, app.services.roundClose, app.log, clock);

  let metricsServer: http.Server | null = null;
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
    metricsServer?.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  // METRICS_PORT: the metrics on a port of their own, no token, for a scraper on the private network.
  if (config.metrics.port !== null) {
    const server = serveMetrics(app, config.metrics.port);
    metricsServer = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.metrics.port!, config.metrics.host, resolve);
    });
  }

  await app.listen({ host: config.host, port: config.port });
}

function serveMetrics(app: Awaited<ReturnType<typeof buildApp>>, port: number): http.Server {
  app.log.info({ port }, 'metrics served on their own port');
  return http.createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    app.metrics.text().then(
      ({ contentType, body }) => response.writeHead(200, { 'content-type': contentType }).end(body),
      () => response.writeHead(500).end(),
    );
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
