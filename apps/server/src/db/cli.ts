import { loadConfig } from '../config.ts';
import { clockStartingAt, systemClock } from '../lib/clock.ts';
import { storageFromConfig } from '../lib/storage-from-config.ts';
import { openDatabase } from './connection.ts';
import { migrateToLatest } from './migrator.ts';
import { reseedDemoData } from './seed.ts';
import { backupSqlite } from './backup.ts';
import path from 'node:path';

/**
 * `npm run db:migrate`, `npm run db:seed` (reseed: deletes every row, then seeds demo data) and
 * `npm run db:backup [-- --out <dir>]` (SQLite and local photos, while the server runs).
 */
async function run(command: string | undefined): Promise<void> {
  const config = loadConfig();
  if (command === 'backup') {
    if (config.database.kind !== 'sqlite') {
      throw new Error('db:backup copies SQLite; for PostgreSQL use pg_dump (see the README, "Backups").');
    }
    const at = process.argv.indexOf('--out');
    const stamp = systemClock().toISOString().replace(/[:.]/g, '-');
    const targetDir = path.resolve(at >= 0 ? process.argv[at + 1]! : path.join('backups', stamp));
    const result = await backupSqlite({
      databaseFile: config.database.filename,
      uploadDir: config.s3 ? null : config.uploadDir,
      targetDir,
    });
    console.info(
      `backup: ${result.databaseFile} (${result.databaseBytes} bytes), ${result.photos} photo files${config.s3 ? ' (photos are in S3: use bucket versioning)' : ''}`,
    );
    return;
  }
  const database = openDatabase(config.database);
  try {
    const migrated = await migrateToLatest(database.db);
    console.info(
      `[${database.dialect}] migrations applied: ${migrated.length ? migrated.join(', ') : 'none'}`,
    );
    if (command === 'seed') {
      if (config.env === 'production' && !config.allowProductionSeed) {
        throw new Error(
          'Refusing to reseed a production database (set ALLOW_PRODUCTION_SEED=true to force).',
        );
      }
      // The server's clock: `CLOCK_START` seeds the demo month around that instant.
      const clock = config.clockStart ? clockStartingAt(config.clockStart) : systemClock;
      const started = Date.now();
      await reseedDemoData(database.db, clock(), storageFromConfig(config));
      console.info(`[${database.dialect}] seeded in ${Date.now() - started} ms`);
      console.info(`[${database.dialect}] demo data reseeded`);
    } else if (command !== 'migrate') {
      throw new Error('usage: cli.ts migrate|seed|backup');
    }
  } finally {
    await database.close();
  }
}

run(process.argv[2]).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
