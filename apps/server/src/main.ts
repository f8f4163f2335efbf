import http from 'node:http';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/connection.ts';
import { prepareDatabase } from './db/prepare.ts';
import { createJobRunner } from './jobs/job-runner.ts';
import { retentionRules, scheduleRetention } from './jobs/retention.job.ts';
import { scheduleCloseRounds } from './jobs/close-rounds.job.ts';
import { scheduleBuildExports } from './jobs/build-exports.job.ts';
import { schedulePushReminders } from './jobs/push-reminders.job.ts';
import { developmentVapidKeys } from './lib/vapid-keys.ts';
import { systemClock, testClock } from './lib/clock.ts';
import { createReadiness } from './lib/readiness.ts';
import { storageFromConfig } from './lib/storage-from-config.ts';

/** Process entry: prepare the database, listen, start background jobs, shut down gracefully. */
async function main(): Promise<void> {
  const loaded = loadConfig();
  // Production refuses to start without its own keys (config.ts); elsewhere a pair is made once and kept.
  const config = { ...loaded, vapid: loaded.vapid ?? developmentVapidKeys(loaded.uploadDir) };
  // A test's clock (`CLOCK_START`, refused in production) moves on to Seoul's midnight on SIGUSR2.
  const test = config.clockStart ? testClock(config.clockStart) : null;
  if (test) process.on('SIGUSR2', () => test.toSeoulMidnight());
  const clock = test?.clock ?? systemClock;
  const database = openDatabase(config.database);
  const storage = storageFromConfig(config);
  const { migrated, seeded } = await prepareDatabase(database.db, config, clock, storage);
  const readiness = createReadiness('starting');
  const app = await buildApp({
    config,
    db: database.db,
    clock,
    storage,
    readiness,
    ...(database.poolStats ? { poolStats: database.poolStats } : {}),
  });
  app.log.info({ dialect: database.dialect, migrated, seeded }, 'database ready');

  // Background work runs under database leases (jobs/), once per period across servers.
  const jobs = createJobRunner({ db: database.db, clock, logger: app.log, metrics: app.metrics });
  scheduleRetention(jobs, retentionRules(app.services), app.log, clock);
  scheduleCloseRounds(jobs, app.services.roundClose, app.log, clock);
  scheduleBuildExports(jobs, app.services, app.log, clock);
  schedulePushReminders(jobs, app.services, app.log);

  let metricsServer: http.Server | null = null;
  let closing = false;
  /**
   * Decision 043: not ready at once (503 on `/v1/health/ready`; GETs refused, writes still served,
   * every answer closing its connection) for SHUTDOWN_DRAIN_MS, so the balancer stops sending here
   * and keeps no idle connection; then connections are refused, in-flight requests finish (10 s at
   * most), jobs stop, the database closes.
   */
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    readiness.set('draining');
    app.metrics.setReady(false);
    app.log.info({ signal, drainMs: config.shutdownDrainMs }, 'draining');
    await Promise.all([jobs.stop(), new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs))]);
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
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
  readiness.set('ready');
  // A process that started this one with an IPC channel (the tests' startServer) hears it is ready
  // the moment it is, with the port it got (PORT=0 takes any free one), instead of asking again and
  // again on a timer (issue 43). Without the channel (npm start, production) there is nothing to send.
  const address = app.server.address();
  process.send?.({
    type: 'hamkke:ready',
    port: typeof address === 'object' && address ? address.port : null,
  });
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
