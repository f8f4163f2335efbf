import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/connection.ts';
import { createS3Storage } from '../src/lib/s3-storage.ts';
import { createFilesService } from '../src/modules/files/files.service.ts';
import { makeJpeg } from '../test/images.ts';
import { mintSession, startServer, type RunningServer } from '../test/spawn-server.ts';
import {
  api,
  drillTable,
  secondsToRecover,
  sleep,
  startS3rverProcess,
  steadyLoad,
  uploadPhoto,
} from './drill-kit.ts';

type Mode = 'pass' | 'error' | 'hang' | 'half';

/**
 * An HTTP proxy in front of s3rver that the drill turns bad: `error` answers every call 503,
 * `hang` takes calls and never answers, `half` lets only the main photo's PUT through (its
 * thumbnail and every delete fail), leaving bytes no row names for the orphan sweep.
 */
async function startFaultyProxy(target: string) {
  let mode: Mode = 'pass';
  const held = new Set<http.ServerResponse>();
  const upstream = new URL(target);
  const server = http.createServer((request, response) => {
    const failHalf = mode === 'half' && !(request.method === 'PUT' && /\.jpg(\?|$)/.test(request.url ?? ''));
    if (mode === 'hang') {
      held.add(response);
      request.resume();
      return;
    }
    if (mode === 'error' || failHalf) {
      request.resume();
      response.writeHead(503, { 'content-type': 'application/xml' });
      response.end(
        '<?xml version="1.0"?><Error><Code>ServiceUnavailable</Code><Message>drill</Message></Error>',
      );
      return;
    }
    // The whole body first, then one complete call to s3rver: a client giving up half-way never
    // leaves s3rver half an object (which it cannot list afterwards).
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const forward = http.request(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: request.method,
          path: request.url,
          headers: request.headers,
        },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      forward.on('error', () => response.destroy());
      forward.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    set(next: Mode) {
      mode = next;
      if (next !== 'hang') {
        for (const response of held) response.destroy();
        held.clear();
      }
    },
    async close() {
      for (const response of held) response.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * Object storage answers errors, then hangs, then half-works, under a steady load of reads and
 * uploads (issue 28 item 5, decision 044): uploads fail with 503 within a bounded time and write
 * no row; reads go on; the orphan sweep removes what the half-done uploads left.
 */
describe('object storage drill', () => {
  let s3: Awaited<ReturnType<typeof startS3rverProcess>>;
  let proxy: Awaited<ReturnType<typeof startFaultyProxy>>;
  let server: RunningServer;

  beforeAll(async () => {
    s3 = await startS3rverProcess();
    proxy = await startFaultyProxy(s3.options.endpoint);
    server = await startServer({
      S3_BUCKET: s3.options.bucket,
      S3_ENDPOINT: proxy.endpoint,
      S3_REGION: s3.options.region,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
      S3_TIMEOUT_MS: '1000',
      UPLOADS_PER_HOUR: '100000',
      PENDING_UPLOADS_MAX: '100000',
      LOG_LEVEL: 'error',
    });
  });
  afterAll(async () => {
    await server?.stop();
    await proxy?.close();
    await s3?.close();
  });

  it('answers uploads 503 within a bounded time with no row, keeps reading, and the sweep cleans up', async () => {
    const session = mintSession(server.databaseFile, { loginId: 'demo-child' });
    const seeded = openDatabase({ kind: 'sqlite', filename: server.databaseFile });
    const before = new Set(
      (
        await seeded.db.selectFrom('files').select('id').where('owner_user_id', '=', session.userId).execute()
      ).map((row) => row.id),
    );
    await seeded.close();
    const jpeg = await makeJpeg();
    const acknowledged: string[] = [];
    const load = steadyLoad(
      {
        read: () => api(server.baseUrl, 'home/mission-list', {}, session.token),
        upload: async () => {
          const answer = await uploadPhoto(server.baseUrl, session.token, jpeg);
          if (answer.ok)
            acknowledged.push(
              ((await answer.clone().json()) as { response: { data: { fileId: string } } }).response.data
                .fileId,
            );
          return answer;
        },
      },
      2,
    );
    const phases: [Mode, number][] = [
      ['pass', 3000],
      ['error', 6000],
      ['hang', 6000],
      ['half', 4000],
    ];
    const started: Partial<Record<Mode, number>> = {};
    for (const [mode, ms] of phases) {
      started[mode] = Date.now();
      proxy.set(mode);
      await sleep(ms);
    }
    proxy.set('pass');
    const backAt = Date.now();
    await sleep(4000);
    await load.stop();

    const uploads = load.answers.filter((answer) => answer.kind === 'upload');
    const failed = uploads.filter((answer) => answer.status !== 200);
    // Uploads begun in a bad phase (and, for `half`, answered before storage was well again).
    const inPhase = (mode: Mode, until: number) =>
      uploads.filter(
        (answer) =>
          answer.startedAt >= started[mode]! + 100 &&
          answer.startedAt < until &&
          (mode !== 'half' || answer.startedAt + answer.ms < backAt),
      );
    const database = openDatabase({ kind: 'sqlite', filename: server.databaseFile });
    const direct = createS3Storage(s3.options);
    try {
      const rows = (
        await database.db
          .selectFrom('files')
          .select(['id', 'storage_key', 'thumbnail_key'])
          .where('owner_user_id', '=', session.userId)
          .execute()
      ).filter((row) => !before.has(row.id));
      const allRows = await database.db
        .selectFrom('files')
        .select(['storage_key', 'thumbnail_key'])
        .execute();
      const named = () => new Set(allRows.flatMap((row) => [row.storage_key, row.thumbnail_key]));
      const stored = async () => {
        const keys: string[] = [];
        for await (const object of direct.list()) keys.push(object.key);
        return keys;
      };
      const orphansBefore = (await stored()).filter((key) => !named().has(key));
      // The hourly purge's sweep, run as if two hours later.
      const later = createFilesService({
        db: database.db,
        clock: () => new Date(Date.now() + 2 * 60 * 60 * 1000),
        storage: direct,
      });
      const swept = await later.sweepOrphans();
      const orphansAfter = (await stored()).filter((key) => !named().has(key));
      const storedAfter = new Set(await stored());
      console.info(
        drillTable('Object storage errs 6 s, hangs 6 s, half-works 4 s (S3_TIMEOUT_MS 1000)', load.answers, {
          dataLost: [...named()].filter((key) => !storedAfter.has(key)).length,
          recoverSeconds: secondsToRecover(load.answers, backAt),
          notes: `upload rows ${rows.length} = acknowledged ${acknowledged.length}; orphans left ${orphansBefore.length}, swept ${swept}, left after ${orphansAfter.length}; slowest failed upload by phase: ${(
            ['error', 'hang', 'half'] as const
          )
            .map((mode) => {
              const next = phases.findIndex(([name]) => name === mode) + 1;
              const until = next < phases.length ? started[phases[next]![0]]! : backAt;
              return `${mode} ${Math.max(...inPhase(mode, until).map((a) => a.ms))} ms`;
            })
            .join(', ')}`,
        }),
      );
      // Every failed upload was a 503 SERVICE_UNAVAILABLE, in each bad phase, and none took long.
      expect(failed.length).toBeGreaterThan(0);
      expect(failed.every((answer) => answer.status === 503 && answer.code === 'SERVICE_UNAVAILABLE')).toBe(
        true,
      );
      for (const mode of ['error', 'hang', 'half'] as const) {
        const next = phases.findIndex(([name]) => name === mode) + 1;
        const until = next < phases.length ? started[phases[next]![0]]! : backAt;
        const here = inPhase(mode, until);
        expect(here.length, mode).toBeGreaterThan(0);
        expect(
          here.every((answer) => answer.status === 503),
          mode,
        ).toBe(true);
      }
      // Bounded: two tries of S3_TIMEOUT_MS (1 s) each for one put, the photo's decoding, the SDK's backoff.
      expect(Math.max(...failed.map((answer) => answer.ms))).toBeLessThan(5000);
      // No row for a failed upload: the rows are exactly the acknowledged ones.
      expect(rows.map((row) => row.id).sort()).toEqual([...acknowledged].sort());
      // Reads never noticed.
      expect(
        load.answers.filter((answer) => answer.kind === 'read').every((answer) => answer.status === 200),
      ).toBe(true);
      // The half-done uploads left main photos no row names; the sweep removed exactly those.
      expect(orphansBefore.length).toBeGreaterThan(0);
      expect(swept).toBe(orphansBefore.length);
      expect(orphansAfter).toEqual([]);
      expect([...named()].filter((key) => !storedAfter.has(key))).toEqual([]);
      expect(secondsToRecover(load.answers, backAt)).toBeLessThanOrEqual(5);
    } finally {
      await database.close();
      direct.client.destroy();
    }
  });
});
