import type { FamilyExport } from '@hamkke/contract/my/export';
import { exportDownloadPath } from '@hamkke/contract/my/export';
import type { Kysely } from 'kysely';
import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import type { FileStorage } from '../../lib/storage.ts';
import type { ActivityLogService } from '../identity/activity-log.service.ts';
import {
  deleteExports,
  findExportsOf,
  findExpiredDone,
  findExport,
  findLatestExportBy,
  findOpenExport,
  insertExport,
  markExpired,
  sumKeptExportBytes,
  type ExportRow,
} from './exports.repository.ts';

/** A family gets one export a day: a request within it answers with the ready one (issue 46). */
export const EXPORT_EVERY_MS = 24 * 60 * 60 * 1000;

/**
 * A family export's life (decision 040): a parent's request, its status, the download of the
 * finished ZIP for 24 hours, and the end of it (expired files, a withdrawn family's exports). The
 * ZIP itself is built by the export job (`export-build.service.ts`).
 */
export function createExportsService(deps: {
  db: Kysely<Database>;
  clock: Clock;
  storage: FileStorage;
  activity: ActivityLogService;
  /** Bytes all kept exports may take at once (config `EXPORTS_QUOTA_MB`); past it, requests wait. */
  quotaBytes: number;
}) {
  const { db, clock, storage, activity } = deps;

  const view = (row: ExportRow): FamilyExport => {
    const expired =
      row.status === 'expired' ||
      (row.status === 'done' && row.expires_at !== null && row.expires_at <= clock().toISOString());
    return {
      exportId: row.id,
      status: expired ? 'expired' : row.status,
      progress: row.progress,
      total: row.total,
      requestedAt: row.created_at,
      finishedAt: row.finished_at,
      expiresAt: row.status === 'done' ? row.expires_at : null,
      bytes: row.status === 'done' && !expired ? row.file_bytes : null,
      downloadPath: row.status === 'done' && !expired ? exportDownloadPath(row.id) : null,
    };
  };

  return {
    /**
     * A parent asks for the family's export. A child cannot (their data is the parent's to take);
     * while the family has one queued or running, or one made in the last 24 hours still kept, that
     * one is the answer; while kept exports fill the quota, none is started (503). Audit-logged.
     */
    async request(
      caller: { userId: number; userType: 'PARENT' | 'CHILD' },
      ipAddress: string | null,
    ): Promise<FamilyExport> {
      if (caller.userType !== 'PARENT') {
        throw new AppError('FORBIDDEN', "A child's export is the parent's to request");
      }
      let row = await findOpenExport(db, caller.userId);
      // One export a family a day (issue 46 L1): the one made in the last 24 hours, while it is kept.
      if (!row) {
        const latest = await findLatestExportBy(db, caller.userId);
        const dayAgo = new Date(clock().getTime() - EXPORT_EVERY_MS).toISOString();
        if (latest && latest.created_at > dayAgo && view(latest).status === 'done') row = latest;
      }
      if (!row && (await sumKeptExportBytes(db, clock().toISOString())) >= deps.quotaBytes) {
        throw new AppError('SERVICE_UNAVAILABLE', 'Exports are full for now; try again later');
      }
      if (!row) {
        const id = randomBytes(16).toString('base64url');
        try {
          await insertExport(db, {
            id,
            family_user_id: caller.userId,
            requester_user_id: caller.userId,
            created_at: clock().toISOString(),
          });
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
        }
        row = await findOpenExport(db, caller.userId);
        if (!row) row = await findExport(db, id);
        if (!row) throw new AppError('INTERNAL_ERROR', 'The export was not recorded');
      }
      await activity.record({
        eventType: 'DATA_EXPORT_REQUEST',
        userId: String(caller.userId),
        title: row.id,
        ipAddress,
      });
      return view(row);
    },

    /** The caller's latest export, or null. */
    async latest(userId: number): Promise<FamilyExport | null> {
      const row = await findLatestExportBy(db, userId);
      return row ? view(row) : null;
    },

    /**
     * The ZIP of a finished export, for its requester only: anyone else, an unknown id, an export
     * not done or past its 24 hours is not found. The download is audit-logged.
     */
    async openDownload(userId: number, exportId: string, ipAddress: string | null) {
      const row = await findExport(db, exportId);
      if (!row || row.requester_user_id !== userId || row.status !== 'done' || !row.file_key) {
        throw new AppError('NOT_FOUND', 'No such export');
      }
      if (row.expires_at === null || row.expires_at <= clock().toISOString()) {
        throw new AppError('NOT_FOUND', 'The export link has ended');
      }
      const stream = await storage.archives.read(row.file_key);
      if (!stream) throw new AppError('NOT_FOUND', 'No such export');
      await activity.record({
        eventType: 'DATA_EXPORT_DOWNLOAD',
        userId: String(userId),
        title: row.id,
        ipAddress,
      });
      const day = row.created_at.slice(0, 10);
      return { stream, bytes: row.file_bytes, filename: `hamkke-family-${day}.zip` };
    },

    /** Before people are deleted (withdrawal): their family's exports and files go with them. */
    async forgetPeople(userIds: readonly number[]): Promise<void> {
      const rows = await findExportsOf(db, userIds);
      await deleteExports(
        db,
        rows.map((row) => row.id),
      );
      for (const row of rows) await storage.archives.remove(`${row.id}.zip`);
    },

    /** Deletes the files of exports whose link ended at `now`; the rows stay, `expired`. Answers how many. */
    async purgeExpired(now: Date): Promise<number> {
      const rows = await findExpiredDone(db, now.toISOString());
      for (const row of rows) if (row.file_key) await storage.archives.remove(row.file_key);
      await markExpired(
        db,
        rows.map((row) => row.id),
      );
      return rows.length;
    },
  };
}
export type ExportsService = ReturnType<typeof createExportsService>;
