import { HEALTH_PATH } from '@hamkke/contract/system/health';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createJobRunner } from '../jobs/job-runner.ts';
import { CLIENT_REPORT_CALLS_PER_MINUTE } from '../modules/telemetry/telemetry.service.ts';
import { testDatabaseTargets } from '../../test/databases.ts';
import { createTermsDocuments } from '../../test/factories.ts';
import { callEndpoint, createFreshDatabase, testConfig, type FreshDatabase } from '../../test/harness.ts';
import { signUpAndLogIn } from '../../test/kakao-login.ts';

const TOKEN = 'a-metrics-token-of-at-least-32-characters';
const bearer = { authorization: `Bearer ${TOKEN}` };

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  clientError?: { kind: string; route: string; message: string; requestId?: string };
}

/** The value of one sample line of the exposition text, e.g. `http_requests_total{…}`. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const body = /\{(.*)\}/.exec(line)?.[1] ?? '';
    const has = Object.entries(labels).every(([key, value]) => body.includes(`${key}="${value}"`));
    if (has) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

/** Issue 28 item 3: metrics, request ids and the web's own reports, on each database. */
describe.each(testDatabaseTargets())('metrics and request ids on $name', (target) => {
  let database: FreshDatabase;
  let app: FastifyInstance;
  let untokened: FastifyInstance;
  const lines: LogLine[] = [];

  beforeAll(async () => {
    database = await createFreshDatabase(target);
    app = await buildApp({
      config: testConfig({ METRICS_TOKEN: TOKEN, LOG_LEVEL: 'info', TRUST_PROXY: '127.0.0.1' }),
      db: database.db,
      logStream: { write: (line) => lines.push(JSON.parse(line) as LogLine) },
      ...(database.poolStats ? { poolStats: database.poolStats } : {}),
    });
    // A second app in the same process: its own registry, no clash with the first.
    untokened = await buildApp({ config: testConfig(), db: database.db });
  });
  afterAll(async () => {
    await app.close();
    await untokened.close();
    await database.close();
  });

  const scrape = async (instance = app) => {
    const answer = await instance.inject({ method: 'GET', url: '/metrics', headers: bearer });
    expect(answer.statusCode).toBe(200);
    return answer.body;
  };

  it('answers /metrics on the public port only to the bearer of METRICS_TOKEN; 404 to anyone else', async () => {
    for (const headers of [
      {},
      { authorization: 'Bearer wrong-token-wrong-token-wrong-token' },
      { authorization: TOKEN },
    ]) {
      const refused = await app.inject({ method: 'GET', url: '/metrics', headers });
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ error: { code: 'ROUTE_NOT_FOUND' } });
      expect(refused.body).not.toContain('http_requests_total');
    }
    const answer = await app.inject({ method: 'GET', url: '/metrics', headers: bearer });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(answer.body).toContain('# TYPE process_cpu_seconds_total counter');
    expect(answer.body).toContain('nodejs_eventloop_lag_p99_seconds');
    // Without a token configured, the public port never serves them (METRICS_PORT is main.ts's).
    expect((await untokened.inject({ method: 'GET', url: '/metrics', headers: bearer })).statusCode).toBe(
      404,
    );
  });

  it('counts requests by the contract endpoint name, status class and time, never by raw URL', async () => {
    const report = { reports: [{ type: 'vital', name: 'LCP', value: 1200, route: '/home' }] };
    expect((await callEndpoint(app, 'system/client-reports', report)).statusCode).toBe(200);
    expect((await callEndpoint(app, 'system/client-reports', { reports: [] })).statusCode).toBe(400);
    expect((await callEndpoint(app, 'no-such/endpoint-12345', {})).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: HEALTH_PATH })).statusCode).toBe(200);
    const text = await scrape();
    const ok = { endpoint: 'system/client-reports', method: 'POST', status_class: '2xx' };
    expect(sample(text, 'http_requests_total', ok)).toBe(1);
    expect(sample(text, 'http_requests_total', { ...ok, status_class: '4xx' })).toBe(1);
    expect(sample(text, 'http_requests_total', { endpoint: 'unknown', status_class: '4xx' })).toBe(1);
    expect(sample(text, 'http_requests_total', { endpoint: HEALTH_PATH, status_class: '2xx' })).toBe(1);
    expect(
      sample(text, 'http_request_duration_seconds_count', {
        endpoint: 'system/client-reports',
        status_class: '2xx',
      }),
    ).toBe(1);
    expect(
      sample(text, 'http_request_duration_seconds_bucket', { endpoint: 'system/client-reports', le: '+Inf' }),
    ).toBe(1);
    expect(text).not.toContain('no-such');
    // The database: every query timed (the health check's `select 1` at least).
    expect(sample(text, 'db_query_duration_seconds_count', { kind: 'raw' })).toBeGreaterThan(0);
    if (target.name === 'postgres')
      expect(sample(text, 'db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
    expect(sample(text, 'photo_decode_queue', { state: 'waiting' })).toBe(0);
    expect(sample(text, 'app_ready')).toBe(0);
    app.metrics.setReady(true);
    expect(sample(await scrape(), 'app_ready')).toBe(1);
  });

  it('takes X-Request-Id only from the trusted proxy, echoes it, and logs every line with it', async () => {
    const fromProxy = 'abcdef0123456789abcdef0123456789';
    const trusted = await app.inject({
      method: 'GET',
      url: HEALTH_PATH,
      headers: { 'x-request-id': fromProxy },
    });
    expect(trusted.headers['x-request-id']).toBe(fromProxy);
    // Not a well-formed id: a new one is made.
    const odd = await app.inject({
      method: 'GET',
      url: HEALTH_PATH,
      headers: { 'x-request-id': 'a b<script>' },
    });
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    // A sender TRUST_PROXY does not name: its header is not believed.
    const stranger = await app.inject({
      method: 'GET',
      url: HEALTH_PATH,
      headers: { 'x-request-id': fromProxy },
      remoteAddress: '203.0.113.9',
    });
    expect(stranger.headers['x-request-id']).not.toBe(fromProxy);
    expect(stranger.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const untrusted = await untokened.inject({
      method: 'GET',
      url: HEALTH_PATH,
      headers: { 'x-request-id': fromProxy },
    });
    expect(untrusted.headers['x-request-id']).not.toBe(fromProxy);
    // Error bodies carry it, and so does every log line of that request.
    const failed = await callEndpoint(
      app,
      'system/client-reports',
      { nope: 1 },
      { 'x-request-id': 'req-failed-0001' },
    );
    expect(failed.headers['x-request-id']).toBe('req-failed-0001');
    expect(failed.json()).toMatchObject({ error: { requestId: 'req-failed-0001' } });
    const ofRequest = lines.filter((line) => line.reqId === fromProxy);
    expect(ofRequest.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
  });

  it('client reports: validated, size-limited, logged with the request id, counted, and rate-limited', async () => {
    const bad = [
      { reports: [{ type: 'error', kind: 'error', route: '/home?token=1', message: 'x' }] },
      { reports: [{ type: 'error', kind: 'error', route: '/home', message: 'x', userId: 7 }] },
      { reports: [{ type: 'vital', name: 'FID', value: 1, route: '/home' }] },
      {
        reports: Array.from({ length: 11 }, () => ({
          type: 'vital',
          name: 'CLS',
          value: 0.1,
          route: '/home',
        })),
      },
    ];
    for (const body of bad)
      expect((await callEndpoint(app, 'system/client-reports', body)).statusCode).toBe(400);
    const huge = { reports: [{ type: 'error', kind: 'error', route: '/home', message: 'x'.repeat(9000) }] };
    expect((await callEndpoint(app, 'system/client-reports', huge)).statusCode).toBe(413);

    const reports = {
      reports: [
        {
          type: 'error',
          kind: 'boundary',
          route: '/team/:teamId',
          message: 'TypeError: x is undefined',
          requestId: 'abcdefgh1234',
        },
        { type: 'vital', name: 'CLS', value: 0.12, route: '/team/:teamId' },
        { type: 'vital', name: 'INP', value: 180, route: '/team/:teamId' },
      ],
    };
    const sent = await callEndpoint(app, 'system/client-reports', reports, {
      'x-request-id': 'client-report-0001',
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ response: { received: 3 } });
    const logged = lines.find(
      (line) => line.msg === 'web client error' && line.reqId === 'client-report-0001',
    );
    expect(logged?.clientError).toEqual({
      kind: 'boundary',
      route: '/team/:teamId',
      message: 'TypeError: x is undefined',
      requestId: 'abcdefgh1234',
    });
    const text = await scrape();
    expect(sample(text, 'web_client_errors_total', { route: '/team/:teamId', kind: 'boundary' })).toBe(1);
    expect(sample(text, 'web_vitals_cls_count', { route: '/team/:teamId' })).toBe(1);
    expect(
      sample(text, 'web_vitals_seconds_bucket', { metric: 'INP', route: '/team/:teamId', le: '0.2' }),
    ).toBe(1);

    // A message with terminal escapes and a forged line is logged as visible text (issue 46).
    const hostile = await callEndpoint(
      app,
      'system/client-reports',
      {
        reports: [
          {
            type: 'error',
            kind: 'error',
            route: '/home',
            message: 'boom\u001b[31m red\u0007\r\n{"level":50,"msg":"forged"}\u009b\u2028',
          },
        ],
      },
      { 'x-request-id': 'client-report-0002' },
    );
    expect(hostile.statusCode).toBe(200);
    const escaped = lines.find(
      (line) => line.msg === 'web client error' && line.reqId === 'client-report-0002',
    );
    expect(escaped?.clientError?.message).toBe(
      'boom\\u001b[31m red\\u0007\\u000d\\u000a{"level":50,"msg":"forged"}\\u009b\\u2028',
    );
    // eslint-disable-next-line no-control-regex -- no control character is left
    expect(escaped?.clientError?.message).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);

    const address = '198.51.100.7';
    const one = { reports: [{ type: 'vital', name: 'TTFB', value: 90, route: '/login' }] };
    for (let call = 0; call < CLIENT_REPORT_CALLS_PER_MINUTE; call += 1) {
      const answer = await app.inject({
        method: 'POST',
        url: '/v1/api/front/system/client-reports',
        payload: one,
        remoteAddress: address,
      });
      expect(answer.statusCode).toBe(200);
    }
    const refused = await app.inject({
      method: 'POST',
      url: '/v1/api/front/system/client-reports',
      payload: one,
      remoteAddress: address,
    });
    expect(refused.statusCode).toBe(429);
    expect(sample(await scrape(), 'rate_limit_refusals_total', { limiter: 'client-reports' })).toBe(1);
  });

  it('counts domain events where they are emitted: a Kakao sign-up is one signedUp', async () => {
    await createTermsDocuments(database.db);
    const before = sample(await scrape(), 'app_domain_events_total', { event: 'signedUp' }) ?? 0;
    await signUpAndLogIn(app, {
      name: '지표어른',
      birthyear: '1990',
      birthday: '0315',
      phoneNumber: '010-2222-3333',
    });
    expect(sample(await scrape(), 'app_domain_events_total', { event: 'signedUp' })).toBe(before + 1);
  });

  it('counts job runs by outcome and keeps the time of the last success', async () => {
    const seen: Array<[string, string]> = [];
    const quiet = { info: () => {}, error: () => {} };
    const runner = createJobRunner({
      db: database.db,
      clock: () => new Date('2026-11-20T03:00:00.000Z'),
      logger: quiet,
      owner: `metrics-${target.name}`,
      metrics: {
        job: (name, outcome, at) => {
          seen.push([name, outcome]);
          app.metrics.job(name, outcome, at);
        },
      },
    });
    runner.every('metrics-test-job', 60_000, async () => {}, { periodOf: () => 'p1' });
    runner.every('metrics-failing-job', 60_000, () => Promise.reject(new Error('boom')), {
      periodOf: () => 'p1',
    });
    await runner.stop();
    expect(seen).toEqual(
      expect.arrayContaining([
        ['metrics-test-job', 'success'],
        ['metrics-failing-job', 'failure'],
      ]),
    );
    const text = await scrape();
    expect(sample(text, 'job_runs_total', { job: 'metrics-test-job', outcome: 'success' })).toBe(1);
    expect(sample(text, 'job_last_success_timestamp_seconds', { job: 'metrics-test-job' })).toBe(
      Date.parse('2026-11-20T03:00:00.000Z') / 1000,
    );
    expect(sample(text, 'job_runs_total', { job: 'metrics-failing-job', outcome: 'failure' })).toBe(1);
  });
});
