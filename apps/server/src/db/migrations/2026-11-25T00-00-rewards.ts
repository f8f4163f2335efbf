import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

/* Frozen in time: this file never imports app code. It runs on SQLite and PostgreSQL alike. */

function withId<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return postgres
    ? table.addColumn('id', 'serial', (col) => col.primaryKey())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

const epochDay = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / 86_400_000);
const seoulDay = (iso: string) => new Date(Date.parse(iso) + 9 * 3_600_000).toISOString().slice(0, 10);

export async function up(db: Kysely<any>): Promise<void> {
  /** A person's face in lists: one emoji (empty: the default). */
  await db.schema
    .alterTable('users')
    .addColumn('avatar', 'text', (col) => col.notNull().defaultTo(''))
    .execute();

  /** The reward rule of a round: data the operator sets, not code (product.md). */
  for (const [name, type, fallback] of [
    ['reward_threshold_pct', 'integer', 80],
    ['paid_reward_amount', 'integer', 0],
    ['paid_reward_unit', 'text', 'POINT'],
    ['paid_reward_item', 'text', ''],
    ['traffic_reward_mb', 'integer', 0],
  ] as const) {
    await db.schema
      .alterTable('sub_challenges')
      .addColumn(name, type, (col) => col.notNull().defaultTo(fallback))
      .execute();
  }

  /**
   * Scores kept beside the rows they score, in the transaction of each certification, so rankings
   * read a few columns instead of counting certifications:
   * - `team_members.cert_count` / `last_cert_at`: the member's certifications that count for the team;
   * - `teams.cert_count`: the sum over its members; `teams.member_days_base`: Σ over members of the
   *   epoch day their counting starts (what the team could have certified follows from it);
   * - `teams.day_count` on `day_count_on`: the team's certifications of that Seoul day.
   */
  await db.schema
    .alterTable('team_members')
    .addColumn('cert_count', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('team_members').addColumn('last_cert_at', 'text').execute();
  for (const name of ['cert_count', 'member_days_base', 'day_count']) {
    await db.schema
      .alterTable('teams')
      .addColumn(name, 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
  }
  await db.schema.alterTable('teams').addColumn('day_count_on', 'text').execute();
  await db.schema
    .createIndex('teams_round_idx')
    .on('teams')
    .columns(['sub_challenge_id', 'cert_count'])
    .execute();
  /** Streaks and timelines read one person's days. */
  await db.schema
    .createIndex('mission_certifications_user_day_idx')
    .on('mission_certifications')
    .columns(['user_id', 'certified_on'])
    .execute();

  /** Badge rules are rows (kind + threshold), so the operator adds one without code. */
  await withId(db, db.schema.createTable('badge_rules'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('threshold', 'integer', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('emoji', 'text', (col) => col.notNull())
    .addColumn('image_url', 'text')
    .addColumn('sort', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('active', 'integer', (col) => col.notNull().defaultTo(1))
    .addUniqueConstraint('badge_rules_kind_threshold_uq', ['kind', 'threshold'])
    .execute();

  /** A badge is achieved once: the primary key makes every grant safe to repeat. */
  await db.schema
    .createTable('user_badges')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('badge_id', 'integer', (col) => col.notNull().references('badge_rules.id').onDelete('cascade'))
    .addColumn('achieved_at', 'text', (col) => col.notNull())
    .addColumn('seen_at', 'text')
    .addPrimaryKeyConstraint('user_badges_pk', ['user_id', 'badge_id'])
    .execute();
  await db.schema
    .createIndex('user_badges_user_time_idx')
    .on('user_badges')
    .columns(['user_id', 'achieved_at'])
    .execute();

  /** The claim on a round's close: one row per round, written once, first thing in the close. */
  await db.schema
    .createTable('round_closes')
    .addColumn('sub_challenge_id', 'integer', (col) =>
      col.primaryKey().references('sub_challenges.id').onDelete('cascade'),
    )
    .addColumn('closed_at', 'text', (col) => col.notNull())
    .addColumn('closed_by', 'text', (col) => col.notNull())
    .execute();

  /** Frozen results of a closed round: its teams' places, and each member's place in their team. */
  await db.schema
    .createTable('round_team_results')
    .addColumn('sub_challenge_id', 'integer', (col) =>
      col.notNull().references('sub_challenges.id').onDelete('cascade'),
    )
    .addColumn('team_id', 'integer', (col) => col.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('rank', 'integer', (col) => col.notNull())
    .addColumn('certified', 'integer', (col) => col.notNull())
    .addColumn('possible', 'integer', (col) => col.notNull())
    .addColumn('member_count', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('round_team_results_pk', ['sub_challenge_id', 'team_id'])
    .execute();
  await db.schema
    .createIndex('round_team_results_rank_idx')
    .on('round_team_results')
    .columns(['sub_challenge_id', 'rank'])
    .execute();
  await db.schema
    .createTable('round_member_results')
    .addColumn('sub_challenge_id', 'integer', (col) =>
      col.notNull().references('sub_challenges.id').onDelete('cascade'),
    )
    .addColumn('team_id', 'integer', (col) => col.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('rank', 'integer', (col) => col.notNull())
    .addColumn('certified', 'integer', (col) => col.notNull())
    .addColumn('possible', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('round_member_results_pk', ['sub_challenge_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('round_member_results_team_idx')
    .on('round_member_results')
    .columns(['team_id', 'rank'])
    .execute();

  /**
   * Medals of a closed round. `award_key` (`TEAM:<round>:<team>` or `MEMBER:<round>:<team>:<user>`)
   * is unique: a close run twice grants nothing twice.
   */
  await withId(db, db.schema.createTable('medals'))
    .addColumn('award_key', 'text', (col) => col.notNull().unique())
    .addColumn('sub_challenge_id', 'integer', (col) =>
      col.notNull().references('sub_challenges.id').onDelete('cascade'),
    )
    .addColumn('team_id', 'integer', (col) => col.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('cascade'))
    .addColumn('scope', 'text', (col) => col.notNull())
    .addColumn('medal', 'text', (col) => col.notNull())
    .addColumn('rank', 'integer', (col) => col.notNull())
    .addColumn('granted_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('medals_user_idx').on('medals').columns(['user_id']).execute();
  await db.schema.createIndex('medals_team_idx').on('medals').columns(['team_id']).execute();

  /** The reward ledger: one row per round, person and kind; pending → paid or cancelled. */
  await withId(db, db.schema.createTable('rewards'))
    .addColumn('sub_challenge_id', 'integer', (col) =>
      col.notNull().references('sub_challenges.id').onDelete('cascade'),
    )
    .addColumn('team_id', 'integer', (col) => col.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('unit', 'text', (col) => col.notNull())
    .addColumn('amount', 'integer', (col) => col.notNull())
    .addColumn('item_name', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('status', 'text', (col) => col.notNull())
    /** The completion rate in thousandths (integers compare alike on both databases). */
    .addColumn('rate_permille', 'integer', (col) => col.notNull())
    .addColumn('granted_at', 'text', (col) => col.notNull())
    .addColumn('settled_at', 'text')
    .addUniqueConstraint('rewards_round_user_kind_uq', ['sub_challenge_id', 'user_id', 'kind'])
    .execute();
  await db.schema.createIndex('rewards_user_idx').on('rewards').columns(['user_id', 'granted_at']).execute();

  // Scores of the teams that exist already, counted once from their certifications.
  const members: {
    id: number;
    team_id: number;
    user_id: number;
    sub_challenge_id: number;
    slot_key: string;
    joined_at: string;
    start_date: string;
    end_date: string | null;
  }[] = await db
    .selectFrom('team_members as m')
    .innerJoin('sub_challenges as s', 's.id', 'm.sub_challenge_id')
    .select([
      'm.id',
      'm.team_id',
      'm.user_id',
      'm.sub_challenge_id',
      'm.slot_key',
      'm.joined_at',
      's.start_date',
      's.end_date',
    ])
    .execute();
  const teams = new Map<number, { count: number; base: number }>();
  for (const member of members) {
    let query = db
      .selectFrom('mission_certifications as mc')
      .innerJoin('missions as mi', 'mi.id', 'mc.mission_id')
      .select((eb: any) => [eb.fn.countAll().as('count'), eb.fn.max('mc.created_at').as('last_at')])
      .where('mc.user_id', '=', member.user_id)
      .where('mi.sub_challenge_id', '=', member.sub_challenge_id)
      .where('mc.certified_on', '>=', member.start_date);
    if (member.end_date !== null) query = query.where('mc.certified_on', '<=', member.end_date);
    if (member.slot_key === 'always') query = query.where('mc.created_at', '>=', member.joined_at);
    const row = await query.executeTakeFirst();
    const count = Number(row?.count ?? 0);
    await db
      .updateTable('team_members')
      .set({ cert_count: count, last_cert_at: row?.last_at ?? null })
      .where('id', '=', member.id)
      .execute();
    const first = member.slot_key === 'always' ? seoulDay(member.joined_at) : member.start_date;
    const team = teams.get(member.team_id) ?? { count: 0, base: 0 };
    team.count += count;
    team.base += epochDay(first > member.start_date ? first : member.start_date);
    teams.set(member.team_id, team);
  }
  for (const [id, team] of teams) {
    await db
      .updateTable('teams')
      .set({ cert_count: team.count, member_days_base: team.base })
      .where('id', '=', id)
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'rewards',
    'medals',
    'round_member_results',
    'round_team_results',
    'round_closes',
    'user_badges',
    'badge_rules',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.dropIndex('mission_certifications_user_day_idx').execute();
  await db.schema.dropIndex('teams_round_idx').execute();
  for (const name of ['day_count_on', 'day_count', 'member_days_base', 'cert_count']) {
    await db.schema.alterTable('teams').dropColumn(name).execute();
  }
  for (const name of ['last_cert_at', 'cert_count']) {
    await db.schema.alterTable('team_members').dropColumn(name).execute();
  }
  for (const name of [
    'traffic_reward_mb',
    'paid_reward_item',
    'paid_reward_unit',
    'paid_reward_amount',
    'reward_threshold_pct',
  ]) {
    await db.schema.alterTable('sub_challenges').dropColumn(name).execute();
  }
  await db.schema.alterTable('users').dropColumn('avatar').execute();
}
