import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import { systemClock, type Clock } from '../lib/clock.ts';
import type { FileStorage } from '../lib/storage.ts';
import { migrateToLatest } from './migrator.ts';
import type { Database } from './schema.ts';
import { isDatabaseEmpty, seedDemoData } from './seed.ts';

/** Start-up work on the database: migrate, then seed demo data into an empty database when allowed. */
export async function prepareDatabase(
  db: Kysely<Database>,
  config: Pick<Config, 'seedDemoData'>,
  /** The server's clock: the demo data's days are its days. */
  clock: Clock = systemClock,
  /** The app's photo storage: the demo certifications' photos go there. */
  storage?: FileStorage,
): Promise<{ migrated: string[]; seeded: boolean }> {
  const migrated = await migrateToLatest(db);
  const seeded = config.seedDemoData && (await isDatabaseEmpty(db));
  if (seeded) {
    if (!storage) throw new Error('Seeding demo data needs the photo storage');
    await seedDemoData(db, clock(), storage);
  }
  return { migrated, seeded };
}
