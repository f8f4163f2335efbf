import { HEALTH_PATH, HEALTH_READY_PATH } from '@hamkke/contract/system/health';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { openDatabase } from '../../db/connection.ts';
import { createReadiness } from '../../lib/readiness.ts';
import { createRedisCounterStore } from '../../lib/redis-counter-store.ts';
import { createS3Storage } from '../../lib/s3-storage.ts';
import type { FileStorage } from '../../lib/storage.ts';
import { createLocalDiskStorage } from '../../lib/storage.ts';
import { testDatabaseTargets } from '../../../test/databases.ts';
import { testConfig, useTestContext } from '../../../test/harness.ts';
import { testRedisUrl, uniqueRedisPrefix } from '../../../test/redis.ts';
import { startS3rver } from '../../../test/s3.ts';

describe.each(testDatabaseTargets())('GET /v1/health/ready on $name', (target) => {
  const t = useTestContext(target);

  it('is 200 when ready and the database answers, never cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: HEALTH_READY_PATH });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', state: 'ready', dependencies: { database: 'up' } });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

/** An app on an in-memory SQLite database with the given readiness, counters and storage. */
async function appWith(options: {
  readiness?: ReturnType<typeof createReadiness>;
  counters?: ReturnType<typeof createRedisCounterStore>;
  storage?: FileStorage;
}) {
  const handle = openDatabase({ kind: 'sqlite', filename: ':memory:' });
  const app = await buildApp({ config: testConfig(), db: handle.db, ...options });
  return {
    app,
    async close() {
      await app.close();
      await options.counters?.close();
      await handle.close();
    },
  };
}

describe('readiness while starting and draining', () => {
  it('is 503 while starting, 200 once ready, 503 for good once draining; liveness stays 200', async () => {
    const readiness = createReadiness('starting');
    const { app, close } = await appWith({ readiness });
    const ready = async () => app.inject({ method: 'GET', url: HEALTH_READY_PATH });
    expect((await ready()).statusCode).toBe(503);
    expect((await ready()).json()).toMatchObject({ status: 'unavailable', state: 'starting' });
    readiness.set('ready');
    expect((await ready()).statusCode).toBe(200);
    readiness.set('draining');
    expect((await ready()).json()).toEqual({
      status: 'unavailable',
      state: 'draining',
      dependencies: { database: 'up' },
    });
    readiness.set('ready');
    expect((await ready()).statusCode).toBe(503);
    expect((await app.inject({ method: 'GET', url: HEALTH_PATH })).statusCode).toBe(200);
    await close();
  });

  it('refuses GETs with 503 before doing anything while draining, serves writes, and closes every connection', async () => {
    const readiness = createReadiness('ready');
    const { app, close } = await appWith({ readiness });
    const before = await app.inject({ method: 'GET', url: '/v1/files/aaaaaaaaaaaa.webp' });
    expect(before.statusCode).toBe(404);
    expect(before.headers.connection).not.toBe('close');

    readiness.set('draining');
    const page = await app.inject({ method: 'GET', url: '/v1/files/aaaaaaaaaaaa.webp' });
    expect(page.statusCode).toBe(503);
    expect(page.headers.connection).toBe('close');
    expect(page.headers['retry-after']).toBe('1');
    expect(page.json()).toMatchObject({ error: { code: 'SERVICE_UNAVAILABLE' } });
    expect((await app.inject({ method: 'HEAD', url: '/' })).statusCode).toBe(503);

    // Served as ever (here: no such call), not refused.
    const write = await app.inject({ method: 'POST', url: '/v1/api/front/no-such-call', payload: {} });
    expect(write.statusCode).toBe(404);
    expect(write.headers.connection).toBe('close');
    const live = await app.inject({ method: 'GET', url: HEALTH_PATH });
    expect(live.statusCode).toBe(200);
    expect(live.headers.connection).toBe('close');
    await close();
  });
});

describe('readiness checks Redis and the photo bucket when they are used', () => {
  let s3: Awaited<ReturnType<typeof startS3rver>>;
  beforeAll(async () => {
    s3 = await startS3rver();
  });
  afterAll(() => s3.close());

  it('is 200 with Redis and the bucket answering', async () => {
    const counters = createRedisCounterStore({ url: testRedisUrl(), keyPrefix: uniqueRedisPrefix() });
    const { app, close } = await appWith({ counters, storage: createS3Storage(s3.options) });
    // Asked again as a balancer does: each dependency has a second to answer, and a new S3 client's
    // first call loads the SDK's parts, which can take longer than that on a loaded machine.
    const ready = async () => {
      const res = await app.inject({ method: 'GET', url: HEALTH_READY_PATH });
      return { statusCode: res.statusCode, body: res.json() as unknown };
    };
    await expect.poll(ready).toEqual({
      statusCode: 200,
      body: { status: 'ready', state: 'ready', dependencies: { database: 'up', redis: 'up', storage: 'up' } },
    });
    await close();
  });

  it('is 503 naming Redis and the bucket when they do not answer, within about a second, without secrets', async () => {
    const counters = createRedisCounterStore({ url: 'redis://127.0.0.1:1', keyPrefix: uniqueRedisPrefix() });
    const storage = createS3Storage({ ...s3.options, bucket: 'no-such-bucket-here' });
    const { app, close } = await appWith({ counters, storage });
    const started = performance.now();
    const res = await app.inject({ method: 'GET', url: HEALTH_READY_PATH });
    expect(performance.now() - started).toBeLessThan(2500);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      status: 'unavailable',
      state: 'ready',
      dependencies: { database: 'up', redis: 'down', storage: 'down' },
    });
    expect(res.body).not.toContain('S3RVER');
    expect(res.body).not.toContain('127.0.0.1');
    await close();
  });

  it('gives a dependency that hangs a second, not the probe’s whole time-out', async () => {
    const hanging: FileStorage = {
      ...createLocalDiskStorage('/nonexistent'),
      ping: () => new Promise(() => {}),
    };
    const { app, close } = await appWith({ storage: hanging });
    const started = performance.now();
    const res = await app.inject({ method: 'GET', url: HEALTH_READY_PATH });
    const elapsed = performance.now() - started;
    // A timer fires late on a loaded machine, never early: the lower bound holds anywhere. The upper
    // one tells the one-second cut from none (a hang) or the storage's own 5 s; what it leaves a slow
    // machine is 4 s for one request served in process, far more than load average 30 was seen to cost.
    expect(elapsed).toBeGreaterThanOrEqual(900);
    expect(elapsed).toBeLessThan(5000);
    expect(res.json()).toMatchObject({ dependencies: { database: 'up', storage: 'down' } });
    await close();
  });
});
