import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where photos live. Local disk by default; an S3-compatible store implements the same interface
 * (put/read/remove by key, and the URL it hands out for a key).
 */
export interface FileStorage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The stored bytes, or null when absent. */
  read(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
  urlFor(key: string): string;
  /** Every stored key with when it was written (the orphan sweep compares them with the rows). */
  list(): AsyncIterable<{ key: string; modifiedAt: Date }>;
  /** A store elsewhere (an S3 bucket) answers when reachable: the readiness check asks it. */
  ping?(): Promise<void>;
  /** The stored bytes as a stream (an export reads photos one at a time without holding them). */
  readStream(key: string): Promise<Readable | null>;
  /**
   * Family data exports (decision 040): ZIP files kept apart from the photos (never listed by
   * `list`, so the orphan sweep leaves them), written from a finished local file and read as a stream.
   */
  archives: ArchiveStorage;
}

export interface ArchiveStorage {
  /** Stores the file at `filePath` (streamed) under `key`; answers its size. */
  putFile(key: string, filePath: string): Promise<number>;
  read(key: string): Promise<Readable | null>;
  remove(key: string): Promise<void>;
}

/** Archive keys: a server-made id and `.zip`. */
const SAFE_ARCHIVE_KEY = /^[A-Za-z0-9_-]{8,80}\.zip$/;

export function assertSafeArchiveKey(key: string): void {
  if (!SAFE_ARCHIVE_KEY.test(key)) throw new Error('unsafe archive key');
}

/** The folder (local) or key prefix (S3) archives live under. */
export const ARCHIVE_PREFIX = 'exports/';

/** Keys are made by the server only: letters, digits, `-`, `_`, `.` — never a client's path. */
const SAFE_KEY = /^[A-Za-z0-9_-]{8,80}\.(webp|jpg)$/;

export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key)) throw new Error('unsafe storage key');
}

export const LOCAL_FILES_PREFIX = '/v1/files';

export function createLocalDiskStorage(rootDir: string): FileStorage {
  const fullPath = (key: string) => {
    assertSafeKey(key);
    return path.join(rootDir, key.slice(0, 2), key);
  };
  return {
    async put(key, body) {
      const target = fullPath(key);
      // The folder is made only when it is missing (the first photo of its two-letter prefix), not
      // asked for on every write.
      try {
        await fs.writeFile(target, body);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        await fs.mkdir(path.dirname(target), { recursive: true });
        await fs.writeFile(target, body);
      }
    },
    async read(key) {
      if (!SAFE_KEY.test(key)) return null;
      try {
        return await fs.readFile(fullPath(key));
      } catch {
        return null;
      }
    },
    async remove(key) {
      await fs.rm(fullPath(key), { force: true });
    },
    urlFor: (key) => `${LOCAL_FILES_PREFIX}/${key}`,
    async readStream(key) {
      if (!SAFE_KEY.test(key)) return null;
      const target = fullPath(key);
      try {
        await fs.access(target);
      } catch {
        return null;
      }
      return createReadStream(target);
    },
    archives: {
      async putFile(key, filePath) {
        assertSafeArchiveKey(key);
        const target = path.join(rootDir, ARCHIVE_PREFIX, key);
        await fs.mkdir(path.dirname(target), { recursive: true });
        await fs.copyFile(filePath, target);
        return (await fs.stat(target)).size;
      },
      async read(key) {
        if (!SAFE_ARCHIVE_KEY.test(key)) return null;
        const target = path.join(rootDir, ARCHIVE_PREFIX, key);
        try {
          await fs.access(target);
        } catch {
          return null;
        }
        return createReadStream(target);
      },
      async remove(key) {
        assertSafeArchiveKey(key);
        await fs.rm(path.join(rootDir, ARCHIVE_PREFIX, key), { force: true });
      },
    },
    async *list() {
      const shards = await fs.readdir(rootDir, { withFileTypes: true }).catch(() => []);
      for (const shard of shards) {
        if (!shard.isDirectory()) continue;
        for (const name of await fs.readdir(path.join(rootDir, shard.name))) {
          if (!SAFE_KEY.test(name)) continue;
          const stat = await fs.stat(path.join(rootDir, shard.name, name)).catch(() => null);
          if (stat) yield { key: name, modifiedAt: stat.mtime };
        }
      }
    },
  };
}
