import { EXPORT_LINK_HOURS } from '@hamkke/contract/my/export';
import type { Kysely } from 'kysely';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { ZipFile } from 'yazl';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import type { FileStorage } from '../../lib/storage.ts';
import { renderAlbum } from './export-album.ts';
import type { ExportDataService } from './export-data.service.ts';
import { claimNextQueued, requeueRunning, updateExport, type ExportRow } from './exports.repository.ts';

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

/**
 * The export job's work (decision 040): each queued export built as one streamed ZIP (the photos,
 * `data.json`, the album's `index.html`), put in storage and marked done (or failed).
 */
export function createExportBuildService(deps: {
  db: Kysely<Database>;
  clock: Clock;
  storage: FileStorage;
  data: ExportDataService;
  /** Where a ZIP is written before it goes to storage (the system's temp folder by default). */
  workDir?: string;
}) {
  const { db, clock, storage } = deps;

  /**
   * Writes the ZIP to `target`: the photos one at a time, each streamed from storage into the file
   * (stored, not deflated: they are compressed images), then `data.json` and `index.html`, made
   * once every photo's bytes are known.
   */
  async function writeZip(row: ExportRow, target: string): Promise<void> {
    const { data, photos } = await deps.data.collect(row.family_user_id);
    await updateExport(db, row.id, { total: photos.length, progress: 0 });
    let written = 0;
    // The first photo's progress is always written.
    let lastProgressAt = Number.NEGATIVE_INFINITY;
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
              // Elapsed time between two progress writes only, never an instant: the monotonic
              // timer, not the injected clock (a test's clock stands still while real bytes flow).
              const now = performance.now();
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
        // The build's duration for the log only (elapsed time, no instant): the monotonic timer.
        const started = performance.now();
        try {
          await build(row);
          built += 1;
          logger?.info(
            { exportId: row.id, ms: Math.round(performance.now() - started) },
            'family export built',
          );
        } catch (error) {
          logger?.error({ err: error, exportId: row.id }, 'family export failed');
        }
      }
    },
  };
}
export type ExportBuildService = ReturnType<typeof createExportBuildService>;
