import { z } from 'zod';
import { idSchema } from '../ids.ts';
import { isoDaySchema } from '../dates.ts';
import { defineEndpoint } from '../endpoint.ts';
import { fileIdSchema } from '../common/files.ts';
import {
  MAX_CERTIFICATION_TEXT_LENGTH,
  MAX_PHOTOS_PER_CERTIFICATION,
  certificationSchema,
  dayMissionSchema,
} from '../mission/mission.ts';

/** Today's (Seoul) missions of the person's running sub-challenges, each with its certification state. */
export const missionListEndpoint = defineEndpoint({
  path: 'home/mission-list',
  auth: 'user',
  summary: '오늘의 미션 목록',
  request: z.object({}),
  response: z.object({ date: isoDaySchema, missions: z.array(dayMissionSchema) }),
});

export const missionCertificationEndpoint = defineEndpoint({
  path: 'home/mission-certification',
  auth: 'user',
  summary: '오늘의 미션 인증 (사진 최대 3장, 글)',
  request: z.object({
    missionId: idSchema,
    /** Rich text; sanitized on the server. */
    contentHtml: z.string().max(MAX_CERTIFICATION_TEXT_LENGTH * 4),
    fileIds: z.array(fileIdSchema).max(MAX_PHOTOS_PER_CERTIFICATION).default([]),
    /**
     * A client-made UUID (decision 048): a repeat of the same key by the same person returns the
     * first certification, never a second one. The device's offline queue always sends one.
     */
    idempotencyKey: z.uuid().optional(),
    /**
     * When the person made it on their device (ISO instant), for a send from the offline queue: it
     * counts for the Seoul day of this time if that is today or yesterday and at most
     * `OFFLINE_CERTIFICATION_WINDOW_HOURS` ago (decision 048). Needs `idempotencyKey`.
     */
    madeAt: z.iso.datetime({ offset: true }).optional(),
  }),
  response: certificationSchema,
});

export const deleteMissionCertificationEndpoint = defineEndpoint({
  path: 'home/delete-mission-certification',
  auth: 'user',
  summary: '오늘 한 인증 삭제 (작성자, 같은 날)',
  request: z.object({ certificationId: idSchema }),
  response: z.object({ deleted: z.literal(true) }),
});

/** The person's certifications, newest first. */
export const missionLogEndpoint = defineEndpoint({
  path: 'home/mission-log',
  auth: 'user',
  summary: '내 인증 기록',
  request: z.object({
    offset: z.number().int().min(0).default(0),
    limit: z.number().int().min(1).max(50).default(20),
  }),
  response: z.object({ items: z.array(certificationSchema), hasMore: z.boolean() }),
});

export const missionActionLogEndpoint = defineEndpoint({
  path: 'home/mission-action-log',
  auth: 'user',
  summary: '인증·삭제 활동 기록',
  request: z.object({
    offset: z.number().int().min(0).default(0),
    limit: z.number().int().min(1).max(50).default(20),
  }),
  response: z.object({
    items: z.array(
      z.object({
        action: z.enum(['CERTIFY', 'DELETE']),
        missionId: z.string(),
        missionTitle: z.string(),
        date: z.string(),
        createdAt: z.string(),
      }),
    ),
    hasMore: z.boolean(),
  }),
});
