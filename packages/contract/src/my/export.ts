import { z } from 'zod';
import { defineEndpoint, emptyRequestSchema } from '../endpoint.ts';

/** How long a finished export can be downloaded (decision 040). */
export const EXPORT_LINK_HOURS = 24;

/** Where a finished export is downloaded (GET, the requester's access token): not a POST endpoint. */
export const EXPORT_DOWNLOAD_PREFIX = '/v1/exports';
export const exportDownloadPath = (exportId: string) => `${EXPORT_DOWNLOAD_PREFIX}/${exportId}`;

export const exportStatusSchema = z.enum(['queued', 'running', 'done', 'failed', 'expired']);
export type ExportStatus = z.infer<typeof exportStatusSchema>;

/** A family data export as its requester sees it. */
export const familyExportSchema = z.object({
  exportId: z.string(),
  status: exportStatusSchema,
  /** Photos written so far, of `total` (0 of 0 until the job counted them). */
  progress: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  requestedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** When the download link ends (done only). */
  expiresAt: z.string().nullable(),
  /** The ZIP's size in bytes (done only). */
  bytes: z.number().int().nonnegative().nullable(),
  /** `GET` this with the access token while done. */
  downloadPath: z.string().nullable(),
});
export type FamilyExport = z.infer<typeof familyExportSchema>;

/**
 * A parent asks for the family's data (their own and each child's): queued for the export job.
 * While one is queued or running for the family, that one is answered instead of a new one.
 */
export const requestExportEndpoint = defineEndpoint({
  path: 'my/export-request',
  auth: 'pin',
  summary: '가족 데이터 내려받기 요청',
  request: emptyRequestSchema,
  response: familyExportSchema,
});

/** The caller's latest export (null when they asked for none), polled while it is built. */
export const exportStatusEndpoint = defineEndpoint({
  path: 'my/export-status',
  auth: 'pin',
  summary: '가족 데이터 내려받기 상태',
  request: emptyRequestSchema,
  response: familyExportSchema.nullable(),
});
