import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { photoSchema } from '../mission/mission.ts';

/** `common/upload`: multipart form data, one photo in the field `file` (60 s on the client). */
export const UPLOAD_PATH = '/v1/api/front/common/upload';
export const UPLOAD_FIELD = 'file';
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** Decompression-bomb guard: more pixels than this are refused before decoding. */
export const MAX_UPLOAD_PIXELS = 40_000_000;
export const ACCEPTED_IMAGE_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/heic',
  'image/heif',
] as const;

/** The client reads `response.data`. */
export const uploadResponseSchema = z.object({ data: photoSchema });

export const fileIdSchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'must be a file id');

/** Deletes one of your photos that no certification uses yet. */
export const deleteFileEndpoint = defineEndpoint({
  path: 'common/deleteFile',
  auth: 'user',
  summary: '올린 사진 삭제 (인증에 쓰이기 전)',
  request: z.object({ fileId: fileIdSchema }),
  response: z.object({ deleted: z.literal(true) }),
});

/** The address of a stored photo (an S3-compatible store hands out its own URLs). */
export const s3UrlEndpoint = defineEndpoint({
  path: 'common/s3-url',
  auth: 'user',
  summary: '사진 주소',
  request: z.object({ fileId: fileIdSchema }),
  response: z.object({ url: z.string(), thumbnailUrl: z.string() }),
});
