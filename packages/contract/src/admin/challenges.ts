import { z } from 'zod';
import { idSchema } from '../ids.ts';
import { defineAdminEndpoint } from './endpoint.ts';

/*
 * Challenges, their rounds (sub-challenges) and missions, as the console manages them. The enums are
 * spelled here rather than imported from the app's mission contract, so that the console's chunk
 * shares no module with the app's lazily loaded pages (a test keeps the spellings equal).
 */
/** A Seoul day, `YYYY-MM-DD` (zod's own calendar check; the app's `dates.ts` stays out of this chunk). */
const isoDaySchema = z.iso.date();

export const adminChallengeTypeSchema = z.enum(['challenge', 'always']);
export const adminProofTypeSchema = z.enum(['PHOTO', 'TEXT', 'PHOTO_TEXT']);
export const adminRoundStateSchema = z.enum(['upcoming', 'recruiting', 'running', 'ended']);
export const adminPaidRewardUnitSchema = z.enum(['POINT', 'GIFT']);
export type AdminRoundState = z.infer<typeof adminRoundStateSchema>;

export const adminMissionSchema = z.object({
  missionId: z.string(),
  title: z.string(),
  description: z.string(),
  icon: z.string(),
  proofType: adminProofTypeSchema,
  sort: z.number().int(),
  /** Certifications made for it; a mission with any cannot be deleted. */
  certifications: z.number().int().nonnegative(),
});
export type AdminMission = z.infer<typeof adminMissionSchema>;

export const adminRoundSchema = z.object({
  subChallengeId: z.string(),
  challengeId: z.string(),
  round: z.number().int(),
  title: z.string(),
  recruitStart: isoDaySchema,
  recruitEnd: isoDaySchema,
  startDate: isoDaySchema,
  endDate: isoDaySchema.nullable(),
  maxUser: z.number().int(),
  rewardThresholdPct: z.number().int(),
  paidRewardAmount: z.number().int(),
  paidRewardUnit: adminPaidRewardUnitSchema,
  paidRewardItem: z.string(),
  trafficRewardMb: z.number().int(),
  /** By today's Seoul day. */
  state: adminRoundStateSchema,
  teams: z.number().int().nonnegative(),
  /** The largest team's head count: the capacity cannot go below it. */
  largestTeam: z.number().int().nonnegative(),
  missions: z.array(adminMissionSchema),
});
export type AdminRound = z.infer<typeof adminRoundSchema>;

export const adminChallengeSchema = z.object({
  challengeId: z.string(),
  challengeType: adminChallengeTypeSchema,
  title: z.string(),
  description: z.string(),
  createdAt: z.string(),
  /** Newest round first. */
  rounds: z.array(adminRoundSchema),
});
export type AdminChallenge = z.infer<typeof adminChallengeSchema>;

const challengeFields = z.object({
  title: z.string().trim().min(1).max(60),
  description: z.string().trim().max(500).default(''),
});

export const missionFieldsSchema = z.object({
  title: z.string().trim().min(1).max(40),
  description: z.string().trim().max(200).default(''),
  /** One emoji. */
  icon: z.string().trim().min(1).max(16),
  proofType: adminProofTypeSchema,
  sort: z.number().int().min(0).max(999).default(0),
});
export type MissionFields = z.input<typeof missionFieldsSchema>;

/**
 * A round's periods in Seoul days: recruiting opens ≤ closes < the start ≤ the end. An always round
 * has no end (`endDate: null`); whether a round needs an end depends on its challenge, which the
 * server checks.
 */
const roundBaseFields = z.object({
  title: z.string().trim().min(1).max(60),
  recruitStart: isoDaySchema,
  recruitEnd: isoDaySchema,
  startDate: isoDaySchema,
  endDate: isoDaySchema.nullable(),
  maxUser: z.number().int().min(2).max(100),
  rewardThresholdPct: z.number().int().min(0).max(100).default(80),
  paidRewardAmount: z.number().int().min(0).max(10_000_000).default(0),
  paidRewardUnit: adminPaidRewardUnitSchema.default('POINT'),
  /** The gift's name when the unit is GIFT. */
  paidRewardItem: z.string().trim().max(60).default(''),
  trafficRewardMb: z.number().int().min(0).max(100_000).default(0),
});

type PeriodInput = z.infer<typeof roundBaseFields>;
function checkPeriods(round: PeriodInput, ctx: z.RefinementCtx): void {
  if (round.recruitEnd < round.recruitStart) {
    ctx.addIssue({ code: 'custom', path: ['recruitEnd'], message: 'must not be before recruiting opens' });
  }
  if (round.startDate <= round.recruitEnd) {
    ctx.addIssue({ code: 'custom', path: ['startDate'], message: 'must be after recruiting closes' });
  }
  if (round.endDate !== null && round.endDate < round.startDate) {
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'must not be before the start' });
  }
  if (round.paidRewardUnit === 'GIFT' && round.paidRewardAmount > 0 && round.paidRewardItem === '') {
    ctx.addIssue({ code: 'custom', path: ['paidRewardItem'], message: 'name the gift' });
  }
}

export const roundFieldsSchema = roundBaseFields.superRefine(checkPeriods);
export type RoundFields = z.input<typeof roundFieldsSchema>;

/** A new round's fields with its first missions (the console's form checks it before sending). */
export const roundWithMissionsSchema = roundBaseFields
  .extend({ missions: z.array(missionFieldsSchema).min(1).max(10) })
  .superRefine(checkPeriods);

export const adminChallengeListEndpoint = defineAdminEndpoint({
  path: 'challenges/list',
  access: ['content'],
  summary: '챌린지·기수·미션 목록 (최신 챌린지 먼저)',
  request: z.object({}),
  response: z.object({ items: z.array(adminChallengeSchema) }),
});

export const adminChallengeCreateEndpoint = defineAdminEndpoint({
  path: 'challenges/create',
  access: ['content'],
  summary: '챌린지 만들기 (기간제 또는 상시)',
  request: challengeFields.extend({ challengeType: adminChallengeTypeSchema }),
  response: adminChallengeSchema,
});

export const adminChallengeUpdateEndpoint = defineAdminEndpoint({
  path: 'challenges/update',
  access: ['content'],
  summary: '챌린지 이름·설명 수정',
  request: challengeFields.extend({ challengeId: idSchema }),
  response: adminChallengeSchema,
});

export const adminRoundCreateEndpoint = defineAdminEndpoint({
  path: 'rounds/create',
  access: ['content'],
  summary: '기수 만들기 (기간, 정원, 보상, 미션 한 개 이상; 다음 기수 번호)',
  request: roundBaseFields
    .extend({
      challengeId: idSchema,
      missions: z.array(missionFieldsSchema).min(1).max(10),
    })
    .superRefine(checkPeriods),
  response: adminRoundSchema,
});

export const adminRoundUpdateEndpoint = defineAdminEndpoint({
  path: 'rounds/update',
  access: ['content'],
  summary: '기수 수정 (진행 중에는 이름·종료일 연장·정원 늘리기·보상만, 끝난 기수는 못 바꿔요)',
  request: roundBaseFields.extend({ subChallengeId: idSchema }).superRefine(checkPeriods),
  response: adminRoundSchema,
});

/**
 * The next round as a copy of this one: the same settings and missions, every date moved on by the
 * round's length (start to end, both included), again if that would open recruiting in the past.
 * The title's `N기` becomes the next number unless a title is given. A challenge round only (an
 * always round has no length). One transaction: the round, its missions and the audit row.
 */
export const adminRoundCopyEndpoint = defineAdminEndpoint({
  path: 'rounds/copy',
  access: ['content'],
  summary: '기수 복사 (미션 포함, 기간만큼 날짜를 옮겨 다음 기수로)',
  request: z.object({
    subChallengeId: idSchema,
    title: z.string().trim().min(1).max(60).optional(),
  }),
  response: adminRoundSchema,
});

export const adminRoundDeleteEndpoint = defineAdminEndpoint({
  path: 'rounds/delete',
  access: ['content'],
  summary: '기수 삭제 (시작 전이고 팀이 없을 때만)',
  request: z.object({ subChallengeId: idSchema }),
  response: z.object({ deleted: z.literal(true) }),
});

export const adminMissionCreateEndpoint = defineAdminEndpoint({
  path: 'missions/create',
  access: ['content'],
  summary: '미션 추가 (끝나지 않은 기수)',
  request: missionFieldsSchema.extend({ subChallengeId: idSchema }),
  response: adminRoundSchema,
});

export const adminMissionUpdateEndpoint = defineAdminEndpoint({
  path: 'missions/update',
  access: ['content'],
  summary: '미션 수정 (인증 방식은 시작 전에만)',
  request: missionFieldsSchema.extend({ missionId: idSchema }),
  response: adminRoundSchema,
});

export const adminMissionDeleteEndpoint = defineAdminEndpoint({
  path: 'missions/delete',
  access: ['content'],
  summary: '미션 삭제 (시작 전인 기수만; 진행 중인 기수에는 추가만 돼요)',
  request: z.object({ missionId: idSchema }),
  response: adminRoundSchema,
});
