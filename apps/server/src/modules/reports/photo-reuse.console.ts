import {
  adminPhotoReuseDismissEndpoint,
  adminPhotoReuseQueueEndpoint,
  adminPhotoReuseVoidEndpoint,
} from '@hamkke/contract/admin/photo-reuse';
import type { FastifyInstance } from 'fastify';
import type { PhotoReuseStatus } from '../../db/schema.ts';
import { plainText } from '../../lib/rich-text.ts';
import {
  registerAuditedEndpoint,
  registerConsoleRead,
  type ConsoleKit,
} from '../../plugins/admin-endpoints.ts';
import type { FilesService } from '../files/files.service.ts';
import type { PhotoReuseService } from './photo-reuse.service.ts';

/**
 * The reused-photo queue (support, decisions 065 and 069): each flagged certification beside the
 * earlier one whose photo it matched; 무효 처리 and 문제 없음, each an audit row.
 */
export function registerPhotoReuseConsole(
  app: FastifyInstance,
  kit: ConsoleKit,
  services: { files: FilesService; photoReuse: PhotoReuseService },
): void {
  const { files, photoReuse } = services;

  async function queue(input: { status: PhotoReuseStatus; offset: number; limit: number }) {
    const page = await photoReuse.queue(input);
    const certificationIds = page.rows.flatMap((row) => [row.certification_id, row.matched_certification_id]);
    const [photosOf, pair] = await Promise.all([
      files.consolePhotosOf(certificationIds),
      files.photosByIds(page.rows.flatMap((row) => [row.file_id, row.matched_file_id])),
    ]);
    const pairPhoto = (fileId: string) => {
      const photo = pair.get(fileId);
      return photo ? { fileId: photo.fileId, url: photo.url, thumbnailUrl: photo.thumbnailUrl } : null;
    };
    return {
      total: page.total,
      items: page.rows.map((row) => ({
        status: row.status,
        scope: row.scope,
        distance: row.distance,
        flaggedAt: row.flagged_at,
        decidedAt: row.decided_at,
        certification: {
          certificationId: String(row.certification_id),
          userId: String(row.user_id),
          authorAlias: row.alias,
          missionTitle: row.title,
          date: row.certified_on,
          text: plainText(row.content_html),
          photos: photosOf(row.certification_id),
          createdAt: row.created_at,
          hiddenAt: row.hidden_at,
          hiddenReason: row.hidden_reason,
        },
        photo: pairPhoto(row.file_id),
        matched: {
          certificationId: String(row.matched_certification_id),
          userId: String(row.matched_user_id),
          authorAlias: row.matched_alias,
          missionTitle: row.matched_title,
          date: row.matched_certified_on,
          text: plainText(row.matched_content_html),
          photos: photosOf(row.matched_certification_id),
          createdAt: row.matched_created_at,
          hiddenAt: row.matched_hidden_at,
          hiddenReason: row.matched_hidden_reason,
        },
        matchedPhoto: pairPhoto(row.matched_file_id),
      })),
    };
  }

  registerConsoleRead(app, kit, adminPhotoReuseQueueEndpoint, ({ body }) => queue(body));
  for (const [endpoint, decision] of [
    [adminPhotoReuseVoidEndpoint, 'void'],
    [adminPhotoReuseDismissEndpoint, 'dismiss'],
  ] as const) {
    registerAuditedEndpoint(app, kit, endpoint, async ({ actor, body, trx }) => {
      const { flag, before, status } = await photoReuse.decide(
        { certificationId: body.certificationId, decision, operatorId: actor.operatorId },
        trx,
      );
      return {
        answer: { certificationId: String(body.certificationId), status },
        audit: {
          action: `photo-reuse.${decision}`,
          target: `certification:${body.certificationId}`,
          before: {
            status: flag.status,
            scope: flag.scope,
            matchedCertificationId: flag.matched_certification_id,
            distance: flag.distance,
            hidden: before?.hiddenAt != null,
            userId: flag.author_id,
          },
          after: { status, hidden: decision === 'void' || before?.hiddenAt != null },
        },
      };
    });
  }
}
