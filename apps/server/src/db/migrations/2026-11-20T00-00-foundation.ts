import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

/* Frozen in time: this file never imports app code. It runs on SQLite and PostgreSQL alike. */

function withId<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return postgres
    ? table.addColumn('id', 'serial', (col) => col.primaryKey())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('users'))
    .addColumn('user_type', 'text', (col) => col.notNull())
    .addColumn('kakao_id', 'text', (col) => col.unique())
    .addColumn('login_id', 'text', (col) => col.unique())
    .addColumn('password_hash', 'text')
    .addColumn('parent_user_id', 'integer', (col) => col.references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('alias', 'text', (col) => col.notNull())
    .addColumn('phone', 'text')
    .addColumn('birth_date', 'text')
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('pin_verified_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('users_parent_idx').on('users').column('parent_user_id').execute();
  await db.schema.createIndex('users_status_idx').on('users').column('status').execute();

  await db.schema
    .createTable('access_tokens')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('access_tokens_user_idx').on('access_tokens').column('user_id').execute();

  await withId(db, db.schema.createTable('membership_registry'))
    .addColumn('member_no', 'text', (col) => col.notNull().unique())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('phone', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('membership_registry_person_idx')
    .on('membership_registry')
    .columns(['name', 'phone'])
    .execute();

  await withId(db, db.schema.createTable('terms_documents'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('version', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('effective_date', 'text', (col) => col.notNull())
    .addUniqueConstraint('terms_documents_kind_version_uq', ['kind', 'version'])
    .execute();

  await db.schema
    .createTable('common_codes')
    .addColumn('group_key', 'text', (col) => col.notNull())
    .addColumn('code', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('sort', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('common_codes_pk', ['group_key', 'code'])
    .execute();

  await withId(db, db.schema.createTable('notices'))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('is_top', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('published_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('notices_published_idx').on('notices').column('published_at').execute();

  await db.schema
    .createTable('notice_reads')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('notice_id', 'integer', (col) => col.notNull().references('notices.id').onDelete('cascade'))
    .addColumn('read_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('notice_reads_pk', ['user_id', 'notice_id'])
    .execute();

  await withId(db, db.schema.createTable('challenges'))
    .addColumn('challenge_type', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();

  await withId(db, db.schema.createTable('sub_challenges'))
    .addColumn('challenge_id', 'integer', (col) =>
      col.notNull().references('challenges.id').onDelete('cascade'),
    )
    .addColumn('round', 'integer', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('recruit_start', 'text', (col) => col.notNull())
    .addColumn('recruit_end', 'text', (col) => col.notNull())
    .addColumn('start_date', 'text', (col) => col.notNull())
    .addColumn('end_date', 'text')
    .addColumn('max_user', 'integer', (col) => col.notNull())
    .execute();

  await withId(db, db.schema.createTable('missions'))
    .addColumn('sub_challenge_id', 'integer', (col) =>
      col.notNull().references('sub_challenges.id').onDelete('cascade'),
    )
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('icon', 'text', (col) => col.notNull())
    .addColumn('proof_type', 'text', (col) => col.notNull())
    .addColumn('sort', 'integer', (col) => col.notNull())
    .execute();

  await withId(db, db.schema.createTable('mission_certifications'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('mission_id', 'integer', (col) => col.notNull().references('missions.id').onDelete('cascade'))
    .addColumn('certified_on', 'text', (col) => col.notNull())
    .addColumn('content_html', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    /** 인증은 사람·미션·하루에 한 번만 가능해요. */
    .addUniqueConstraint('mission_certifications_once_a_day_uq', ['user_id', 'mission_id', 'certified_on'])
    .execute();
  await db.schema
    .createIndex('mission_certifications_day_idx')
    .on('mission_certifications')
    .column('certified_on')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'mission_certifications',
    'missions',
    'sub_challenges',
    'challenges',
    'notice_reads',
    'notices',
    'common_codes',
    'terms_documents',
    'membership_registry',
    'access_tokens',
    'users',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
