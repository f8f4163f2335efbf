import { z } from 'zod';
import { defineEndpoint, emptyRequestSchema } from '../endpoint.ts';

const countSchema = z.number().int().nonnegative();

/** Header counts: all certifications ever and all active accounts. */
export const totalUserMissionEndpoint = defineEndpoint({
  path: 'common/total-user-mission',
  auth: 'public',
  summary: '누적 미션 인증 수와 누적 사용자 수',
  request: emptyRequestSchema,
  response: z.object({ totalMissionCnt: countSchema, totalUserCnt: countSchema }),
});
export type TotalUserMission = z.infer<typeof totalUserMissionEndpoint.response>;

/** Certifications made today (Asia/Seoul day). */
export const todayMissionCertificationCountEndpoint = defineEndpoint({
  path: 'common/today-mission-certification-count',
  auth: 'public',
  summary: '오늘(한국 시간) 인증 수',
  request: emptyRequestSchema,
  response: countSchema,
});

export const totalUserCountEndpoint = defineEndpoint({
  path: 'common/total-user-count',
  auth: 'public',
  summary: '활성 사용자 수',
  request: emptyRequestSchema,
  response: countSchema,
});

export const totalMissionCertificationCountEndpoint = defineEndpoint({
  path: 'common/total-mission-certification-count',
  auth: 'public',
  summary: '누적 미션 인증 수',
  request: emptyRequestSchema,
  response: countSchema,
});
