import { z } from 'zod';
import { idSchema } from '../ids.ts';
import { isoDaySchema } from '../dates.ts';
import { defineEndpoint, emptyRequestSchema } from '../endpoint.ts';
import { certificationSchema, dayMissionSchema, monthSchema } from './mission.ts';

export const missionStatusByDateEndpoint = defineEndpoint({
  path: 'mission/mission-status-by-date',
  auth: 'user',
  summary: '날짜별 미션과 인증 여부',
  request: z.object({ date: isoDaySchema }),
  response: z.object({ date: isoDaySchema, missions: z.array(dayMissionSchema) }),
});

/** Per day of the month: how many of the day's missions the person certified. */
export const missionStatusByMonthEndpoint = defineEndpoint({
  path: 'mission/mission-status-by-month',
  auth: 'user',
  summary: '월별 인증 현황 (달력)',
  request: z.object({ month: monthSchema }),
  response: z.object({
    month: monthSchema,
    days: z.array(
      z.object({ date: isoDaySchema, certifiedCount: z.number().int(), missionCount: z.number().int() }),
    ),
  }),
});

export const missionCountByMonthEndpoint = defineEndpoint({
  path: 'mission/mission-count-by-month',
  auth: 'user',
  summary: '월별 인증 수',
  request: z.object({ month: monthSchema }),
  response: z.object({
    month: monthSchema,
    certifications: z.number().int(),
    certifiedDays: z.number().int(),
  }),
});

export const missionInfoByDateEndpoint = defineEndpoint({
  path: 'mission/mission-info-by-date',
  auth: 'user',
  summary: '그날의 내 인증 내용',
  request: z.object({ date: isoDaySchema }),
  response: z.object({ date: isoDaySchema, certifications: z.array(certificationSchema) }),
});

const progressSchema = z.object({ total: z.number().int(), certified: z.number().int() });

export const participatingMissionCountEndpoint = defineEndpoint({
  path: 'mission/participating-mission-count',
  auth: 'user',
  summary: '참여 중인 미션 수',
  request: emptyRequestSchema,
  response: z.number().int(),
});

export const inprogressAlwaysMissionCntEndpoint = defineEndpoint({
  path: 'mission/inprogress-always-mission-cnt',
  auth: 'user',
  summary: '오늘의 상시 미션 수와 인증 수',
  request: emptyRequestSchema,
  response: progressSchema,
});

export const inprogressChallengeMissionCntEndpoint = defineEndpoint({
  path: 'challenge/inprogress-challenge-mission-cnt',
  auth: 'user',
  summary: '오늘의 챌린지 미션 수와 인증 수',
  request: emptyRequestSchema,
  response: progressSchema,
});

export const challengeCertifiedInfoEndpoint = defineEndpoint({
  path: 'mission/challenge-certified-info',
  auth: 'user',
  summary: '챌린지 인증 현황',
  request: z.object({ challengeId: idSchema }),
  response: z.object({
    challengeId: z.string(),
    title: z.string(),
    startDate: isoDaySchema,
    endDate: isoDaySchema.nullable(),
    certifications: z.number().int(),
    certifiedDays: z.number().int(),
    elapsedDays: z.number().int(),
  }),
});
