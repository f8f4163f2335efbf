import type { FamilyExport } from '@hamkke/contract/my/export';
import { EXPORT_LINK_HOURS, exportDownloadPath } from '@hamkke/contract/my/export';
import type { Kysely } from 'kysely';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { ZipFile } from 'yazl';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { plainText } from '../../lib/rich-text.ts';
import type { FileStorage } from '../../lib/storage.ts';
import type { ActivityLogService } from '../identity/activity-log.service.ts';
import { renderAlbum, type ExportData, type ExportPerson, type ExportPhoto } from './export-album.ts';
import {
  claimNextQueued,
  deleteExports,
  findExportsOf,
  findBadges,
  findCertifications,
  findExpiredDone,
  findExport,
  findFamily,
  findLatestExportBy,
  findMedals,
  findOpenExport,
  findPhotos,
  findRewards,
  findTeams,
  insertExport,
  markExpired,
  requeueRunning,
  updateExport,
  type ExportRow,
} from './exports.repository.ts';

const HOUR = 60 * 60 * 1000;
/** Progress is written at most this often (rows, not every photo). */
const PROGRESS_EVERY_MS = 500;

export interface ExportsLogger {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** Counts the bytes passing through. */
function byteCounter(onBytes: (count: number) => void): Transform {
  let count = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      count += chunk.length;
      callback(null, chunk);
    },
    flush(callback) {
      onBytes(count);
      callback();
    },
  });
}

export function createExportsService(deps: {
  db: Kysely<Database>;
  clock: Clock;
  storage: FileStorage;
  activity: ActivityLogService;
  /** Where a ZIP is written before it goes to storage (the system's temp folder by default). */
  workDir?: string;
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

  /** The family's data, with where each photo goes in the ZIP (bytes filled in as they are written). */
  async function collect(familyUserId: number): Promise<{
    data: ExportData;
    photos: { photo: ExportPhoto; storageKey: string }[];
  }> {
    const people = await findFamily(db, familyUserId);
    const ids = people.map((person) => person.id);
    const [certifications, photoRows, badges, medals, rewards, teams] = await Promise.all([
      findCertifications(db, ids),
      findPhotos(db, ids),
      findBadges(db, ids),
      findMedals(db, ids),
      findRewards(db, ids),
      findTeams(db, ids),
    ]);
    const photosByCertification = new Map<number, typeof photoRows>();
    for (const row of photoRows) {
      const list = photosByCertification.get(row.certification_id!) ?? [];
      list.push(row);
      photosByCertification.set(row.certification_id!, list);
    }
    const photos: { photo: ExportPhoto; storageKey: string }[] = [];
    const of = <T extends { user_id: number | null }>(rows: T[], userId: number) =>
      rows.filter((row) => row.user_id === userId);
    const data: ExportData = {
      format: 'hamkke-family-export',
      version: 1,
      exportedAt: clock().toISOString(),
      people: people.map((person): ExportPerson => ({
        userId: String(person.id),
        type: person.user_type,
        name: person.name,
        alias: person.alias,
        loginId: person.user_type === 'CHILD' ? person.login_id : null,
        joinedAt: person.created_at,
        certifications: of(certifications, person.id).map((row) => ({
          certificationId: String(row.id),
          day: row.certified_on,
          mission: {
            missionId: String(row.mission_id),
            title: row.mission_title,
            icon: row.mission_icon,
            round: row.round_title,
            challenge: row.challenge_title,
          },
          text: plainText(row.content_html),
          html: row.content_html,
          createdAt: row.created_at,
          hidden: row.hidden_at !== null,
          photos: (photosByCertification.get(row.id) ?? []).map((file, index) => {
            const extension = file.storage_key.endsWith('.jpg') ? 'jpg' : 'webp';
            const photo: ExportPhoto = {
              fileId: file.id,
              path: `photos/${person.id}/${row.certified_on}/${row.id}-${index + 1}.${extension}`,
              mimeType: file.mime_type,
              width: file.width,
              height: file.height,
              bytes: 0,
              missing: false,
            };
            photos.push({ photo, storageKey: file.storage_key });
            return photo;
          }),
        })),
        badges: of(badges, person.id).map((badge) => ({
          name: badge.name,
          description: badge.description,
          emoji: badge.emoji,
          achievedAt: badge.achieved_at,
        })),
        medals: of(medals, person.id).map((medal) => ({
          medal: medal.medal,
          rank: medal.rank,
          scope: medal.scope,
          team: medal.team_name,
          round: medal.round_title,
          grantedAt: medal.granted_at,
        })),
        rewards: of(rewards, person.id).map((reward) => ({
          kind: reward.kind,
          unit: reward.unit,
          amount: reward.amount,
          itemName: reward.item_name,
          status: reward.status,
          round: reward.round_title,
          grantedAt: reward.granted_at,
          settledAt: reward.settled_at,
        })),
        teams: of(teams, person.id).map((team) => ({
          team: team.team_name,
          emoji: team.team_emoji,
          role: team.role,
          round: team.round_title,
          challenge: team.challenge_title,
          joinedAt: team.joined_at,
        })),
      })),
    };
    return { data, photos };
  }

  /**
   * Writes the ZIP to `target`: the photos one at a time, each streamed from storage into the file
   * (stored, not deflated: they are compressed images), then `data.json` and `index.html`, made
   * once every photo's bytes are known.
   */
  async function writeZip(row: ExportRow, target: string): Promise<void> {
    const { data, photos } = await collect(row.family_user_id);
    await updateExport(db, row.id, { total: photos.length, progress: 0 });
    let written = 0;
    let lastProgressAt = 0;
    let progressWrite: Promise<void> = Promise.resolve();
    const zip = new ZipFile();
    const mtime = clock();
    const output = createWriteStream(target);
    const finished = new Promise<void>((resolve, reject) => {
      output.on('close', resolve);
      output.on('error', reject);
      zip.outputStream.on('error', reject);
      (zip as unknown as NodeJS.EventEmitter).on('error', reject);
    });
    zip.outputStream.pipe(output);
    for (const { photo, storageKey } of photos) {
      zip.addReadStreamLazy(photo.path, { compress: false, mtime }, (callback) => {
        storage.readStream(storageKey).then(
          (stream) => {
            if (!stream) {
              photo.missing = true;
              callback(null, Readable.from([]));
              return;
            }
            const counted = byteCounter((count) => {
              photo.bytes = count;
              written += 1;
              const now = Date.now();
              if (now - lastProgressAt >= PROGRESS_EVERY_MS || written === photos.length) {
                lastProgressAt = now;
                const progress = written;
                progressWrite = progressWrite.then(async () => {
                  await updateExport(db, row.id, { progress });
                });
              }
            });
            stream.on('error', (error) => counted.destroy(error));
            callback(null, stream.pipe(counted));
          },
          (error: unknown) => callback(error as Error, Readable.from([])),
        );
      });
    }
    zip.addReadStreamLazy('data.json', { mtime }, (callback) =>
      callback(null, Readable.from([Buffer.from(JSON.stringify(data, null, 2))])),
    );
    zip.addReadStreamLazy('index.html', { mtime }, (callback) =>
      callback(null, Readable.from([Buffer.from(renderAlbum(data))])),
    );
    zip.end();
    await finished;
    await progressWrite;
  }

  async function build(row: ExportRow): Promise<void> {
    const workDir = deps.workDir ?? os.tmpdir();
    const target = path.join(workDir, `hamkke-export-${row.id}.zip`);
    const fileKey = `${row.id}.zip`;
    try {
      await writeZip(row, target);
      const bytes = await storage.archives.putFile(fileKey, target);
      const finishedAt = clock();
      const kept = await updateExport(db, row.id, {
        status: 'done',
        file_key: fileKey,
        file_bytes: bytes,
        finished_at: finishedAt.toISOString(),
        expires_at: new Date(finishedAt.getTime() + EXPORT_LINK_HOURS * HOUR).toISOString(),
      });
      // The family withdrew while it was built: nothing of it may stay.
      if (!kept) await storage.archives.remove(fileKey);
    } catch (error) {
      await updateExport(db, row.id, {
        status: 'failed',
        error: error instanceof Error ? error.message.slice(0, 500) : 'unknown',
        finished_at: clock().toISOString(),
      });
      throw error;
    } finally {
      await fs.rm(target, { force: true });
    }
  }

  return {
    /**
     * A parent asks for the family's export. A child cannot (their data is the parent's to take);
     * while the family has one queued or running, that one is the answer. Audit-logged either way.
     */
    async request(
      caller: { userId: number; userType: 'PARENT' | 'CHILD' },
      ipAddress: string | null,
    ): Promise<FamilyExport> {
      if (caller.userType !== 'PARENT') {
        throw new AppError('FORBIDDEN', "A child's export is the parent's to request");
      }
      let row = await findOpenExport(db, caller.userId);
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
     * The job's work: builds every queued export, oldest first. Run under the job's lease, so any
     * export still `running` was left by a server that stopped mid-way and is built again.
     * Answers how many were built.
     */
    async buildQueued(logger?: ExportsLogger): Promise<number> {
      await requeueRunning(db);
      let built = 0;
      for (;;) {
        const row = await claimNextQueued(db, clock().toISOString());
        if (!row) return built;
        const started = Date.now();
        try {
          await build(row);
          built += 1;
          logger?.info({ exportId: row.id, ms: Date.now() - started }, 'family export built');
        } catch (error) {
          logger?.error({ err: error, exportId: row.id }, 'family export failed');
        }
      }
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
