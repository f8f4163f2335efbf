import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/connection.ts';
import { migrateToLatest } from '../db/migrator.ts';
import { seoulToday, systemClock } from '../lib/clock.ts';

/**
 * `npm run rounds:close -- --round N` closes one round by hand (once: a closed round is left as it
 * is); without `--round`, every round whose last day has passed.
 */
async function run(args: string[]): Promise<void> {
  const at = args.indexOf('--round');
  const round = at >= 0 ? Number(args[at + 1]) : null;
  if (round !== null && !(Number.isInteger(round) && round > 0))
    throw new Error('usage: rounds:close [-- --round N]');
  const config = loadConfig();
  const database = openDatabase(config.database);
  try {
    await migrateToLatest(database.db);
    const app = await buildApp({ config: { ...config, logLevel: 'silent' }, db: database.db });
    const by = `cli-${process.pid}`;
    const outcomes =
      round === null
        ? await app.services.roundClose.closeDue(seoulToday(systemClock), by)
        : [await app.services.roundClose.close(round, by)];
    for (const outcome of outcomes) {
      console.info(
        outcome.closed
          ? `round ${outcome.subChallengeId}: closed — ${outcome.teams} teams, ${outcome.members} members, ${outcome.medals} medals, ${outcome.rewarded} rewarded`
          : `round ${outcome.subChallengeId}: not closed (already closed, not ended, or no such round)`,
      );
    }
    if (outcomes.length === 0) console.info('no round to close');
    await app.close();
  } finally {
    await database.close();
  }
}

run(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
