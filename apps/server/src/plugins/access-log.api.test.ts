import { HEALTH_PATH } from '@hamkke/contract/system/health';
import type { FastifyInstance } from 'fastify';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.ts';
import { testDatabaseTargets } from '../../test/databases.ts';
import { createFreshDatabase, testConfig, type FreshDatabase } from '../../test/harness.ts';

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  res?: { statusCode: number };
  err?: { code?: string };
}

/**
 * Issue 26 item 7: a page the shell answers (a shared day, any app page) is logged as the client got
 * it — over a real socket, where the access log reads the status once the answer has finished.
 */
describe.each(testDatabaseTargets())('the access log of pages on $name', (target) => {
  let database: FreshDatabase;
  let app: FastifyInstance;
  let origin: string;
  const lines: LogLine[] = [];
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'hamkke-access-log-dist-'));

  beforeAll(async () => {
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html lang="ko"><head><title>함께미션</title><!--app-config--></head><body><div id="root"></div></body></html>',
    );
    database = await createFreshDatabase(target);
    app = await buildApp({
      config: testConfig({ WEB_DIST_DIR: dist, PUBLIC_ORIGIN: 'https://hamkke.example', LOG_LEVEL: 'info' }),
      db: database.db,
      logStream: { write: (line) => lines.push(JSON.parse(line) as LogLine) },
    });
    origin = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it.each([
    ['GET', '/mission/shared/3f2b9c1e-0000-4000-8000-000000000000/2026-11-20'],
    ['HEAD', '/mission/shared/3f2b9c1e-0000-4000-8000-000000000000/2026-11-20'],
    ['GET', '/challenge/shared/1/3f2b9c1e-0000-4000-8000-000000000000/2026-11-20'],
    ['GET', '/home'],
    ['HEAD', '/home'],
  ] as const)('%s %s: logged as the 200 the client got, and nothing is sent twice', async (method, url) => {
    const page = await fetch(`${origin}${url}`, { method });
    await page.arrayBuffer();
    expect(page.status).toBe(200);
    const requestId = page.headers.get('x-request-id')!;
    const ofRequest = () => lines.filter((line) => line.reqId === requestId);
    await vi.waitFor(() => {
      expect(ofRequest().some((line) => line.msg === 'request completed')).toBe(true);
    });
    // Whatever the page's handler did after its answer is over once a later request is answered.
    await (await fetch(`${origin}${HEALTH_PATH}`)).arrayBuffer();
    const completed = ofRequest().filter((line) => line.msg === 'request completed');
    expect(completed.map((line) => line.res?.statusCode)).toEqual([200]);
    expect(ofRequest().filter((line) => line.err)).toEqual([]);
    expect(lines.filter((line) => line.err?.code === 'FST_ERR_REP_ALREADY_SENT')).toEqual([]);
  });
});
