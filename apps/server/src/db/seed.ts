import type { Kysely } from 'kysely';
import type { FileStorage } from '../lib/storage.ts';
import type { Database } from './schema.ts';
import { seedCertifications } from './seed/certifications.ts';
import { seedChallenges } from './seed/challenges.ts';
import { seedContent } from './seed/content.ts';
import { seedGuardianConsents } from './seed/guardian-consents.ts';
import { seedOperators } from './seed/operators.ts';
import { seedPeople } from './seed/people.ts';
import { seedPhotoReuse } from './seed/photo-reuse.ts';
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

/**
 * Deletes every row and seeds the demo data again, in one transaction. The photos of the rows
 * deleted stay in the storage until the purge job's orphan sweep removes them (an hour later).
 */
export async function reseedDemoData(db: Kysely<Database>, now: Date, storage: FileStorage): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // The order comes from the schema's own foreign keys, so a new table needs no edit here.
    // The audit log is append-only (the database refuses deletes) and names operators: both stay.
    const kept = new Set(['audit_logs', 'operators']);
    for (const table of deletionOrder(await readTableReferences(trx)).filter((name) => !kept.has(name))) {
      await trx.deleteFrom(table as keyof Database).execute();
    }
    await seedDemoData(trx, now, storage);
  });
}

/**
 * Realistic Korean demo content, step by step: a living month with families, teams, a running
 * challenge, the always program, notices, terms and the membership registry. `now` is the server's
 * clock (`CLOCK_START` moves it); photos go to the app's photo storage (local disk or S3).
 */
export async function seedDemoData(db: Kysely<Database>, now: Date, storage: FileStorage): Promise<void> {
  await seedTermsCodesAndNotices(db, now);
  const challenges = await seedChallenges(db, now);
  const { userIds, families, signedUp } = await seedPeople(db, now);
  await seedGuardianConsents(db, families, signedUp);
  const datesOf = (id: number) => {
    const recruiting = challenges.recruiting.get(id)!;
    const running = challenges.roundDays.get(id)!;
    return { recruitStart: recruiting.start, recruitEnd: recruiting.end, ...running };
  };
  await seedContent(db, now, {
    running: datesOf(challenges.rounds.running),
    recruiting: datesOf(challenges.rounds.recruiting),
  });
  await seedOperators(db, now);
  const membership = await seedDemoTeams(db, {
    now,
    families,
    rounds: challenges.rounds,
    recruiting: challenges.recruiting,
    signedUp,
  });
  const demoParentId = families[0]!.parentId;
  await seedCertifications(db, {
    now,
    storage,
    userIds,
    demoParentId,
    demoFamily: [demoParentId, ...families[0]!.childIds],
    membership,
    ...challenges,
  });
  await seedPhotoReuse(db, storage, { now, demoFamily: [demoParentId, ...families[0]!.childIds] });
  await seedRewards(db, {
    now,
    storage,
    missions: challenges.missions,
    userIds,
    demoParentId: families[0]!.parentId,
    demoChildId: families[0]!.childIds[0]!,
    rounds: challenges.rounds,
    missionRound: challenges.missionRound,
    roundDays: challenges.roundDays,
  });
}
