import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/connection.ts';
import { prepareDatabase } from './db/prepare.ts';

/** Process entry: listen and shut down gracefully. Everything else is built in app.ts. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = openDatabase(config.database);
  const { migrated, seeded } = await prepareDatabase(database.db, config);
  const app = await buildApp({ config, db: database.db });
  app.log.info({ dialect: database.dialect, migrated, seeded }, 'database ready');

  // Unused uploads (photos picked but never certified) are purged hourly.
  const purge = () =>
    app.services.files
      .purgeUnusedUploads()
      .then((count) => count && app.log.info({ count }, 'purged unused uploads'))
      .catch((error: unknown) => app.log.error({ err: error }, 'purging unused uploads failed'));
  const purgeTimer = setInterval(purge, 60 * 60 * 1000);
  purgeTimer.unref();
  void purge();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    clearInterval(purgeTimer);
    await app.close();
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
