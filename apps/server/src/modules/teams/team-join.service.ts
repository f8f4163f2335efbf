import { isAlwaysType } from '@hamkke/contract/team/team';
import type { TeamPlace } from '@hamkke/contract/team/team';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { clockTools, type TeamsDeps } from './context.ts';
import type { RoundsService } from './rounds.service.ts';
import { signupOpen, slotKeyOf } from './team-view.ts';
import {
  closeInvitations,
  insertMembers,
  insertTeam,
  lockTeam,
  releaseSeats,
  takeSeats,
  teamNameTaken,
} from './team-writes.repository.ts';
import {
  findChildrenOf,
  findRounds,
  findSlotMembership,
  findSlotsOfUser,
  findTeam,
  findTeamByPublicId,
  findUser,
  type TeamRow,
} from './teams.repository.ts';

type Trx = Kysely<Database>;

/** 팀 이름은 기수 안에서 대소문자와 띄어쓰기를 빼고 같으면 같은 이름이에요. */
export function nameKeyOf(name: string): string {
  return name.toLowerCase().replace(/\s+/g, '');
}

function alreadyInOtherTeam(team: Pick<TeamRow, 'challenge_type'>): AppError {
  return team.challenge_type === 'always'
    ? new AppError('ALREADY_IN_ALWAYS_TEAM', 'Already in an always team')
    : new AppError('ALREADY_IN_CHALLENGE_TEAM', "Already in a team of this challenge's round");
}

/** Making a team, joining one (by link or accepted invitation), and the checks of spec §4. */
export function createTeamJoinService(deps: TeamsDeps & { rounds: RoundsService }) {
  const { db, content, activity } = deps;
  const { today, now } = clockTools(deps.clock);

  /** The caller's own active children among `childUserIds`; anyone else's id is refused. */
  async function ownChildren(parentId: number, childUserIds: readonly number[]): Promise<number[]> {
    if (childUserIds.length === 0) return [];
    const mine = new Set((await findChildrenOf(db, parentId)).map((child) => child.id));
    const fields = childUserIds
      .map((id, index) => ({ id, index }))
      .filter(({ id }) => !mine.has(id))
      .map(({ index }) => ({
        path: `childUserIds.${index}`,
        code: 'NOT_YOURS' as const,
        message: 'is not your child',
      }));
    if (fields.length > 0)
      throw new AppError('VALIDATION_FAILED', 'Only your own children can join with you', fields);
    return [...new Set(childUserIds)];
  }

  /** A parent, not a child, joins or makes teams (children come with a parent). */
  async function parentOrThrow(userId: number) {
    const user = await findUser(db, userId);
    if (!user || user.user_type !== 'PARENT') {
      throw new AppError('FORBIDDEN', 'A child joins a team with a parent');
    }
    return user;
  }

  /**
   * The server's own run of the checks of spec §4, in their order, inside the joining transaction:
   * another always team; another team of this challenge round; the signup period; capacity (by the
   * conditional seat update); already a member.
   */
  async function joinInTransaction(
    trx: Trx,
    input: {
      teamId: number;
      parentId: number;
      childIds: number[];
      invitationId?: number;
      invitedBy?: number;
    },
  ): Promise<TeamPlace> {
    const stamp = now();
    if (!(await lockTeam(trx, input.teamId, stamp))) throw new AppError('NOT_FOUND', 'No such team');
    const team = (await findTeam(trx, input.teamId))!;
    const people = [input.parentId, ...input.childIds];
    const slot = slotKeyOf(team.challenge_type, team.sub_challenge_id);
    const current = await Promise.all(people.map((userId) => findSlotMembership(trx, userId, slot)));
    if (current.some((row) => row && row.team_id !== team.id)) throw alreadyInOtherTeam(team);
    if (!signupOpen(team, today()))
      throw new AppError('TEAM_SIGNUP_CLOSED', 'This team does not take members now');

    // Seats of invitations that ran out go back first.
    const expired = await closeInvitations(trx, { teamId: team.id, expiredBy: stamp }, 'EXPIRED', stamp);
    await releaseSeats(trx, { teamId: team.id, members: 0, reserved: expired });
    // Joining answers the parent's own pending invitation to this team, and frees the seat it held.
    const accepted = await closeInvitations(
      trx,
      {
        teamId: team.id,
        inviteeIds: [input.parentId],
        ...(input.invitationId ? { invitationId: input.invitationId } : {}),
      },
      'ACCEPTED',
      stamp,
    );
    if (input.invitationId !== undefined && accepted === 0) {
      throw new AppError('NOT_FOUND', 'The invitation is no longer open');
    }
    const joining = people.filter((_, index) => !current[index]);
    if (!(await takeSeats(trx, { teamId: team.id, count: joining.length, releaseReserved: accepted }))) {
      throw new AppError('TEAM_FULL', 'The team is full');
    }
    if (current[0]) throw new AppError('ALREADY_TEAM_MEMBER', 'Already a member of this team');
    const [memberId] = await insertMembers(
      trx,
      joining.map((userId) => ({
        teamId: team.id,
        userId,
        familyId: input.parentId,
        role: 'MEMBER' as const,
        subChallengeId: team.sub_challenge_id,
        slotKey: slot,
        now: stamp,
        startDate: team.start_date,
      })),
    );
    // A link is the team's: its manager brought them; an invitation: its inviter.
    await deps.events.emit(trx, 'teamJoined', {
      teamId: team.id,
      userIds: joining,
      invitedBy: input.invitedBy ?? team.manager_user_id,
      at: stamp,
    });
    return {
      teamId: team.public_id,
      teamMbrId: String(memberId),
      challengeType: team.challenge_type,
      challengeId: String(team.challenge_id),
      subChallengeId: String(team.sub_challenge_id),
    };
  }

  /** Runs a join; a unique-key race (the same person twice at once) becomes the rule's own answer. */
  async function join(input: {
    teamId: number;
    parentId: number;
    childIds: number[];
    invitationId?: number;
    invitedBy?: number;
  }) {
    try {
      const place = await db.transaction().execute((trx) => joinInTransaction(trx, input));
      await activity.record({
        eventType: 'TEAM_JOIN_SUCCESS',
        userId: String(input.parentId),
        // The activity log is the console's (decision 022): it names teams by their key.
        title: String(input.teamId),
      });
      return place;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const team = await findTeam(db, input.teamId);
      const row =
        team &&
        (await findSlotMembership(db, input.parentId, slotKeyOf(team.challenge_type, team.sub_challenge_id)));
      if (row && row.team_id === input.teamId)
        throw new AppError('ALREADY_TEAM_MEMBER', 'Already a member of this team');
      throw alreadyInOtherTeam(team ?? { challenge_type: 'challenge' });
    }
  }

  return {
    ownChildren,
    join,

    /** 팀은 인증된 보호자(핀 회원)만 만들 수 있고, 만든 사람이 팀장이 돼요. */
    async create(
      userId: number,
      input: {
        subChallengeId: number;
        name: string;
        description: string;
        emoji: string;
        childUserIds: number[];
      },
    ): Promise<TeamPlace> {
      await parentOrThrow(userId);
      const [round] = await findRounds(db, { subChallengeId: input.subChallengeId });
      if (!round) throw new AppError('NOT_FOUND', 'No such round');
      const block = await deps.rounds.createTeamBlock(userId, round, today());
      if (block === 'NOT_RECRUITING')
        throw new AppError('TEAM_SIGNUP_CLOSED', 'The round does not take new teams now');
      if (block === 'ALREADY_IN_TEAM') throw alreadyInOtherTeam(round);
      if (block !== null) throw new AppError('FORBIDDEN', 'Only a verified parent makes a team');
      await content.assertNoForbiddenWords({ name: input.name, description: input.description });
      const childIds = await ownChildren(userId, input.childUserIds);
      const nameKey = nameKeyOf(input.name);
      const slot = slotKeyOf(round.challenge_type, round.id);
      try {
        const place = await db.transaction().execute(async (trx) => {
          if (await teamNameTaken(trx, round.id, nameKey))
            throw new AppError('TEAM_NAME_TAKEN', 'The name is taken');
          for (const childId of childIds) {
            if (await findSlotMembership(trx, childId, slot)) throw alreadyInOtherTeam(round);
          }
          const stamp = now();
          const { id: teamId, publicId } = await insertTeam(trx, {
            subChallengeId: round.id,
            name: input.name,
            nameKey,
            description: input.description,
            emoji: input.emoji,
            managerId: userId,
            now: stamp,
          });
          const people = [userId, ...childIds];
          if (!(await takeSeats(trx, { teamId, count: people.length, releaseReserved: 0 }))) {
            throw new AppError('TEAM_FULL', 'More people than the team can hold');
          }
          const [memberId] = await insertMembers(
            trx,
            people.map((person) => ({
              teamId,
              userId: person,
              familyId: userId,
              role: person === userId ? ('MANAGER' as const) : ('MEMBER' as const),
              subChallengeId: round.id,
              slotKey: slot,
              now: stamp,
              startDate: round.start_date,
            })),
          );
          await deps.events.emit(trx, 'teamJoined', { teamId, userIds: people, invitedBy: null, at: stamp });
          return {
            teamId: publicId,
            teamMbrId: String(memberId),
            challengeType: round.challenge_type,
            challengeId: String(round.challenge_id),
            subChallengeId: String(round.id),
          };
        });
        return place;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        // Two creations at once: one wins the name or the slot, the other is told which.
        if (await teamNameTaken(db, round.id, nameKey)) {
          const mine = (await findSlotsOfUser(db, userId)).some((row) => row.slot_key === slot);
          if (!mine) throw new AppError('TEAM_NAME_TAKEN', 'The name is taken');
        }
        throw alreadyInOtherTeam(round);
      }
    },

    async nameTaken(subChallengeId: number, name: string) {
      return { exists: await teamNameTaken(db, subChallengeId, nameKeyOf(name)) };
    },

    /** Join through the invite link, after agreeing to the team's terms (InviteTeam). */
    async joinByLink(
      userId: number,
      input: { teamId: string; subChallengeId: number; challengeType: string; childUserIds: number[] },
    ) {
      await parentOrThrow(userId);
      const team = await findTeamByPublicId(db, input.teamId);
      if (!team || team.sub_challenge_id !== input.subChallengeId)
        throw new AppError('NOT_FOUND', 'No such team');
      if (isAlwaysType(input.challengeType) !== (team.challenge_type === 'always')) {
        throw new AppError('NOT_FOUND', 'The link does not name this team');
      }
      const childIds = await ownChildren(userId, input.childUserIds);
      return join({ teamId: team.id, parentId: userId, childIds });
    },
  };
}
export type TeamJoinService = ReturnType<typeof createTeamJoinService>;
