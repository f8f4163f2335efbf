import { loadConfig } from '../config.ts';
import { openDatabase } from './connection.ts';
import { migrateToLatest } from './migrator.ts';
import { reseedDemoData } from './seed.ts';

/** `npm run db:migrate` and `npm run db:seed` (reseed: deletes every row, then seeds demo data). */
async function run(command: string | undefined): Promise<void> {
  const config = loadConfig();
  const database = openDatabase(config.database);
  try {
    const migrated = await migrateToLatest(database.db);
    console.info(
      `[${database.dialect}] migrations applied: ${migrated.length ? migrated.join(', ') : 'none'}`,
    );
    if (command === 'seed') {
      if (config.env === 'production' && process.env.ALLOW_PRODUCTION_SEED !== 'true') {
        throw new Error(
          'Refusing to reseed a production database (set ALLOW_PRODUCTION_SEED=true to force).',
        );
      }
      await reseedDemoData(database.db);
      console.info(`[${database.dialect}] demo data reseeded`);
    } else if (command !== 'migrate') {
      throw new Error('usage: cli.ts migrate|seed');
    }
  } finally {
    await database.close();
  }
}

run(process.argv[2]).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
