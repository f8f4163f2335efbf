import { PostgresAdapter, sql, type CreateTableBuilder, type Kysely } from 'kysely';

/* Frozen in time: this file never imports app code. It runs on SQLite and PostgreSQL alike. */

function withId<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return postgres
    ? table.addColumn('id', 'serial', (col) => col.primaryKey())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

export async function up(db: Kysely<any>): Promise<void> {
  /**
   * A team of one round. `member_count` and `reserved_seats` (pending direct invitations) are kept
   * by conditional updates, so joining never passes the round's `max_user` under concurrency.
   * `name_key` (lower case, no spaces) makes names unique per round.
   */
  await withId(db, db.schema.createTable('teams'))
    .addColumn('sub_challenge_id', 'integer', (col) =>
      col.notNull().references('sub_challenges.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('name_key', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('emoji', 'text', (col) => col.notNull())
    .addColumn('manager_user_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('recruiting_open', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('allow_member_invite', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('member_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('reserved_seats', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('teams_round_name_uq', ['sub_challenge_id', 'name_key'])
    .execute();
  await db.schema.createIndex('teams_manager_idx').on('teams').column('manager_user_id').execute();

  /**
   * A person in a team. `family_user_id` is the parent a child came with (a parent's own id).
   * `slot_key` is `always` for always teams and `challenge:<subChallengeId>` for challenge teams:
   * unique per person, it keeps everyone in one always team and one team per challenge round.
   */
  await withId(db, db.schema.createTable('team_members'))
    .addColumn('team_id', 'integer', (col) => col.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('family_user_id', 'integer', (col) => col.notNull())
    .addColumn('role', 'text', (col) => col.notNull())
    .addColumn('sub_challenge_id', 'integer', (col) => col.notNull())
    .addColumn('slot_key', 'text', (col) => col.notNull())
    .addColumn('reward_notice_display_yn', 'text', (col) => col.notNull().defaultTo('N'))
    .addColumn('joined_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('team_members_team_user_uq', ['team_id', 'user_id'])
    .addUniqueConstraint('team_members_user_slot_uq', ['user_id', 'slot_key'])
    .execute();
  await db.schema
    .createIndex('team_members_user_round_idx')
    .on('team_members')
    .columns(['user_id', 'sub_challenge_id'])
    .execute();
  await db.schema
    .createIndex('team_members_family_idx')
    .on('team_members')
    .columns(['family_user_id'])
    .execute();

  /** Direct invitations; a pending one holds a seat until answered or expired (7 days). */
  await withId(db, db.schema.createTable('team_invitations'))
    .addColumn('team_id', 'integer', (col) => col.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('inviter_user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('invitee_user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('answered_at', 'text')
    .execute();
  await db.schema
    .createIndex('team_invitations_pending_uq')
    .on('team_invitations')
    .columns(['team_id', 'invitee_user_id'])
    .unique()
    .where(sql.ref('status'), '=', 'PENDING')
    .execute();
  await db.schema
    .createIndex('team_invitations_invitee_idx')
    .on('team_invitations')
    .columns(['invitee_user_id', 'status'])
    .execute();

  await db.schema
    .createTable('team_favorites')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('team_id', 'integer', (col) => col.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('team_favorites_pk', ['user_id', 'team_id'])
    .execute();

  // Teams replace the first release's `participations` as the record of who takes part in a round.
  await db.schema.dropTable('participations').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('participations')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('sub_challenge_id', 'integer', (col) =>
      col.notNull().references('sub_challenges.id').onDelete('cascade'),
    )
    .addColumn('joined_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('participations_pk', ['user_id', 'sub_challenge_id'])
    .execute();
  for (const table of ['team_favorites', 'team_invitations', 'team_members', 'teams']) {
    await db.schema.dropTable(table).execute();
  }
}
