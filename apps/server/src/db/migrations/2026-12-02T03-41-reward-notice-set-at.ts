import { sql, type Kysely } from 'kysely';

/* Frozen in time: this file never imports app code. It runs on SQLite and PostgreSQL alike. */

export async function up(db: Kysely<any>): Promise<void> {
  /**
   * A round's close no longer marks every member's reward notice to show (100,000 rows at a
   * national round, decision 055): a membership frozen by a close shows it unless its person set
   * the flag by hand after that close. `reward_notice_set_at` is when they last set it. The closes
   * already run wrote their 'Y' into the flag: their members' flags stand as they are now.
   */
  await db.schema.alterTable('team_members').addColumn('reward_notice_set_at', 'text').execute();
  await sql`update team_members set reward_notice_set_at = (
      select rc.closed_at from round_closes rc where rc.sub_challenge_id = team_members.sub_challenge_id)
    where sub_challenge_id in (select sub_challenge_id from round_closes)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  // The flag as the close used to write it: 'Y' for the members a close froze, unless set since.
  await sql`update team_members set reward_notice_display_yn = 'Y'
    where reward_notice_set_at is null and exists (
      select 1 from round_closes rc join round_member_results r on r.sub_challenge_id = rc.sub_challenge_id
      where rc.sub_challenge_id = team_members.sub_challenge_id and r.user_id = team_members.user_id)`.execute(
    db,
  );
  await db.schema.alterTable('team_members').dropColumn('reward_notice_set_at').execute();
}
