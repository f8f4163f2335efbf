import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

/* Frozen in time: this file never imports app code. It runs on SQLite and PostgreSQL alike. */

function withId<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return postgres
    ? table.addColumn('id', 'serial', (col) => col.primaryKey())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

export async function up(db: Kysely<any>): Promise<void> {
  /**
   * One reported certification awaiting (or past) an operator's decision (decision 045). Every
   * report first writes this row, so on PostgreSQL reports of one certification take turns: the
   * third family's report sees the two before it and hides the certification once.
   */
  await db.schema
    .createTable('certification_report_cases')
    .addColumn('certification_id', 'integer', (col) =>
      col.primaryKey().references('mission_certifications.id').onDelete('cascade'),
    )
    .addColumn('author_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    /** OPEN (waiting for an operator), HIDDEN, DISMISSED. */
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('report_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('first_reported_at', 'text', (col) => col.notNull())
    .addColumn('last_reported_at', 'text', (col) => col.notNull())
    /** When reports from enough families hid it, pending review; set once. */
    .addColumn('auto_hidden_at', 'text')
    .addColumn('decided_at', 'text')
    .addColumn('decided_by', 'integer')
    /** What its author is told (UNDER_REVIEW, HIDDEN, RESTORED), when, and when they saw it. */
    .addColumn('author_notice', 'text')
    .addColumn('author_notice_at', 'text')
    .addColumn('author_seen_at', 'text')
    .execute();
  await db.schema
    .createIndex('certification_report_cases_status_idx')
    .on('certification_report_cases')
    .columns(['status', 'first_reported_at'])
    .execute();
  await db.schema
    .createIndex('certification_report_cases_author_idx')
    .on('certification_report_cases')
    .column('author_id')
    .execute();

  /** One report per person per certification: the unique key answers a second one. */
  await withId(db, db.schema.createTable('certification_reports'))
    .addColumn('certification_id', 'integer', (col) =>
      col.notNull().references('mission_certifications.id').onDelete('cascade'),
    )
    .addColumn('reporter_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    /** The reporter's family (a child's parent, a parent themself): the threshold counts families. */
    .addColumn('reporter_family_id', 'integer', (col) => col.notNull())
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('note', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('certification_reports_once', ['certification_id', 'reporter_id'])
    .execute();
  await db.schema
    .createIndex('certification_reports_reporter_idx')
    .on('certification_reports')
    .columns(['reporter_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('certification_reports').execute();
  await db.schema.dropTable('certification_report_cases').execute();
}
