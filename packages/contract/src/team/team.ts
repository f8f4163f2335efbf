import { z } from 'zod';
import { roundStateSchema, teamRoleSchema } from '../challenge/round.ts';
import { idSchema, teamPublicIdSchema } from '../ids.ts';
import { challengeTypeSchema } from '../mission/mission.ts';
import { medalSchema } from '../reward/rewards.ts';
import { TEAM_DESCRIPTION_MAX, TEAM_EMOJI_MAX, TEAM_NAME_MAX } from './team-limits.ts';

export {
  INVITATION_TTL_DAYS,
  isAlwaysType,
  MAX_INVITES_PER_CALL,
  TEAM_DESCRIPTION_MAX,
  TEAM_EMOJI_MAX,
  TEAM_NAME_MAX,
} from './team-limits.ts';

export const teamNameSchema = z.string().trim().min(1, 'is required').max(TEAM_NAME_MAX, 'is too long');
export const teamDescriptionSchema = z.string().trim().max(TEAM_DESCRIPTION_MAX, 'is too long');
export const teamEmojiSchema = z.string().trim().min(1, 'is required').max(TEAM_EMOJI_MAX, 'is too long');

/** Children a parent brings into a team with them. */
export const childUserIdsSchema = z.array(idSchema).max(10).default([]);

export const teamSummarySchema = z.object({
  teamId: z.string(),
  name: z.string(),
  description: z.string(),
  emoji: z.string(),
  challengeType: challengeTypeSchema,
  challengeId: z.string(),
  challengeTitle: z.string(),
  subChallengeId: z.string(),
  roundTitle: z.string(),
  roundState: roundStateSchema,
  startDate: z.string(),
  endDate: z.string().nullable(),
  memberCount: z.number().int(),
  maxUser: z.number().int(),
  /** Seats held by pending direct invitations. */
  reservedSeats: z.number().int(),
  /** Challenge team: signup open (its round recruits and the manager has not closed it). */
  isPending: z.boolean(),
  /** Always team: the manager closed recruiting. */
  isCompleted: z.boolean(),
  /** Members may share the invite link and invite directly, not only the manager. */
  allowMemberInvite: z.boolean(),
  managerAlias: z.string(),
  createdAt: z.string(),
});
export type TeamSummary = z.infer<typeof teamSummarySchema>;

/** One person in a team. A family is a parent and the children they brought; `familyId` is the parent's id. */
export const teamMemberSchema = z.object({
  teamMbrId: z.string(),
  userId: z.string(),
  alias: z.string(),
  userType: z.enum(['PARENT', 'CHILD']),
  familyId: z.string(),
  role: teamRoleSchema,
  joinedAt: z.string(),
  isMe: z.boolean(),
  /** Today's missions of the round and how many this person certified. */
  todayCertified: z.number().int(),
  todayMissionCount: z.number().int(),
  /** Certifications in this round so far. */
  certifications: z.number().int(),
  /** 1-based place by certifications; equal scores share a place (1, 1, 3). */
  rank: z.number().int(),
  /** Today's change of place: the place at the start of today minus the place now (+2: rose two). */
  rankChange: z.number().int(),
  /** Once the round closed: the medal of a top-three member. */
  medal: medalSchema.nullable(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const familyGroupSchema = z.object({
  familyId: z.string(),
  /** The parent's alias; the web app words it ("하늘맘네 가족"). */
  parentAlias: z.string(),
  members: z.array(teamMemberSchema),
  certifications: z.number().int(),
  /** Certifications per member, for the family ranking. */
  average: z.number(),
  rank: z.number().int(),
  isMine: z.boolean(),
});
export type FamilyGroup = z.infer<typeof familyGroupSchema>;

export const invitationStatusSchema = z.enum(['PENDING', 'ACCEPTED', 'DECLINED', 'EXPIRED', 'CANCELLED']);
export type InvitationStatus = z.infer<typeof invitationStatusSchema>;

export const invitationSchema = z.object({
  invitationId: z.string(),
  teamId: z.string(),
  teamName: z.string(),
  teamEmoji: z.string(),
  challengeType: challengeTypeSchema,
  challengeId: z.string(),
  subChallengeId: z.string(),
  roundTitle: z.string(),
  inviterAlias: z.string(),
  inviteeAlias: z.string(),
  status: invitationStatusSchema,
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** Where a join or creation landed, so the web app can open the team's page. */
export const teamPlaceSchema = z.object({
  teamId: z.string(),
  teamMbrId: z.string(),
  challengeType: challengeTypeSchema,
  challengeId: z.string(),
  subChallengeId: z.string(),
});
export type TeamPlace = z.infer<typeof teamPlaceSchema>;

export const progressSchema = z.object({
  certified: z.number().int(),
  possible: z.number().int(),
});

export const teamIdRequestSchema = z.object({ teamId: teamPublicIdSchema });
