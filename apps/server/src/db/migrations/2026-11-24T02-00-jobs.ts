import type { Kysely } from 'kysely';

/* Frozen in time: this file never imports app code. It runs on SQLite and PostgreSQL alike. */

export async function up(db: Kysely<any>): Promise<void> {
  /** Who may run a background job now: one row per job, taken over only once its lease expired. */
  await db.schema
    .createTable('job_leases')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('owner', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();
  /** Periods a job has done (e.g. the close of one round): the unique key makes "exactly once" hold. */
  await db.schema
    .createTable('job_runs')
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('period_key', 'text', (col) => col.notNull())
    .addColumn('done_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('job_runs_pk', ['name', 'period_key'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('job_runs').execute();
  await db.schema.dropTable('job_leases').execute();
}
