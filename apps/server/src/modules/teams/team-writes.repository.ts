import type { Kysely } from 'kysely';
import { randomSecret } from '../../lib/secret-token.ts';
import { epochDay, firstScoringDay } from './team-view.ts';
import type { Database, InvitationStatus, TeamRole } from '../../db/schema.ts';

/** Writes of teams, members, invitations and favorites; each takes `db` or a transaction. */

type Db = Kysely<Database>;

/**
 * Takes the team's row lock first in every transaction that changes a team (PostgreSQL holds it to
 * the end of the transaction; SQLite has one writer anyway), so writers of one team never deadlock
 * and counters are read after every earlier writer finished. False: no such team.
 */
export async function lockTeam(db: Db, teamId: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('teams')
    .set({ updated_at: now })
    .where('id', '=', teamId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A new team's public id (decision 022): 16 random bytes, 22 base64url characters. */
export function newTeamPublicId(): string {
  return randomSecret(16);
}

export async function insertTeam(
  db: Db,
  row: {
    subChallengeId: number;
    name: string;
    nameKey: string;
    description: string;
    emoji: string;
    managerId: number;
    now: string;
  },
): Promise<{ id: number; publicId: string }> {
  const inserted = await db
    .insertInto('teams')
    .values({
      sub_challenge_id: row.subChallengeId,
      public_id: newTeamPublicId(),
      name: row.name,
      name_key: row.nameKey,
      description: row.description,
      emoji: row.emoji,
      manager_user_id: row.managerId,
      recruiting_open: 1,
      allow_member_invite: 0,
      member_count: 0,
      reserved_seats: 0,
      created_at: row.now,
      updated_at: row.now,
    })
    .returning(['id', 'public_id'])
    .executeTakeFirstOrThrow();
  return { id: inserted.id, publicId: inserted.public_id };
}

/**
 * 정원은 절대 넘지 않아요. Adds `count` people, and takes back `releaseReserved` seats held by the
 * invitation being accepted, only if the team still has room; false when it is full.
 */
export async function takeSeats(
  db: Db,
  input: { teamId: number; count: number; releaseReserved: number },
): Promise<boolean> {
  const result = await db
    .updateTable('teams')
    .set((eb) => ({
      member_count: eb('member_count', '+', input.count),
      reserved_seats: eb('reserved_seats', '-', input.releaseReserved),
    }))
    .where('id', '=', input.teamId)
    .where((eb) =>
      eb(
        eb('member_count', '+', eb('reserved_seats', '+', input.count - input.releaseReserved)),
        '<=',
        eb
          .selectFrom('sub_challenges as s')
          .select('s.max_user')
          .whereRef('s.id', '=', 'teams.sub_challenge_id'),
      ),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Holds one seat for a direct invitation, only if the team has room; false when it is full. */
export async function reserveSeat(db: Db, teamId: number): Promise<boolean> {
  return takeSeats(db, { teamId, count: 0, releaseReserved: -1 });
}

export async function releaseSeats(db: Db, input: { teamId: number; members: number; reserved: number }) {
  if (input.members === 0 && input.reserved === 0) return;
  await db
    .updateTable('teams')
    .set((eb) => ({
      member_count: eb('member_count', '-', input.members),
      reserved_seats: eb('reserved_seats', '-', input.reserved),
    }))
    .where('id', '=', input.teamId)
    .execute();
}

export async function insertMembers(
  db: Db,
  rows: {
    teamId: number;
    userId: number;
    familyId: number;
    role: TeamRole;
    subChallengeId: number;
    slotKey: string;
    now: string;
    /** The round's first day: a member's counting starts then, or (always teams) when they join. */
    startDate: string;
  }[],
): Promise<number[]> {
  if (rows.length === 0) return [];
  await addMemberDays(
    db,
    rows[0]!.teamId,
    rows.reduce((sum, row) => sum + epochDay(firstScoringDay(row.slotKey, row.startDate, row.now)), 0),
  );
  const inserted = await db
    .insertInto('team_members')
    .values(
      rows.map((row) => ({
        team_id: row.teamId,
        user_id: row.userId,
        family_user_id: row.familyId,
        role: row.role,
        sub_challenge_id: row.subChallengeId,
        slot_key: row.slotKey,
        reward_notice_display_yn: 'N' as const,
        joined_at: row.now,
      })),
    )
    .returning('id')
    .execute();
  return inserted.map((row) => row.id);
}

/** Removes people from a team; answers how many left. */
export async function deleteMembers(db: Db, teamId: number, userIds: readonly number[]): Promise<number> {
  if (userIds.length === 0) return 0;
  // Their scores leave the team's sums with them.
  const leaving = await db
    .selectFrom('team_members as m')
    .innerJoin('sub_challenges as s', 's.id', 'm.sub_challenge_id')
    .select(['m.slot_key', 'm.joined_at', 'm.cert_count', 's.start_date'])
    .where('m.team_id', '=', teamId)
    .where('m.user_id', 'in', userIds)
    .execute();
  if (leaving.length > 0) {
    await db
      .updateTable('teams')
      .set((eb) => ({
        cert_count: eb(
          'cert_count',
          '-',
          leaving.reduce((sum, row) => sum + row.cert_count, 0),
        ),
        member_days_base: eb(
          'member_days_base',
          '-',
          leaving.reduce(
            (sum, row) => sum + epochDay(firstScoringDay(row.slot_key, row.start_date, row.joined_at)),
            0,
          ),
        ),
      }))
      .where('id', '=', teamId)
      .execute();
  }
  const result = await db
    .deleteFrom('team_members')
    .where('team_id', '=', teamId)
    .where('user_id', 'in', userIds)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

async function addMemberDays(db: Db, teamId: number, days: number) {
  await db
    .updateTable('teams')
    .set((eb) => ({ member_days_base: eb('member_days_base', '+', days) }))
    .where('id', '=', teamId)
    .execute();
}

export async function deleteTeam(db: Db, teamId: number): Promise<void> {
  await db.deleteFrom('teams').where('id', '=', teamId).execute();
}

export async function updateTeam(
  db: Db,
  teamId: number,
  changes: Partial<{
    name: string;
    name_key: string;
    description: string;
    emoji: string;
    recruiting_open: number;
    allow_member_invite: number;
    manager_user_id: number;
  }>,
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db.updateTable('teams').set(changes).where('id', '=', teamId).execute();
}

export async function setMemberRole(db: Db, teamId: number, userId: number, role: TeamRole): Promise<void> {
  await db
    .updateTable('team_members')
    .set({ role })
    .where('team_id', '=', teamId)
    .where('user_id', '=', userId)
    .execute();
}

/** The person's own choice, kept with when they made it: a later close shows the notice again. */
export async function setRewardNotice(db: Db, memberId: number, value: 'Y' | 'N', at: string): Promise<void> {
  await db
    .updateTable('team_members')
    .set({ reward_notice_display_yn: value, reward_notice_set_at: at })
    .where('id', '=', memberId)
    .execute();
}

export async function teamNameTaken(db: Db, subChallengeId: number, nameKey: string, exceptTeamId = 0) {
  const row = await db
    .selectFrom('teams')
    .select('id')
    .where('sub_challenge_id', '=', subChallengeId)
    .where('name_key', '=', nameKey)
    .where('id', '!=', exceptTeamId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertInvitation(
  db: Db,
  row: { teamId: number; inviterId: number; inviteeId: number; now: string; expiresAt: string },
): Promise<number> {
  const inserted = await db
    .insertInto('team_invitations')
    .values({
      team_id: row.teamId,
      inviter_user_id: row.inviterId,
      invitee_user_id: row.inviteeId,
      status: 'PENDING',
      created_at: row.now,
      expires_at: row.expiresAt,
      answered_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** Moves pending invitations to a final status; answers how many moved (their seats to release). */
export async function closeInvitations(
  db: Db,
  filter: {
    teamId: number;
    inviteeIds?: readonly number[];
    inviterIds?: readonly number[];
    invitationId?: number;
    expiredBy?: string;
  },
  status: Exclude<InvitationStatus, 'PENDING'>,
  now: string,
): Promise<number> {
  let query = db
    .updateTable('team_invitations')
    .set({ status, answered_at: now })
    .where('team_id', '=', filter.teamId)
    .where('status', '=', 'PENDING');
  if (filter.inviteeIds !== undefined) {
    if (filter.inviteeIds.length === 0) return 0;
    query = query.where('invitee_user_id', 'in', filter.inviteeIds);
  }
  if (filter.inviterIds !== undefined) {
    if (filter.inviterIds.length === 0) return 0;
    query = query.where('inviter_user_id', 'in', filter.inviterIds);
  }
  if (filter.invitationId !== undefined) query = query.where('id', '=', filter.invitationId);
  if (filter.expiredBy !== undefined) query = query.where('expires_at', '<=', filter.expiredBy);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Teams with pending invitations to these people (to cancel them before the people go). */
export async function findTeamsInvitingUsers(db: Db, userIds: readonly number[]) {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('team_invitations')
    .select('team_id')
    .distinct()
    .where('invitee_user_id', 'in', userIds)
    .where('status', '=', 'PENDING')
    .execute();
}

export async function findTeamIdsOfUsers(db: Db, userIds: readonly number[]) {
  if (userIds.length === 0) return [];
  return db.selectFrom('team_members').select('team_id').distinct().where('user_id', 'in', userIds).execute();
}

export async function setFavorite(
  db: Db,
  input: { userId: number; teamId: number; favorite: boolean; now: string },
) {
  if (input.favorite) {
    await db
      .insertInto('team_favorites')
      .values({ user_id: input.userId, team_id: input.teamId, created_at: input.now })
      .onConflict((oc) => oc.columns(['user_id', 'team_id']).doNothing())
      .execute();
  } else {
    await db
      .deleteFrom('team_favorites')
      .where('user_id', '=', input.userId)
      .where('team_id', '=', input.teamId)
      .execute();
  }
}
