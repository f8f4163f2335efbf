import SQLite from 'better-sqlite3';
import fs from 'node:fs/promises';
import path from 'node:path';
import { systemClock } from '../lib/clock.ts';

export interface BackupResult {
  directory: string;
  databaseFile: string;
  databaseBytes: number;
  photos: number;
}

/**
 * A consistent copy of a running SQLite database and of the local photos. The database is copied
 * with SQLite's online backup API (better-sqlite3 `backup`), page by page from one read snapshot,
 * so the server keeps serving and writing meanwhile; the photos are copied after it, so every photo
 * the copied database names is there (photos written later are only extra files the purge ignores).
 */
export async function backupSqlite(input: {
  databaseFile: string;
  uploadDir: string | null;
  targetDir: string;
}): Promise<BackupResult> {
  await fs.mkdir(input.targetDir, { recursive: true });
  const databaseFile = path.join(input.targetDir, path.basename(input.databaseFile));
  const source = new SQLite(input.databaseFile, { readonly: true, fileMustExist: true });
  try {
    // The whole database in one step after the first: stepping 100 pages at a time (the default)
    // starts over whenever the server writes in between, and under steady writes never ends.
    await source.backup(databaseFile, { progress: ({ totalPages }) => totalPages });
  } finally {
    source.close();
  }
  let photos = 0;
  if (input.uploadDir) {
    const exists = await fs.stat(input.uploadDir).catch(() => null);
    if (exists?.isDirectory()) {
      const target = path.join(input.targetDir, 'uploads');
      await fs.cp(input.uploadDir, target, { recursive: true });
      photos = (await fs.readdir(target, { recursive: true, withFileTypes: true })).filter((entry) =>
        entry.isFile(),
      ).length;
    }
  }
  const stat = await fs.stat(databaseFile);
  const result = { directory: input.targetDir, databaseFile, databaseBytes: stat.size, photos };
  await fs.writeFile(
    path.join(input.targetDir, 'backup.json'),
    `${JSON.stringify({ ...result, createdAt: systemClock().toISOString() }, null, 2)}\n`,
  );
  return result;
}
