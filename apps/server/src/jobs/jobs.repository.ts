import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * Claims the lease of a job for `owner` until `expiresAt`: one statement inserts the row, or takes
 * it over only when it expired (or is already this owner's). True when this owner holds it now.
 * `ON CONFLICT … DO UPDATE … WHERE` works the same on SQLite and PostgreSQL.
 */
export async function claimLease(
  db: Kysely<Database>,
  input: { name: string; owner: string; now: string; expiresAt: string },
): Promise<boolean> {
  const claimed = await db
    .insertInto('job_leases')
    .values({ name: input.name, owner: input.owner, expires_at: input.expiresAt })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet({ owner: input.owner, expires_at: input.expiresAt })
        .where((eb) =>
          eb.or([eb('job_leases.expires_at', '<=', input.now), eb('job_leases.owner', '=', input.owner)]),
        ),
    )
    .returning('owner')
    .executeTakeFirst();
  return claimed?.owner === input.owner;
}

export async function releaseLease(db: Kysely<Database>, name: string, owner: string): Promise<void> {
  await db.deleteFrom('job_leases').where('name', '=', name).where('owner', '=', owner).execute();
}

/** Records that a job did a period; true only for the one call that recorded it first. */
export async function recordRun(
  db: Kysely<Database>,
  input: { name: string; periodKey: string; now: string },
): Promise<boolean> {
  const result = await db
    .insertInto('job_runs')
    .values({ name: input.name, period_key: input.periodKey, done_at: input.now })
    .onConflict((oc) => oc.columns(['name', 'period_key']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function hasRun(db: Kysely<Database>, name: string, periodKey: string): Promise<boolean> {
  const row = await db
    .selectFrom('job_runs')
    .select('period_key')
    .where('name', '=', name)
    .where('period_key', '=', periodKey)
    .executeTakeFirst();
  return row !== undefined;
}
