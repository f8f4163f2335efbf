import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { idSchema, teamPublicIdSchema } from '../ids.ts';
import {
  MAX_INVITES_PER_CALL,
  childUserIdsSchema,
  invitationSchema,
  teamIdRequestSchema,
  teamPlaceSchema,
} from './team.ts';

/** Why a person cannot be invited to the team now (null: they can). */
export const inviteBlockSchema = z.enum(['ALREADY_MEMBER', 'INVITED', 'IN_OTHER_TEAM']).nullable();

/**
 * People the caller was in a team with in the previous round (the team's challenge round before
 * this one; for an always team, the caller's latest challenge team), to invite again in one step.
 */
export const previousTeamEndpoint = defineEndpoint({
  path: 'team/previous-team',
  auth: 'user',
  team: 'member',
  summary: '이전 기수 팀원 (다시 초대하기)',
  request: teamIdRequestSchema,
  response: z.object({
    previousTeam: z.object({ teamId: z.string(), name: z.string(), roundTitle: z.string() }).nullable(),
    people: z.array(
      z.object({
        userId: z.string(),
        alias: z.string(),
        childCount: z.number().int(),
        inviteBlock: inviteBlockSchema,
      }),
    ),
  }),
});

/**
 * Direct invitations by the manager (or a member, when the manager allows it) to parents the caller
 * has been in a team with. Each pending invitation holds a seat for 7 days or until answered.
 */
export const inviteEndpoint = defineEndpoint({
  path: 'team/invite',
  auth: 'user',
  team: 'member',
  summary: '이전 팀원을 팀에 바로 초대 (자리 7일 확보)',
  request: z.object({
    teamId: teamPublicIdSchema,
    userIds: z.array(idSchema).min(1).max(MAX_INVITES_PER_CALL),
  }),
  response: z.object({ invitations: z.array(invitationSchema) }),
});

/** Pending invitations to the caller. */
export const invitedCountEndpoint = defineEndpoint({
  path: 'team/invited-count',
  auth: 'user',
  summary: '나에게 온 팀 초대 수',
  request: z.object({}),
  response: z.number().int(),
});

export const invitedTeamsEndpoint = defineEndpoint({
  path: 'team/invited-teams',
  auth: 'user',
  summary: '나에게 온 팀 초대',
  request: z.object({}),
  response: z.object({ invitations: z.array(invitationSchema) }),
});

/** Accept (joining with the children picked, the checks of spec §4 applied) or decline an invitation. */
export const updateInvitationStatusEndpoint = defineEndpoint({
  path: 'team/update-status',
  auth: 'user',
  summary: '팀 초대 수락 또는 거절',
  request: z.object({
    invitationId: idSchema,
    status: z.enum(['ACCEPTED', 'DECLINED']),
    childUserIds: childUserIdsSchema,
  }),
  response: z.object({ status: z.enum(['ACCEPTED', 'DECLINED']), place: teamPlaceSchema.nullable() }),
});

/** The team's direct invitations and their state (`/team/invited/{teamId}`). */
export const inviteTeamsEndpoint = defineEndpoint({
  path: 'team/invite-teams',
  auth: 'user',
  team: 'member',
  summary: '팀이 보낸 초대와 상태',
  request: teamIdRequestSchema,
  response: z.object({ invitations: z.array(invitationSchema) }),
});
