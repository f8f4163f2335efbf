import { z } from 'zod';
import { idSchema } from '../ids.ts';
import { defineAdminEndpoint, pageRequestSchema } from './endpoint.ts';

/** A team as support sees it in the list. */
export const adminTeamSchema = z.object({
  teamId: z.string(),
  name: z.string(),
  emoji: z.string(),
  subChallengeId: z.string(),
  roundTitle: z.string(),
  /** `challenge` rounds end; `always` rounds run on. */
  roundType: z.enum(['challenge', 'always']),
  managerAlias: z.string(),
  memberCount: z.number().int(),
  /** Seats held by pending direct invitations. */
  reservedSeats: z.number().int(),
  maxUser: z.number().int(),
  recruitingOpen: z.boolean(),
  /**
   * What the team is doing today, from its round's Seoul days and its own recruiting:
   * `recruiting` (its round recruits and the team takes people), `closed` (its round recruits but
   * the team closed recruiting), `upcoming` (recruiting over, not started), `running`, `ended`.
   * An always round's team runs while recruiting (open or not) and never ends.
   */
  state: z.enum(['recruiting', 'closed', 'upcoming', 'running', 'ended']),
  certCount: z.number().int(),
  createdAt: z.string(),
});
export type AdminTeam = z.infer<typeof adminTeamSchema>;

export const adminTeamMemberSchema = z.object({
  /** The membership's id: what `teams/remove-member` takes. */
  teamMbrId: z.string(),
  userId: z.string(),
  name: z.string(),
  alias: z.string(),
  userType: z.enum(['PARENT', 'CHILD']),
  role: z.enum(['MANAGER', 'MEMBER']),
  /** The parent a child came with (their own id for a parent). */
  familyUserId: z.string(),
  joinedAt: z.string(),
  certCount: z.number().int(),
});
export type AdminTeamMember = z.infer<typeof adminTeamMemberSchema>;

export const adminTeamListEndpoint = defineAdminEndpoint({
  path: 'teams/list',
  access: ['support'],
  summary: '팀 목록 (기수, 팀 이름으로 찾기, 최신순)',
  request: pageRequestSchema.extend({
    subChallengeId: idSchema.optional(),
    /** Part of the team's name. */
    query: z.string().trim().max(30).optional(),
  }),
  response: z.object({ items: z.array(adminTeamSchema), total: z.number().int().nonnegative() }),
});

export const adminTeamDetailEndpoint = defineAdminEndpoint({
  path: 'teams/detail',
  access: ['support'],
  summary: '팀 상세 (구성원)',
  request: z.object({ teamId: idSchema }),
  response: z.object({
    team: adminTeamSchema.extend({ description: z.string() }),
    members: z.array(adminTeamMemberSchema),
  }),
});

/** Close (or open again) a team's recruiting, e.g. on a complaint. */
export const adminTeamSetRecruitingEndpoint = defineAdminEndpoint({
  path: 'teams/set-recruiting',
  access: ['support'],
  summary: '팀 모집 마감·재개',
  request: z.object({
    teamId: idSchema,
    open: z.boolean(),
    reason: z.string().trim().min(2).max(200),
  }),
  response: adminTeamSchema,
});

/**
 * Take a person out of a team on a complaint, with the children they brought. A manager's role passes
 * to another parent of the team first; a manager who is the only parent cannot be removed (409).
 */
export const adminTeamRemoveMemberEndpoint = defineAdminEndpoint({
  path: 'teams/remove-member',
  access: ['support'],
  summary: '팀 구성원 내보내기 (민원)',
  request: z.object({
    teamId: idSchema,
    teamMbrId: idSchema,
    reason: z.string().trim().min(2).max(200),
  }),
  response: z.object({ removed: z.number().int() }),
});
