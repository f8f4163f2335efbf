import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { photoSchema } from '../mission/mission.ts';

export const UPLOAD_FIELD = 'file';
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/**
 * Decompression-bomb guard: more pixels than this are refused before decoding. 24 MP (6000×4000)
 * covers a phone camera's default photo (12–24 MP); every photo is stored at 1600 px anyway.
 */
export const MAX_UPLOAD_PIXELS = 24_000_000;
/**
 * What every photo is stored as: JPEG at this quality, at most this many pixels on its longest edge.
 * The server re-encodes every upload to it; the web app downscales a picked photo to it before sending
 * (decision 050), so a 12 MP phone photo goes over the air as about a tenth of its bytes.
 */
export const STORED_PHOTO_EDGE = 1600;
export const STORED_PHOTO_QUALITY = 82;
export const ACCEPTED_IMAGE_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/heic',
  'image/heif',
] as const;

/** The client reads `response.data`. */
export const uploadResponseSchema = z.object({ data: photoSchema });

/**
 * `common/upload`: multipart form data, one photo in the field `file` (60 s on the client). The
 * body is not JSON, so the request schema is empty; the photo is checked by its bytes on the server.
 */
export const uploadEndpoint = defineEndpoint({
  path: 'common/upload',
  auth: 'user',
  summary: '사진 올리기 (multipart, 필드 file, 한 장)',
  multipart: { fileField: UPLOAD_FIELD },
  request: z.object({}),
  response: uploadResponseSchema,
});

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
