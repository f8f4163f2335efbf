import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { idSchema, teamPublicIdSchema } from '../ids.ts';
import {
  familyGroupSchema,
  invitationSchema,
  teamDescriptionSchema,
  teamEmojiSchema,
  teamIdRequestSchema,
  teamNameSchema,
  teamSummarySchema,
} from './team.ts';

const managementResponse = z.object({
  team: teamSummarySchema,
  families: z.array(familyGroupSchema),
  invitations: z.array(invitationSchema),
  /** Challenge teams can be deleted until their round starts; always teams any time. */
  canDelete: z.boolean(),
  /** A team whose round ended is read-only history. */
  readOnly: z.boolean(),
});

const managementUpdateRequest = z.object({
  teamId: teamPublicIdSchema,
  name: teamNameSchema.optional(),
  description: teamDescriptionSchema.optional(),
  emoji: teamEmojiSchema.optional(),
  /** Open or close recruiting (always teams: `isCompleted` is its opposite). */
  recruitingOpen: z.boolean().optional(),
  allowMemberInvite: z.boolean().optional(),
  /** Hand the manager role to this member (a parent of the team). */
  newManagerTeamMbrId: idSchema.optional(),
});

export const challengeTeamManagementEndpoint = defineEndpoint({
  path: 'team/challenge-team-management',
  auth: 'user',
  team: 'manager',
  summary: '챌린지 팀 관리 화면',
  request: teamIdRequestSchema,
  response: managementResponse,
});
export const updateChallengeTeamManagementEndpoint = defineEndpoint({
  path: 'team/update-challenge-team-management',
  auth: 'user',
  team: 'manager',
  summary: '챌린지 팀 수정 (이름, 소개, 모집, 팀장 넘기기)',
  request: managementUpdateRequest,
  response: teamSummarySchema,
});
export const alwaysTeamManagementEndpoint = defineEndpoint({
  path: 'team/always-team-management',
  auth: 'user',
  team: 'manager',
  summary: '상시 팀 관리 화면',
  request: teamIdRequestSchema,
  response: managementResponse,
});
export const updateAlwaysTeamManagementEndpoint = defineEndpoint({
  path: 'team/update-always-team-management',
  auth: 'user',
  team: 'manager',
  summary: '상시 팀 수정 (이름, 소개, 모집 마감, 팀장 넘기기)',
  request: managementUpdateRequest,
  response: teamSummarySchema,
});

/**
 * Remove a member with their family's children (manager), or leave (a member naming themself:
 * TEAM_LEAVE). The manager leaves only after handing the role over.
 */
const removeMemberRequest = z.object({ teamId: teamPublicIdSchema, teamMbrId: idSchema });
const removeMemberResponse = z.object({ removed: z.number().int(), left: z.boolean() });
export const deleteChallengeTeamMemberEndpoint = defineEndpoint({
  path: 'team/delete-challenge-team-member',
  auth: 'user',
  team: 'member',
  summary: '챌린지 팀원 내보내기 또는 나가기 (자녀와 함께)',
  request: removeMemberRequest,
  response: removeMemberResponse,
});
export const deleteAlwaysTeamMemberEndpoint = defineEndpoint({
  path: 'team/delete-always-team-member',
  auth: 'user',
  team: 'member',
  summary: '상시 팀원 내보내기 또는 나가기 (자녀와 함께)',
  request: removeMemberRequest,
  response: removeMemberResponse,
});

export const deleteChallengeTeamEndpoint = defineEndpoint({
  path: 'team/delete-challenge-team',
  auth: 'user',
  team: 'manager',
  summary: '챌린지 팀 삭제 (기수 시작 전까지)',
  request: teamIdRequestSchema,
  response: z.object({ deleted: z.literal(true) }),
});
export const deleteAlwaysTeamEndpoint = defineEndpoint({
  path: 'team/delete-always-team',
  auth: 'user',
  team: 'manager',
  summary: '상시 팀 삭제',
  request: teamIdRequestSchema,
  response: z.object({ deleted: z.literal(true) }),
});

/** Star a team so it comes first in the caller's list. */
export const favoritesTeamEndpoint = defineEndpoint({
  path: 'team/favorites-team',
  auth: 'user',
  team: 'member',
  summary: '팀 즐겨찾기',
  request: z.object({ teamId: teamPublicIdSchema, favorite: z.boolean() }),
  response: z.object({ teamId: z.string(), favorite: z.boolean() }),
});

/** Stores whether the reward notice of this membership is still to be shown (spec §4). */
export const updateMemberEndpoint = defineEndpoint({
  path: 'team/update-member',
  auth: 'user',
  team: 'member',
  summary: '보상 안내 표시 여부 저장',
  request: z.object({
    teamId: teamPublicIdSchema,
    teamMbrId: idSchema,
    rewardNoticeDisplayYn: z.enum(['Y', 'N']),
  }),
  response: z.object({ teamMbrId: z.string(), rewardNoticeDisplayYn: z.enum(['Y', 'N']) }),
});
