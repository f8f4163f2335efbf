import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { testDatabaseTargets } from '../../test/databases.ts';
import { createFreshDatabase, PRODUCTION_ENV, testConfig, type FreshDatabase } from '../../test/harness.ts';
import { HOP_COUNT_WARNING } from './trust-proxy.ts';

interface LogLine {
  level: number;
  msg: string;
  variable?: string;
}

const WARN = 40;
const PRODUCTION = PRODUCTION_ENV;

/**
 * Issue 26 item 8: what `TRUST_PROXY` believes. A hop count believes the last hops of
 * X-Forwarded-For whoever sent them, so a client reaching the port directly picks its own address
 * (each one a fresh per-address allowance); the proxy's addresses believe only the proxy.
 */
describe.each(testDatabaseTargets())('TRUST_PROXY on $name', (target) => {
  let database: FreshDatabase;
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    database = await createFreshDatabase(target);
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database.close();
  });

  async function appWith(overrides: Record<string, string>) {
    const lines: LogLine[] = [];
    const app = await buildApp({
      config: testConfig({ LOG_LEVEL: 'warn', ...overrides }),
      db: database.db,
      logStream: { write: (line) => lines.push(JSON.parse(line) as LogLine) },
    });
    await app.ready();
    apps.push(app);
    return { app, lines };
  }

  const warnings = (lines: LogLine[]) =>
    lines.filter((line) => line.level === WARN && line.variable === 'TRUST_PROXY').map((line) => line.msg);

  it('warns at a production start with a hop count, naming the risk and what to set instead', async () => {
    const { lines } = await appWith({ ...PRODUCTION, TRUST_PROXY: '1' });
    expect(warnings(lines)).toEqual([HOP_COUNT_WARNING]);
    expect(HOP_COUNT_WARNING).toMatch(/X-Forwarded-For/);
    expect(HOP_COUNT_WARNING).toMatch(/directly/);
    expect(HOP_COUNT_WARNING).toMatch(/per-address limit/);
    expect(HOP_COUNT_WARNING).toMatch(/proxy's addresses/);
    // The proxy's addresses, or no proxy: nothing to warn about. Outside production: quiet.
    for (const overrides of <Record<string, string>[]>[
      { ...PRODUCTION, TRUST_PROXY: '10.0.0.2,10.1.0.0/16' },
      { ...PRODUCTION, TRUST_PROXY: 'false' },
      { NODE_ENV: 'development', TRUST_PROXY: '1' },
    ]) {
      expect(warnings((await appWith(overrides)).lines), JSON.stringify(overrides)).toEqual([]);
    }
  });

  /** A log call without a token (5 per address per minute) from 198.51.100.9, reaching the port directly. */
  const directCall = (app: FastifyInstance, forwardedFor: string) =>
    app.inject({
      method: 'POST',
      url: '/v1/api/front/user/save-user-activity-log',
      remoteAddress: '198.51.100.9',
      headers: { 'x-forwarded-for': forwardedFor },
      payload: { eventType: 'KAKAO_LOGIN_ATTEMPT' },
    });

  it("with a hop count, a direct client's own X-Forwarded-For resets the per-address limit (as the README says)", async () => {
    const { app } = await appWith({ TRUST_PROXY: '1' });
    const statuses: number[] = [];
    for (let call = 0; call < 12; call += 1) {
      statuses.push((await directCall(app, `192.0.2.${call + 1}`)).statusCode);
    }
    expect(statuses).toEqual(Array(12).fill(200));
  });

  it("with the proxy's addresses, a direct client's X-Forwarded-For is ignored and the limit holds", async () => {
    const { app } = await appWith({ TRUST_PROXY: '10.0.0.2' });
    const statuses: number[] = [];
    for (let call = 0; call < 12; call += 1) {
      statuses.push((await directCall(app, `192.0.2.${call + 1}`)).statusCode);
    }
    expect(statuses).toEqual([...Array(5).fill(200), ...Array(7).fill(429)]);
    // Through the proxy, the address it saw is believed: another person, an allowance of their own.
    const viaProxy = await app.inject({
      method: 'POST',
      url: '/v1/api/front/user/save-user-activity-log',
      remoteAddress: '10.0.0.2',
      headers: { 'x-forwarded-for': '203.0.113.40' },
      payload: { eventType: 'KAKAO_LOGIN_ATTEMPT' },
    });
    expect(viaProxy.statusCode).toBe(200);
  });
});
