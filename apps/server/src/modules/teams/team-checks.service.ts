import { AppError } from '../../lib/app-error.ts';
import { clockTools, type TeamsDeps } from './context.ts';
import { toMissions, toRound } from './rounds.service.ts';
import { signupOpen, slotKeyOf, toSummary } from './team-view.ts';
import {
  findChildrenOf,
  findMembers,
  findMembership,
  findSlotMembership,
  findMissionsOfRounds,
  findRounds,
  findSlotsOfUser,
  findTeam,
  findTeamByPublicId,
  findTeamPublicIds,
  findTeamsOfRounds,
  findTeamsOfUser,
  findUser,
} from './teams.repository.ts';

/**
 * The calls the invite flow and the join screens make before joining (spec §4). They answer about
 * the caller or their own child only; another person's id is 404.
 */
export function createTeamChecksService(deps: TeamsDeps) {
  const { db } = deps;
  const { today } = clockTools(deps.clock);

  /** The caller, or a child of theirs; anyone else is not found. */
  async function selfOrChild(callerId: number, userId: number | undefined): Promise<number> {
    if (userId === undefined || userId === callerId) return callerId;
    const user = await findUser(db, userId);
    if (!user || user.parent_user_id !== callerId) throw new AppError('NOT_FOUND', 'No such person of yours');
    return user.id;
  }

  /** The team a call names by its public id (decision 022); anything else is not found. */
  async function teamOrThrow(teamPublicId: string) {
    const team = await findTeamByPublicId(db, teamPublicId);
    if (!team) throw new AppError('NOT_FOUND', 'No such team');
    return team;
  }

  /** The members, for a member of the team (a non-member reads the invite preview instead). */
  async function membersOf(teamId: number) {
    return (await findMembers(db, teamId)).map((member) => ({
      alias: member.alias,
      userType: member.user_type,
      familyId: String(member.family_user_id),
      role: member.role,
    }));
  }

  return {
    async checkIsTeam(callerId: number, input: { userId: number; subChallengeId?: number | undefined }) {
      const userId = await selfOrChild(callerId, input.userId);
      const slots = await findSlotsOfUser(db, userId);
      const always = slots.find((row) => row.slot_key === 'always');
      let challenge = slots.find((row) =>
        input.subChallengeId !== undefined
          ? row.slot_key === slotKeyOf('challenge', input.subChallengeId)
          : row.slot_key.startsWith('challenge:'),
      );
      if (input.subChallengeId === undefined && challenge) {
        // Without a round: a challenge team of a round that has not ended.
        const active = (await findTeamsOfUser(db, userId)).filter(
          (team) =>
            team.challenge_type === 'challenge' && (team.end_date === null || team.end_date >= today()),
        );
        challenge = active[0]
          ? { team_id: active[0].id, slot_key: '', sub_challenge_id: active[0].sub_challenge_id }
          : undefined;
      }
      const publicIds = await findTeamPublicIds(
        db,
        [always?.team_id, challenge?.team_id].filter((id): id is number => id !== undefined),
      );
      return {
        alwaysTeamId: always ? (publicIds.get(always.team_id) ?? null) : null,
        challengeTeamId: challenge ? (publicIds.get(challenge.team_id) ?? null) : null,
      };
    },

    async checkTeamMember(callerId: number, input: { teamId: string; userId: number }) {
      const userId = await selfOrChild(callerId, input.userId);
      const team = await teamOrThrow(input.teamId);
      return (await findMembership(db, team.id, userId)) ? 1 : 0;
    },

    async memberCount(teamId: string) {
      return (await teamOrThrow(teamId)).member_count;
    },

    /** The team an invite link names; the link's round must match, or the team is not found. */
    async inviteTeamInfo(input: { teamId: string; subChallengeId: number }) {
      const team = await teamOrThrow(input.teamId);
      if (team.sub_challenge_id !== input.subChallengeId) throw new AppError('NOT_FOUND', 'No such team');
      const summary = toSummary(team, today());
      return {
        teamId: summary.teamId,
        subChallengeId: summary.subChallengeId,
        challengeId: summary.challengeId,
        challengeType: summary.challengeType,
        name: summary.name,
        emoji: summary.emoji,
        maxUser: summary.maxUser,
        memberCount: summary.memberCount,
        reservedSeats: summary.reservedSeats,
        isPending: summary.isPending,
        isCompleted: summary.isCompleted,
        recruitingOpen: team.recruiting_open === 1,
      };
    },

    /** For a member only (the endpoint's team access); a non-member reads the invite preview. */
    async teamInfo(access: { teamId: number }) {
      const team = await findTeam(db, access.teamId);
      if (!team) throw new AppError('NOT_FOUND', 'No such team');
      const isMember = true;
      const [round] = await findRounds(db, { subChallengeId: team.sub_challenge_id });
      return {
        team: toSummary(team, today()),
        round: toRound(round!, today()),
        missions: toMissions(await findMissionsOfRounds(db, [team.sub_challenge_id]), team.sub_challenge_id),
        members: await membersOf(team.id),
        isMember,
      };
    },

    /** The person's teams with their signup state, or the named team's state for the invite checks. */
    async joinedTeams(callerId: number, input: { userId?: number | undefined; teamId?: string | undefined }) {
      const userId = await selfOrChild(callerId, input.userId);
      const day = today();
      if (input.teamId !== undefined) {
        const team = await teamOrThrow(input.teamId);
        const membership = await findMembership(db, team.id, userId);
        const summary = toSummary(team, day);
        return [
          {
            teamId: summary.teamId,
            teamMbrId: membership ? String(membership.id) : null,
            subChallengeId: summary.subChallengeId,
            challengeType: summary.challengeType,
            isCompleted: summary.isCompleted,
            isPending: summary.isPending,
          },
        ];
      }
      return (await findTeamsOfUser(db, userId)).map((team) => {
        const summary = toSummary(team, day);
        return {
          teamId: summary.teamId,
          teamMbrId: String(team.team_mbr_id),
          subChallengeId: summary.subChallengeId,
          challengeType: summary.challengeType,
          isCompleted: summary.isCompleted,
          isPending: summary.isPending,
        };
      });
    },

    /** Recruiting teams with free seats in rounds where the person has no team yet. */
    async availableInOther(userId: number, exceptSubChallengeId?: number) {
      const day = today();
      const rounds = await findRounds(db);
      const slots = new Set((await findSlotsOfUser(db, userId)).map((row) => row.slot_key));
      const teams = (
        await findTeamsOfRounds(
          db,
          rounds.map((round) => round.id),
        )
      ).filter(
        (team) =>
          team.sub_challenge_id !== exceptSubChallengeId &&
          signupOpen(team, day) &&
          team.member_count + team.reserved_seats < team.max_user &&
          !slots.has(slotKeyOf(team.challenge_type, team.sub_challenge_id)),
      );
      return { teams: teams.slice(0, 50).map((team) => toSummary(team, day)) };
    },

    /** The caller's children and whether each can still join this team or a new team of this round. */
    async checkChildren(
      parentId: number,
      input: { teamId?: string | undefined; subChallengeId?: number | undefined },
    ) {
      let slot: string;
      let teamId = 0;
      if (input.teamId !== undefined) {
        const team = await findTeamByPublicId(db, input.teamId);
        if (!team) throw new AppError('NOT_FOUND', 'No such team');
        slot = slotKeyOf(team.challenge_type, team.sub_challenge_id);
        teamId = team.id;
      } else {
        // The contract asks for one of the two.
        const [round] =
          input.subChallengeId === undefined
            ? []
            : await findRounds(db, { subChallengeId: input.subChallengeId });
        if (!round) throw new AppError('NOT_FOUND', 'No such round');
        slot = slotKeyOf(round.challenge_type, round.id);
      }
      const children = await findChildrenOf(db, parentId);
      const result = [];
      for (const child of children) {
        const row = await findSlotMembership(db, child.id, slot);
        const reason = !row
          ? null
          : row.team_id === teamId
            ? ('ALREADY_MEMBER' as const)
            : ('IN_OTHER_TEAM' as const);
        result.push({ userId: String(child.id), alias: child.alias, canJoin: reason === null, reason });
      }
      return { children: result };
    },
  };
}
export type TeamChecksService = ReturnType<typeof createTeamChecksService>;
