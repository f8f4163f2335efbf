import { describe, expect, it } from 'vitest';
import { clockStartingAt } from '../../lib/clock.ts';
import { buildApp } from '../../app.ts';
import { openDatabase } from '../../db/connection.ts';
import { testDatabaseTargets } from '../../../test/databases.ts';
import { testConfig, useTestContext } from '../../../test/harness.ts';

describe.each(testDatabaseTargets())('GET /v1/health on $name', (target) => {
  const t = useTestContext(target);

  it('is 200 while the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: 'up' });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe("GET /v1/health tells the server's time and Seoul day", () => {
  it('from the injected clock, a second before Seoul midnight and just after', async () => {
    let real = Date.parse('2026-11-26T14:59:59Z');
    const clock = clockStartingAt(new Date('2026-11-26T23:59:59+09:00'), () => new Date(real));
    const handle = openDatabase({ kind: 'sqlite', filename: ':memory:' });
    const app = await buildApp({ config: testConfig(), db: handle.db, clock });
    expect((await app.inject({ method: 'GET', url: '/v1/health' })).json()).toEqual({
      status: 'ok',
      database: 'up',
      now: '2026-11-26T14:59:59.000Z',
      today: '2026-11-26',
    });
    real += 1_000;
    expect((await app.inject({ method: 'GET', url: '/v1/health' })).json()).toMatchObject({
      now: '2026-11-26T15:00:00.000Z',
      today: '2026-11-27',
    });
    await app.close();
    await handle.close();
  });
});

describe('GET /v1/health without a database', () => {
  it('is 503 when PostgreSQL cannot be reached', async () => {
    const handle = openDatabase({ kind: 'postgres', connectionString: 'postgres://nobody@127.0.0.1:1/none' });
    const app = await buildApp({ config: testConfig(), db: handle.db });
    const res = await app.inject({ method: 'GET', url: '/v1/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'unavailable', database: 'down' });
    await app.close();
    await handle.close();
  });

  it('is 503 once the SQLite database is closed', async () => {
    const handle = openDatabase({ kind: 'sqlite', filename: ':memory:' });
    const app = await buildApp({ config: testConfig(), db: handle.db });
    expect((await app.inject({ method: 'GET', url: '/v1/health' })).statusCode).toBe(200);
    await handle.close();
    expect((await app.inject({ method: 'GET', url: '/v1/health' })).statusCode).toBe(503);
    await app.close();
  });
});
