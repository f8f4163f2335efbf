import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createMissions, createUser, joinMissionRound } from '../../test/factories.ts';
import { callEndpoint, sessionHeadersFor, testConfig, TEST_PASSWORD_PARAMS } from '../../test/harness.ts';
import { makeJpeg } from '../../test/images.ts';
import { backupSqlite } from './backup.ts';
import { openDatabase } from './connection.ts';
import { migrateToLatest } from './migrator.ts';

/** `npm run db:backup` (issue 11 item 4): a copy taken while the server runs restores and serves. */
describe('backing up a running SQLite server', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hamkke-backup-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  async function serverOn(databaseFile: string, uploadDir: string) {
    const database = openDatabase({ kind: 'sqlite', filename: databaseFile });
    await migrateToLatest(database.db);
    const app = await buildApp({
      config: testConfig({ DATABASE_URL: `file:${databaseFile}`, UPLOAD_DIR: uploadDir }),
      db: database.db,
      clock: () => new Date('2026-11-20T03:00:00.000Z'),
      passwordParams: TEST_PASSWORD_PARAMS,
    });
    await app.ready();
    return { app, db: database.db, close: async () => (await app.close(), await database.close()) };
  }

  it('copies the database and photos while writes go on, and a server starts on the copy', async () => {
    const live = await serverOn(path.join(dir, 'live', 'hamkke.sqlite'), path.join(dir, 'live', 'uploads'));
    const [mission] = await createMissions(live.db, 1);
    const me = await createUser(live.db, { alias: '백업맘' });
    await joinMissionRound(live.db, me, mission!);
    const headers = await sessionHeadersFor(live.app, me);
    const photo = await live.app.services.files.upload(me, await makeJpeg());
    const certified = await callEndpoint(
      live.app,
      'home/mission-certification',
      { missionId: String(mission), contentHtml: '<p>백업 전</p>', fileIds: [photo.fileId] },
      headers,
    );
    expect(certified.statusCode).toBe(200);

    // Writers keep going during the backup.
    let writing = true;
    const writer = (async () => {
      let count = 0;
      while (writing) {
        await createUser(live.db);
        count += 1;
        // Let the backup's own steps run between writes (one process here; a server is another).
        await new Promise((resolve) => setImmediate(resolve));
      }
      return count;
    })();
    const backup = await backupSqlite({
      databaseFile: path.join(dir, 'live', 'hamkke.sqlite'),
      uploadDir: path.join(dir, 'live', 'uploads'),
      targetDir: path.join(dir, 'backup'),
    });
    writing = false;
    expect(await writer).toBeGreaterThan(0);
    expect(backup.photos).toBe(2); // the photo and its thumbnail
    await live.close();

    // Restore into a fresh folder and start a server there.
    const restored = path.join(dir, 'restored');
    fs.mkdirSync(restored);
    fs.copyFileSync(backup.databaseFile, path.join(restored, 'hamkke.sqlite'));
    fs.cpSync(path.join(dir, 'backup', 'uploads'), path.join(restored, 'uploads'), { recursive: true });
    const again = await serverOn(path.join(restored, 'hamkke.sqlite'), path.join(restored, 'uploads'));
    try {
      const integrity = await again.db
        .selectFrom('users')
        .select('alias')
        .where('id', '=', me)
        .executeTakeFirst();
      expect(integrity?.alias).toBe('백업맘');
      const log = await callEndpoint(
        again.app,
        'home/mission-log',
        {},
        await sessionHeadersFor(again.app, me),
      );
      const items = log.json().response.items as { contentHtml: string; photos: { url: string }[] }[];
      expect(items[0]?.contentHtml).toContain('백업 전');
      const served = await again.app.inject({ method: 'GET', url: items[0]!.photos[0]!.url });
      expect(served.statusCode).toBe(200);
    } finally {
      await again.close();
    }
  });
});
