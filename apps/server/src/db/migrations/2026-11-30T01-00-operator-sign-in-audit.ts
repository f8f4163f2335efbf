import { PostgresAdapter, sql, type Kysely } from 'kysely';

/* Frozen in time: this file never imports app code. It runs on SQLite and PostgreSQL alike. */

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

const COLUMNS = 'id, operator_id, action, target, summary, address, created_at';

/**
 * A failed sign-in of an id that is no operator is an audit row too (decision 030): `operator_id`
 * may be null. SQLite cannot drop a NOT NULL, so there the table is rebuilt, rows and triggers kept.
 */
async function rebuildSqlite(db: Kysely<any>, operatorIdNull: boolean): Promise<void> {
  await sql`drop trigger if exists audit_logs_no_update`.execute(db);
  await sql`drop trigger if exists audit_logs_no_delete`.execute(db);
  await sql
    .raw(
      `create table audit_logs_next (
        id integer primary key autoincrement,
        operator_id integer ${operatorIdNull ? '' : 'not null'} references operators (id),
        action text not null,
        target text not null,
        summary text not null,
        address text not null,
        created_at text not null)`,
    )
    .execute(db);
  await sql
    .raw(
      `insert into audit_logs_next (${COLUMNS}) select ${COLUMNS} from audit_logs` +
        (operatorIdNull ? '' : ' where operator_id is not null'),
    )
    .execute(db);
  await sql`drop table audit_logs`.execute(db);
  await sql`alter table audit_logs_next rename to audit_logs`.execute(db);
  await db.schema.createIndex('audit_logs_created_idx').on('audit_logs').column('created_at').execute();
  await sql`
    create trigger audit_logs_no_update before update on audit_logs
    begin select raise(abort, 'audit_logs is append-only'); end`.execute(db);
  await sql`
    create trigger audit_logs_no_delete before delete on audit_logs
    begin select raise(abort, 'audit_logs is append-only'); end`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`alter table audit_logs alter column operator_id drop not null`.execute(db);
  } else {
    await rebuildSqlite(db, true);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    // Rows of ids that were no operator cannot stay (append-only: the trigger is set aside for it).
    await sql`alter table audit_logs disable trigger audit_logs_no_change`.execute(db);
    await sql`delete from audit_logs where operator_id is null`.execute(db);
    await sql`alter table audit_logs enable trigger audit_logs_no_change`.execute(db);
    await sql`alter table audit_logs alter column operator_id set not null`.execute(db);
  } else {
    await rebuildSqlite(db, false);
  }
}
