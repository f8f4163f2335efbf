import { z } from 'zod';
import { roundMissionSchema, teamRoleSchema } from '../challenge/round.ts';
import { isoDaySchema } from '../dates.ts';
import { defineEndpoint } from '../endpoint.ts';
import { idSchema, teamPublicIdSchema } from '../ids.ts';
import { certificationSchema } from '../mission/mission.ts';
import { medalAwardSchema, medalSchema, rewardSchema } from '../reward/rewards.ts';
import {
  familyGroupSchema,
  progressSchema,
  teamIdRequestSchema,
  teamMemberSchema,
  teamSummarySchema,
} from './team.ts';

export const myTeamCardSchema = teamSummarySchema.extend({
  teamMbrId: z.string(),
  role: teamRoleSchema,
  favorite: z.boolean(),
  /** The caller's own certifications today in this team's round. */
  today: progressSchema,
});
export type MyTeamCard = z.infer<typeof myTeamCardSchema>;

/** `/team?tab=…`: the caller's teams, favorites first. */
export const myTeamsEndpoint = defineEndpoint({
  path: 'team/my-teams',
  auth: 'user',
  summary: '내 팀 목록 (탭: 진행 중 / 종료, 즐겨찾기 먼저)',
  request: z.object({ tab: z.enum(['in_progress', 'ended']).default('in_progress') }),
  response: z.object({ tab: z.enum(['in_progress', 'ended']), teams: z.array(myTeamCardSchema) }),
});

const meInTeamSchema = z.object({
  teamMbrId: z.string(),
  role: teamRoleSchema,
  rewardNoticeDisplayYn: z.enum(['Y', 'N']),
});

/** Team detail: the team, the round's missions, families with today's state, progress. */
export const teamDetailSchema = z.object({
  team: teamSummarySchema,
  me: meInTeamSchema,
  missions: z.array(roundMissionSchema),
  families: z.array(familyGroupSchema),
  progress: z.object({
    /** Today, all members: certifications made of those possible. */
    today: progressSchema,
    /** The round so far, all members. */
    round: progressSchema,
  }),
  canManage: z.boolean(),
  canInvite: z.boolean(),
});
export type TeamDetail = z.infer<typeof teamDetailSchema>;

export const teamDetailWithMissionEndpoint = defineEndpoint({
  path: 'team/team-detail-with-mission',
  auth: 'user',
  team: 'member',
  summary: '챌린지 팀 상세 (미션, 가족별 오늘 인증, 진행률)',
  request: teamIdRequestSchema,
  response: teamDetailSchema,
});

export const alwaysTeamDetailWithMissionEndpoint = defineEndpoint({
  path: 'team/always-team-detail-with-mission',
  auth: 'user',
  team: 'member',
  summary: '상시 팀 상세 (미션, 가족별 오늘 인증, 진행률)',
  request: teamIdRequestSchema,
  response: teamDetailSchema,
});

export const alwaysTeamDetailWithInfoEndpoint = defineEndpoint({
  path: 'team/always-team-detail-with-info',
  auth: 'user',
  team: 'member',
  summary: '상시 팀 정보 (팀장, 운영 일수, 누적 인증)',
  request: teamIdRequestSchema,
  response: z.object({
    team: teamSummarySchema,
    familyCount: z.number().int(),
    /** Days since the team was made, counting today. */
    runningDays: z.number().int(),
    totalCertifications: z.number().int(),
  }),
});

/**
 * A team's results and rewards: the team's final place once its round closed, the medals of the
 * team and its members, and the rewards of the caller and their children in this team.
 */
export const teamDetailWithRewardEndpoint = defineEndpoint({
  path: 'team/team-detail-with-reward',
  auth: 'user',
  team: 'member',
  summary: '팀 결과와 메달, 나(와 자녀)의 보상',
  request: teamIdRequestSchema,
  response: z.object({
    team: teamSummarySchema,
    me: meInTeamSchema,
    /** Whether the round closed and its results are frozen. */
    closed: z.boolean(),
    teamRank: z.number().int().nullable(),
    teamCount: z.number().int(),
    completionRate: z.number(),
    /** The round's reward rule: at least this completion rate (0–1). */
    rewardThreshold: z.number(),
    medals: z.array(medalAwardSchema),
    rewards: z.array(rewardSchema),
  }),
});

/** A simple member list (aliases, families, roles), e.g. for invitations. */
export const teamMembersEndpoint = defineEndpoint({
  path: 'team/members',
  auth: 'user',
  team: 'member',
  summary: '팀원 목록',
  request: teamIdRequestSchema,
  response: z.object({ teamId: z.string(), members: z.array(teamMemberSchema) }),
});

const memberListResponse = z.object({ team: teamSummarySchema, members: z.array(teamMemberSchema) });
const familyListResponse = z.object({ team: teamSummarySchema, families: z.array(familyGroupSchema) });

function memberList<P extends string>(path: P, summary: string) {
  return defineEndpoint({
    path,
    auth: 'user',
    team: 'member',
    summary,
    request: teamIdRequestSchema,
    response: memberListResponse,
  });
}
function familyList<P extends string>(path: P, summary: string) {
  return defineEndpoint({
    path,
    auth: 'user',
    team: 'member',
    summary,
    request: teamIdRequestSchema,
    response: familyListResponse,
  });
}

export const teamMemberAlwaysEndpoint = memberList('team/team-member-always', '상시 팀원 순위 (한 명씩)');
export const teamMemberAlwaysGroupEndpoint = familyList(
  'team/team-member-always-group',
  '상시 팀 가족별 순위',
);
export const teamMemberChallengeEndpoint = memberList(
  'team/team-member-challenge',
  '챌린지 팀원 순위 (한 명씩)',
);
export const teamMemberChallengeGroupEndpoint = familyList(
  'team/team-member-challenge-group',
  '챌린지 팀 가족별 순위',
);

export const teamRankSchema = z.object({
  teamId: z.string(),
  name: z.string(),
  emoji: z.string(),
  memberCount: z.number().int(),
  /** Certifications made ÷ possible so far, 0–1. */
  rate: z.number(),
  rank: z.number().int(),
  /** Today's change of place: the place at the start of today minus the place now. */
  rankChange: z.number().int(),
  /** Once the round closed: the medal of a top-three team. */
  medal: medalSchema.nullable(),
  isMine: z.boolean(),
});
export type TeamRank = z.infer<typeof teamRankSchema>;

/** A round may hold thousands of teams: the ranking sends the top ones and the caller's own. */
export const TEAM_RANK_TOP = 100;

function teamRank<P extends string>(path: P, summary: string) {
  return defineEndpoint({
    path,
    auth: 'user',
    team: 'member',
    summary,
    request: teamIdRequestSchema,
    response: z.object({
      subChallengeId: z.string(),
      /**
       * The first {@link TEAM_RANK_TOP} rows in ranked order (places 1, 1, 3…; rows of a shared
       * place by more members, then the earlier made): a place shared across the cut is listed up to it.
       */
      teams: z.array(teamRankSchema),
      /** The caller's team, wherever it stands (also in `teams` when it is among those rows). */
      mine: teamRankSchema,
      totalTeams: z.number().int(),
      /** The round closed: these are its frozen results. */
      final: z.boolean(),
    }),
  });
}
export const teamRankAlwaysEndpoint = teamRank('team/team-rank-always', '상시 기수의 팀 순위');
export const teamRankChallengeEndpoint = teamRank('team/team-rank-challenge', '챌린지 기수의 팀 순위');

const memberDetailResponse = z.object({
  team: teamSummarySchema,
  member: teamMemberSchema,
  days: z.array(z.object({ date: isoDaySchema, certifications: z.array(certificationSchema) })),
});
function memberDetail<P extends string>(path: P, summary: string) {
  return defineEndpoint({
    path,
    auth: 'user',
    team: 'member',
    summary,
    request: z.object({ teamId: teamPublicIdSchema, teamMbrId: idSchema }),
    response: memberDetailResponse,
  });
}
export const teamMemberDetailAlwaysEndpoint = memberDetail(
  'team/team-member-detail-always',
  '상시 팀원의 날짜별 인증',
);
export const teamMemberDetailChallengeEndpoint = memberDetail(
  'team/team-member-detail-challenge',
  '챌린지 팀원의 기수 중 날짜별 인증',
);

const teamDatesResponse = z.object({
  today: isoDaySchema,
  startDate: isoDaySchema,
  endDate: isoDaySchema.nullable(),
  /** Every day of the round up to today (always teams: the last 30 days), newest first. */
  days: z.array(z.object({ date: isoDaySchema, certified: z.number().int(), possible: z.number().int() })),
});
function teamDates<P extends string>(path: P, summary: string) {
  return defineEndpoint({
    path,
    auth: 'user',
    team: 'member',
    summary,
    request: teamIdRequestSchema,
    response: teamDatesResponse,
  });
}
export const alwaysDateEndpoint = teamDates('team/always-date', '상시 팀의 날짜별 인증 현황');
export const challengeDateEndpoint = teamDates('team/challenge-date', '챌린지 팀의 기수 날짜별 인증 현황');
