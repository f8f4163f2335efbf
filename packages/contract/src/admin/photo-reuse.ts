import { z } from 'zod';
import { idSchema } from '../ids.ts';
import { defineAdminEndpoint, pageRequestSchema } from './endpoint.ts';
import { adminPersonCertificationSchema } from './people.ts';

/*
 * Reused photos (support, decision 069): certifications made with a photo near-identical to a photo
 * of another day of the same family, or of another family. Each still counts until an operator
 * voids it (무효 처리: it stops counting everywhere, its author is told why) or finds nothing wrong
 * (문제 없음). Each decision is an audit row.
 */

/** What the author reads on /home, and the hidden reason of a voided certification. */
export const PHOTO_REUSE_VOID_REASON = '다른 날이나 다른 가족의 인증과 같은 사진이라 무효 처리됐어요';

export const photoReuseStatuses = ['OPEN', 'VOIDED', 'DISMISSED'] as const;
export const photoReuseStatusSchema = z.enum(photoReuseStatuses);
export type PhotoReuseStatus = z.infer<typeof photoReuseStatusSchema>;

/** SAME_FAMILY: the same person or family on another day; OTHER_FAMILY: another family's photo. */
export const photoReuseScopeSchema = z.enum(['SAME_FAMILY', 'OTHER_FAMILY']);

const pairPhotoSchema = z
  .object({ fileId: z.string(), url: z.string(), thumbnailUrl: z.string() })
  .nullable();

export const adminPhotoReuseFlagSchema = z.object({
  status: photoReuseStatusSchema,
  scope: photoReuseScopeSchema,
  /** Differing bits between the two photos' hashes (0: the same picture). */
  distance: z.number().int().nonnegative(),
  flaggedAt: z.string(),
  decidedAt: z.string().nullable(),
  /** The flagged certification, and its photo that matched. */
  certification: adminPersonCertificationSchema,
  photo: pairPhotoSchema,
  /** The earlier certification whose photo it matched, and that photo. */
  matched: adminPersonCertificationSchema,
  matchedPhoto: pairPhotoSchema,
});
export type AdminPhotoReuseFlag = z.infer<typeof adminPhotoReuseFlagSchema>;

/** Open flags first by default, the oldest first. */
export const adminPhotoReuseQueueEndpoint = defineAdminEndpoint({
  path: 'photo-reuse/queue',
  access: ['support'],
  summary: '같은 사진 재사용 의심 인증 (검토 대기열)',
  request: pageRequestSchema.extend({ status: photoReuseStatusSchema.default('OPEN') }),
  response: z.object({ items: z.array(adminPhotoReuseFlagSchema), total: z.number().int().nonnegative() }),
});

const decisionResponse = z.object({ certificationId: z.string(), status: photoReuseStatusSchema });

/** 무효 처리: the certification stops counting (scores, badges, the round close); its author is told. */
export const adminPhotoReuseVoidEndpoint = defineAdminEndpoint({
  path: 'photo-reuse/void',
  access: ['support'],
  summary: '재사용 사진 인증 무효 처리',
  request: z.object({ certificationId: idSchema }),
  response: decisionResponse,
});

/** 문제 없음: the flag closes; the certification keeps counting. */
export const adminPhotoReuseDismissEndpoint = defineAdminEndpoint({
  path: 'photo-reuse/dismiss',
  access: ['support'],
  summary: '재사용 사진 의심 기각 (문제 없음)',
  request: z.object({ certificationId: idSchema }),
  response: decisionResponse,
});
