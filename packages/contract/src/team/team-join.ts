import { z } from 'zod';
import { roundMissionSchema, roundSchema, teamRoleSchema } from '../challenge/round.ts';
import { isoDaySchema } from '../dates.ts';
import { defineEndpoint } from '../endpoint.ts';
import { idSchema, teamPublicIdSchema } from '../ids.ts';
import { challengeTypeSchema } from '../mission/mission.ts';
import {
  childUserIdsSchema,
  teamDescriptionSchema,
  teamEmojiSchema,
  teamIdRequestSchema,
  teamNameSchema,
  teamPlaceSchema,
  teamSummarySchema,
} from './team.ts';

/** A pin-user parent makes a team for a round, becomes its manager and brings the children they pick. */
export const createTeamEndpoint = defineEndpoint({
  path: 'team/create-team',
  auth: 'pin',
  summary: '팀 만들기 (팀장이 되고, 고른 자녀와 함께 참여)',
  request: z.object({
    subChallengeId: idSchema,
    name: teamNameSchema,
    description: teamDescriptionSchema.default(''),
    emoji: teamEmojiSchema,
    childUserIds: childUserIdsSchema,
  }),
  response: teamPlaceSchema,
});

/** Whether a team name is taken in a round (names are unique per round, ignoring case and spaces). */
export const teamExistsEndpoint = defineEndpoint({
  path: 'team/exists',
  auth: 'user',
  summary: '같은 기수에 같은 이름의 팀이 있는지',
  request: z.object({ subChallengeId: idSchema, name: teamNameSchema }),
  response: z.object({ exists: z.boolean() }),
});

/** The invite link's params (spec §3): `/team/{teamId}/{subChallengeId}/{challengeType}`. */
export const inviteLinkRequestSchema = z.object({
  teamId: teamPublicIdSchema,
  subChallengeId: idSchema,
  /** Compared case-insensitively with 'always' (spec §5). */
  challengeType: z.string().min(1).max(20),
});

/**
 * Join a team through its invite link, after agreeing to its terms (InviteTeam). The server runs
 * the five checks of spec §4 again inside one transaction; a full team answers TEAM_FULL.
 */
export const createTeamMemberEndpoint = defineEndpoint({
  path: 'team/create-team-member',
  auth: 'user',
  summary: '팀 초대 링크로 팀 가입 (약관 동의 후, 자녀와 함께)',
  request: inviteLinkRequestSchema.extend({
    childUserIds: childUserIdsSchema,
    agreed: z.literal(true),
  }),
  response: teamPlaceSchema,
});

/** The team an invite link names, for the checks of spec §4 (capacity: maxUser). */
export const inviteTeamInfoEndpoint = defineEndpoint({
  path: 'team/invite-team-info',
  auth: 'user',
  summary: '팀 초대 링크의 팀 정보 (정원 maxUser 포함)',
  request: z.object({ teamId: teamPublicIdSchema, subChallengeId: idSchema }),
  response: z.object({
    teamId: z.string(),
    subChallengeId: z.string(),
    challengeId: z.string(),
    challengeType: challengeTypeSchema,
    name: z.string(),
    emoji: z.string(),
    maxUser: z.number().int(),
    memberCount: z.number().int(),
    reservedSeats: z.number().int(),
    isPending: z.boolean(),
    isCompleted: z.boolean(),
    /** The manager's recruiting switch: false when the manager closed recruiting (any team type). */
    recruitingOpen: z.boolean(),
  }),
});

/**
 * What anyone holding a team's invite link may read, signed in or not (decision 022): exactly what
 * the accept screen and the link's preview show. Never members, children or internal ids.
 */
export const invitePreviewSchema = z.object({
  /** The team's public id, as the link carries it. */
  teamId: z.string(),
  name: z.string(),
  emoji: z.string(),
  challengeType: challengeTypeSchema,
  challengeTitle: z.string(),
  /** The round's ordinal (1기, 2기 …) and its title. */
  round: z.number().int(),
  roundTitle: z.string(),
  startDate: isoDaySchema,
  endDate: isoDaySchema.nullable(),
  managerAlias: z.string(),
  /** Free seats: capacity less members and seats held by pending direct invitations. */
  seatsLeft: z.number().int(),
});
export type InvitePreview = z.infer<typeof invitePreviewSchema>;

/** An invite link's preview, for the logged-out login page and the accept screen; rate-limited per address. */
export const invitePreviewEndpoint = defineEndpoint({
  path: 'team/invite-preview',
  auth: 'public',
  summary: '팀 초대 링크 미리보기 (로그인 전에도: 팀 이름, 기수, 팀장, 남은 자리 수)',
  request: z.object({ teamId: teamPublicIdSchema }),
  response: invitePreviewSchema,
});

/** The team, its members and its round, for a member (a non-member reads the invite preview). */
export const teamInfoByTeamIdEndpoint = defineEndpoint({
  path: 'team/team-info-by-teamId',
  auth: 'user',
  team: 'member',
  summary: '팀 정보와 팀원 (팀원만)',
  request: z.object({ teamId: teamPublicIdSchema, subChallengeId: idSchema.optional() }),
  response: z.object({
    team: teamSummarySchema,
    round: roundSchema,
    missions: z.array(roundMissionSchema),
    members: z.array(
      z.object({
        alias: z.string(),
        userType: z.enum(['PARENT', 'CHILD']),
        familyId: z.string(),
        role: teamRoleSchema,
      }),
    ),
    isMember: z.boolean(),
  }),
});

/** Joined teams (spec §3: isCompleted, isPending) of the caller or their child, or the named team's state. */
export const joinedTeamsEndpoint = defineEndpoint({
  path: 'team/joined-teams',
  auth: 'user',
  summary: '가입한 팀 (또는 그 팀의 모집 상태)',
  request: z.object({ userId: idSchema.optional(), teamId: teamPublicIdSchema.optional() }),
  response: z.array(
    z.object({
      teamId: z.string(),
      /** null when the person is not a member (the named team's state only). */
      teamMbrId: z.string().nullable(),
      subChallengeId: z.string(),
      challengeType: challengeTypeSchema,
      isCompleted: z.boolean(),
      isPending: z.boolean(),
    }),
  ),
});

/** Which teams the caller (or their child) is in: one always team, and a challenge team per round. */
export const checkIsTeamEndpoint = defineEndpoint({
  path: 'team/check-is-team',
  auth: 'user',
  summary: '상시 팀·챌린지 팀 참여 여부',
  request: z.object({ userId: idSchema, subChallengeId: idSchema.optional() }),
  response: z.object({
    alwaysTeamId: z.string().nullable(),
    /** The challenge team in the named round, or in any recruiting or running round. */
    challengeTeamId: z.string().nullable(),
  }),
});

export const teamMemberCountEndpoint = defineEndpoint({
  path: 'team/team-member-count',
  auth: 'user',
  summary: '팀원 수',
  request: teamIdRequestSchema,
  response: z.number().int(),
});

/** How many times the caller (or their child) is in the team: 0 or 1. */
export const checkTeamMemberEndpoint = defineEndpoint({
  path: 'team/check-team-member',
  auth: 'user',
  summary: '이미 팀원인지 (수)',
  request: z.object({ teamId: teamPublicIdSchema, userId: idSchema }),
  response: z.number().int(),
});

/** The caller's children, and whether each can still join this team (or a new team of this round). */
export const checkChildrenEndpoint = defineEndpoint({
  path: 'team/check-children',
  auth: 'user',
  summary: '함께 참여할 수 있는 자녀',
  request: z
    .object({ teamId: teamPublicIdSchema.optional(), subChallengeId: idSchema.optional() })
    .refine((body) => body.teamId !== undefined || body.subChallengeId !== undefined, {
      message: 'teamId or subChallengeId is required',
      path: ['teamId'],
    }),
  response: z.object({
    children: z.array(
      z.object({
        userId: z.string(),
        alias: z.string(),
        canJoin: z.boolean(),
        reason: z.enum(['ALREADY_MEMBER', 'IN_OTHER_TEAM']).nullable(),
      }),
    ),
  }),
});

/** Recruiting teams with free seats in rounds the caller has no team in. */
export const availableTeamsInOtherEndpoint = defineEndpoint({
  path: 'team/available-teams-in-other',
  auth: 'user',
  summary: '다른 기수에서 아직 참여할 수 있는 팀',
  request: z.object({ subChallengeId: idSchema.optional() }),
  response: z.object({ teams: z.array(teamSummarySchema) }),
});
