import { z } from 'zod';
import { idSchema } from '../ids.ts';
import { isoDaySchema } from '../dates.ts';
import { defineEndpoint } from '../endpoint.ts';
import { certificationSchema } from './mission.ts';

/** The person's share uuid for a day (made on first ask, the same afterwards). */
export const missionCertifyUuidEndpoint = defineEndpoint({
  path: 'mission/mission-certify-uuid',
  auth: 'user',
  summary: '인증 공유 링크 uuid',
  request: z.object({ date: isoDaySchema }),
  response: z.object({ uuid: z.string(), date: isoDaySchema }),
});

/** Anyone with the link sees that day's certifications, with the alias only. */
export const sharedCertificationsEndpoint = defineEndpoint({
  path: 'mission/shared-certifications',
  auth: 'public',
  summary: '공유된 하루 인증 (로그인 없이)',
  request: z.object({
    uuid: z.string().uuid(),
    date: isoDaySchema,
    challengeId: idSchema.optional(),
  }),
  response: z.object({
    alias: z.string(),
    date: isoDaySchema,
    certifications: z.array(certificationSchema.omit({ deletable: true, hiddenReason: true })),
  }),
});
