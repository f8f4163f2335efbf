import { INVITATION_TTL_DAYS, type Invitation } from '@hamkke/contract/team/team';
import { AppError } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import type { TeamAccess } from '../../plugins/team-access.ts';
import { clockTools, type TeamsDeps } from './context.ts';
import type { TeamJoinService } from './team-join.service.ts';
import { signupOpen, slotKeyOf } from './team-view.ts';
import {
  closeInvitations,
  insertInvitation,
  lockTeam,
  releaseSeats,
  reserveSeat,
} from './team-writes.repository.ts';
import {
  findInvitations,
  findMembers,
  findPreviousTeam,
  findSlotMembership,
  findUser,
  haveSharedTeam,
  type InvitationRow,
} from './teams.repository.ts';
import type { TeamsService } from './teams.service.ts';

export function toInvitation(row: InvitationRow): Invitation {
  return {
    invitationId: String(row.id),
    teamId: row.team_public_id,
    teamName: row.team_name,
    teamEmoji: row.team_emoji,
    challengeType: row.challenge_type,
    challengeId: String(row.challenge_id),
    subChallengeId: String(row.sub_challenge_id),
    roundTitle: row.round_title,
    inviterAlias: row.inviter_alias ?? '',
    inviteeAlias: row.invitee_alias,
    status: row.status,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
  };
}

/**
 * Direct invitations: to parents the inviter has shared a team with, each holding a seat for 7 days
 * or until answered (product.md).
 */
export function createTeamInvitationsService(
  deps: TeamsDeps & { reads: TeamsService; joining: TeamJoinService },
) {
  const { db } = deps;
  const { today, now } = clockTools(deps.clock);

  /** Why a person cannot be invited to the team now (null: they can). */
  async function inviteBlock(teamId: number, slot: string, userId: number, pending: Set<number>) {
    const row = await findSlotMembership(db, userId, slot);
    if (row && row.team_id === teamId) return 'ALREADY_MEMBER' as const;
    if (pending.has(userId)) return 'INVITED' as const;
    if (row) return 'IN_OTHER_TEAM' as const;
    return null;
  }

  async function pendingInvitees(teamId: number): Promise<Set<number>> {
    return new Set(
      (await findInvitations(db, { teamId, pendingAfter: now() })).map((row) => row.invitee_user_id),
    );
  }

  return {
    async previousTeam(access: TeamAccess) {
      const team = await deps.reads.teamOrThrow(access.teamId);
      const previous = await findPreviousTeam(db, {
        userId: access.userId,
        excludeTeamId: team.id,
        challengeId: team.challenge_type === 'challenge' ? team.challenge_id : null,
        startBefore: team.challenge_type === 'challenge' ? team.start_date : null,
      });
      if (!previous) return { previousTeam: null, people: [] };
      const members = await findMembers(db, previous.id);
      const slot = slotKeyOf(team.challenge_type, team.sub_challenge_id);
      const pending = await pendingInvitees(team.id);
      const people = [];
      for (const parent of members.filter((m) => m.user_type === 'PARENT' && m.user_id !== access.userId)) {
        people.push({
          userId: String(parent.user_id),
          alias: parent.alias,
          childCount: members.filter(
            (m) => m.family_user_id === parent.user_id && m.user_id !== parent.user_id,
          ).length,
          inviteBlock: await inviteBlock(team.id, slot, parent.user_id, pending),
        });
      }
      return {
        previousTeam: { teamId: previous.public_id, name: previous.name, roundTitle: previous.round_title },
        people,
      };
    },

    /** 초대는 팀장이, 팀장이 허락하면 팀원도 할 수 있어요. Each invitation takes a seat or answers TEAM_FULL. */
    async invite(access: TeamAccess, userIds: readonly number[]) {
      const team = await deps.reads.teamOrThrow(access.teamId);
      if (access.role !== 'MANAGER' && team.allow_member_invite !== 1) {
        throw new AppError('FORBIDDEN', 'Only the manager invites to this team');
      }
      if (!signupOpen(team, today()))
        throw new AppError('TEAM_SIGNUP_CLOSED', 'This team does not take members now');
      const invitees: number[] = [];
      const fields = [];
      for (const [index, id] of [...new Set(userIds)].entries()) {
        const user = await findUser(db, id);
        const known =
          user &&
          user.user_type === 'PARENT' &&
          user.status === 'USER' &&
          (await haveSharedTeam(db, access.userId, user.id));
        if (!known)
          fields.push({
            path: `userIds.${index}`,
            code: 'NOT_YOURS' as const,
            message: 'is not a teammate of yours',
          });
        else invitees.push(user.id);
      }
      if (fields.length > 0)
        throw new AppError('VALIDATION_FAILED', 'Invite people you have been in a team with', fields);
      const slot = slotKeyOf(team.challenge_type, team.sub_challenge_id);
      const created: number[] = [];
      for (const invitee of invitees) {
        if ((await inviteBlock(team.id, slot, invitee, await pendingInvitees(team.id))) !== null) continue;
        try {
          const id = await db.transaction().execute(async (trx) => {
            const stamp = now();
            await lockTeam(trx, team.id, stamp);
            const expired = await closeInvitations(
              trx,
              { teamId: team.id, expiredBy: stamp },
              'EXPIRED',
              stamp,
            );
            await releaseSeats(trx, { teamId: team.id, members: 0, reserved: expired });
            if (!(await reserveSeat(trx, team.id))) throw new AppError('TEAM_FULL', 'The team is full');
            const invitationId = await insertInvitation(trx, {
              teamId: team.id,
              inviterId: access.userId,
              inviteeId: invitee,
              now: stamp,
              expiresAt: new Date(Date.parse(stamp) + INVITATION_TTL_DAYS * 86_400_000).toISOString(),
            });
            await deps.events.emit(trx, 'invitationReceived', {
              teamId: team.id,
              teamName: team.name,
              inviteeId: invitee,
              invitationId,
              at: stamp,
            });
            return invitationId;
          });
          created.push(id);
        } catch (error) {
          // Invited by someone else at the same moment: one pending invitation is enough.
          if (!isUniqueViolation(error)) throw error;
        }
      }
      const rows = await findInvitations(db, { teamId: team.id });
      return { invitations: rows.filter((row) => created.includes(row.id)).map(toInvitation) };
    },

    /** Invitations the person can still answer: one into a round where they already joined a team is stale. */
    async invitedCount(userId: number) {
      return (await findInvitations(db, { inviteeId: userId, pendingAfter: now(), stillOpenToInvitee: true }))
        .length;
    },

    async invitedTeams(userId: number) {
      return {
        invitations: (
          await findInvitations(db, { inviteeId: userId, pendingAfter: now(), stillOpenToInvitee: true })
        ).map(toInvitation),
      };
    },

    async teamInvitations(access: TeamAccess) {
      const rows = await findInvitations(db, { teamId: access.teamId });
      const stamp = now();
      // A pending invitation past its week reads as expired even before a join sweeps it.
      return {
        invitations: rows.map((row) =>
          toInvitation(
            row.status === 'PENDING' && row.expires_at <= stamp ? { ...row, status: 'EXPIRED' } : row,
          ),
        ),
      };
    },

    /** Accept (joining with the children picked; the checks of spec §4 apply) or decline. */
    async answer(
      userId: number,
      input: { invitationId: number; status: 'ACCEPTED' | 'DECLINED'; childUserIds: number[] },
    ) {
      const [invitation] = await findInvitations(db, {
        invitationId: input.invitationId,
        inviteeId: userId,
        pendingAfter: now(),
      });
      if (!invitation) throw new AppError('NOT_FOUND', 'No open invitation of yours');
      if (input.status === 'DECLINED') {
        await db.transaction().execute(async (trx) => {
          const stamp = now();
          await lockTeam(trx, invitation.team_id, stamp);
          const closed = await closeInvitations(
            trx,
            { teamId: invitation.team_id, invitationId: invitation.id },
            'DECLINED',
            stamp,
          );
          await releaseSeats(trx, { teamId: invitation.team_id, members: 0, reserved: closed });
        });
        return { status: 'DECLINED' as const, place: null };
      }
      const childIds = await deps.joining.ownChildren(userId, input.childUserIds);
      const place = await deps.joining.join({
        teamId: invitation.team_id,
        parentId: userId,
        childIds,
        invitationId: invitation.id,
        ...(invitation.inviter_user_id === null ? {} : { invitedBy: invitation.inviter_user_id }),
      });
      return { status: 'ACCEPTED' as const, place };
    },
  };
}
export type TeamInvitationsService = ReturnType<typeof createTeamInvitationsService>;
