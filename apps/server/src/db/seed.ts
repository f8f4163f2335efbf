import type { Kysely } from 'kysely';
import { systemClock } from '../lib/clock.ts';
import type { Database } from './schema.ts';
import { seedCertifications } from './seed/certifications.ts';
import { seedChallenges } from './seed/challenges.ts';
import { seedContent } from './seed/content.ts';
import { seedOperators } from './seed/operators.ts';
import { seedPeople } from './seed/people.ts';
import { seedRewards } from './seed/rewards.ts';
import { seedDemoTeams } from './seed/teams.ts';
import { seedTermsCodesAndNotices } from './seed/terms-and-notices.ts';
import { deletionOrder, readTableReferences } from './table-order.ts';

export { DEMO_CHILD_LOGIN_ID, DEMO_CHILD_PASSWORD, DEMO_PARENT_KAKAO_ID } from './seed/people.ts';

export async function isDatabaseEmpty(db: Kysely<Database>): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  const terms = await db
    .selectFrom('terms_documents')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count) === 0 && Number(terms.count) === 0;
}

/** Deletes every row and seeds the demo data again, in one transaction. */
export async function reseedDemoData(db: Kysely<Database>, now: Date = systemClock()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // The order comes from the schema's own foreign keys, so a new table needs no edit here.
    // The audit log is append-only (the database refuses deletes) and names operators: both stay.
    const kept = new Set(['audit_logs', 'operators']);
    for (const table of deletionOrder(await readTableReferences(trx)).filter((name) => !kept.has(name))) {
      await trx.deleteFrom(table as keyof Database).execute();
    }
    await seedDemoData(trx, now);
  });
}

/**
 * Realistic Korean demo content, step by step: a living first run with families, teams, a running
 * challenge, the always program, notices, terms and the membership registry.
 */
export async function seedDemoData(db: Kysely<Database>, now: Date = systemClock()): Promise<void> {
  await seedTermsCodesAndNotices(db, now);
  const challenges = await seedChallenges(db, now);
  const { userIds, families } = await seedPeople(db, now);
  await seedContent(db, now);
  await seedOperators(db, now);
  const membership = await seedDemoTeams(db, { now, families, rounds: challenges.rounds });
  await seedCertifications(db, { now, userIds, membership, ...challenges });
  await seedRewards(db, {
    now,
    userIds,
    demoParentId: families[0]!.parentId,
    demoChildId: families[0]!.childIds[0]!,
    rounds: challenges.rounds,
    missionRound: challenges.missionRound,
    roundDays: challenges.roundDays,
  });
}
