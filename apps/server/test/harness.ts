import {
  endpointUrl,
  type Endpoint,
  type EndpointRequest,
  type EndpointResponse,
} from '@hamkke/contract/endpoint';
import type { ErrorBody } from '@hamkke/contract/envelope';
import { encodeSessionHeader } from '@hamkke/contract/session-header';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { HANG_GUARD_MS } from './hang-guards.ts';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/connection.ts';
import { migrateToLatest } from '../src/db/migrator.ts';
import type { Database } from '../src/db/schema.ts';
import type { CounterStore } from '../src/lib/rate-limiter.ts';
import { DEFAULT_PASSWORD_PARAMS } from '../src/lib/password.ts';
import type { DatabaseTemplates } from './database-templates.ts';
import type { TestDatabaseTarget } from './databases.ts';

/** A cheap scrypt cost for tests; production keeps the security.md parameters. */
/** The real cost (security.md): about 60 ms a hash. */
export const TEST_PASSWORD_PARAMS = DEFAULT_PASSWORD_PARAMS;

export interface FreshDatabase extends DatabaseHandle {
  url: string;
}

/**
 * A new, empty, migrated database: a temporary SQLite file or a new PostgreSQL database, each a copy
 * of the run's migrated template (apps/server/test/global-setup.ts, decision 053), or migrated here
 * where a project has none.
 */
export async function createFreshDatabase(target: TestDatabaseTarget): Promise<FreshDatabase> {
  const suffix = randomBytes(6).toString('hex');
  const templates = inject('databaseTemplates') as DatabaseTemplates | undefined;
  if (target.name === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hamkke-test-'));
    const url = `file:${path.join(dir, 'test.sqlite')}`;
    if (templates) fs.copyFileSync(templates.sqliteFile, path.join(dir, 'test.sqlite'));
    const handle = openDatabase({ kind: 'sqlite', filename: path.join(dir, 'test.sqlite') });
    if (!templates) await migrateToLatest(handle.db);
    return {
      ...handle,
      url,
      close: async () => {
        await handle.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const adminUrl = target.adminUrl!;
  const name = `hamkke_test_${suffix}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(
      templates?.postgresName
        ? `create database ${name} template ${templates.postgresName}`
        : `create database ${name}`,
    );
    // A commit does not wait for its write-ahead log to reach the disk (3 ms a flush on these
    // machines, thousands of commits a file): what a test sees of its rows, their order, locks and
    // conflicts is unchanged; only a crash of the PostgreSQL server could lose the last commits.
    await admin.query(`alter database ${name} set synchronous_commit = off`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // Concurrency tests queue hundreds of transactions on one row: on a loaded machine they wait
  // their turn longer than a person would, and must not fail for it (a hang guard, issue 43).
  const handle = openDatabase(
    { kind: 'postgres', connectionString: url.toString() },
    { connectionWaitMs: HANG_GUARD_MS.poll },
  );
  if (!templates?.postgresName) await migrateToLatest(handle.db);
  return {
    ...handle,
    url: url.toString(),
    close: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** A clock the test moves by hand. */
export function manualClock(start: string | Date) {
  let now = new Date(start);
  return {
    now: () => new Date(now),
    set: (to: string | Date) => {
      now = new Date(to);
    },
    advance: (ms: number) => {
      now = new Date(now.getTime() + ms);
    },
  };
}

/**
 * What a production start needs beyond NODE_ENV (config.ts refuses demo secrets and defaults there):
 * a SEED key and IV of its own, a Kakao key and the public origin.
 */
export const PRODUCTION_ENV: Readonly<Record<string, string>> = {
  NODE_ENV: 'production',
  LOGIN_KEY_SEED_KEY: '0f1e2d3c4b5a69788796a5b4c3d2e1f0',
  LOGIN_KEY_SEED_IV: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
  KAKAO_REST_API_KEY: 'rest-key',
  PUBLIC_ORIGIN: 'https://hamkke.kr',
  DEVICE_COOKIE_SECRET: 'a-production-device-cookie-secret-for-tests',
  METRICS_TOKEN: 'a-production-metrics-token-for-the-tests',
  VAPID_PUBLIC_KEY: 'BJiOmcy2f0Uy2dqLrf6nbj4i7P1CMQB-u-YIJ-fYfh7ILuerQp19Auat8Bx1uVAON6-_n0Rf9kABORiceATKnik',
  VAPID_PRIVATE_KEY: '4zGlalI8VXiKKDZzB5Jt-oHLW15neTLaL9I3ZxJVVMU',
};

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: path.join(os.tmpdir(), 'hamkke-no-web-dist'),
    // Tests read rankings right after writing: never a reused one.
    RANKING_CACHE_MS: '0',
    COUNTS_CACHE_MS: '0',
    ...overrides,
  });
}

export interface TestContext {
  app: FastifyInstance;
  db: Kysely<Database>;
  clock: ReturnType<typeof manualClock>;
  /** Where this context's photos are stored. */
  uploadDir: string;
  close(): Promise<void>;
}

/** A fresh migrated database and an app on it, with a hand-moved clock. */
export async function createTestContext(
  target: TestDatabaseTarget,
  options: {
    now?: string;
    config?: Record<string, string>;
    /** Rate-limit counters (e.g. a test Redis store); the config's choice unless given. */
    counters?: CounterStore;
    /** Receives the app's log lines (set LOG_LEVEL in `config` to see them). */
    logStream?: { write(line: string): void };
  } = {},
): Promise<TestContext> {
  const database = await createFreshDatabase(target);
  const clock = manualClock(options.now ?? '2026-11-20T03:00:00.000Z');
  const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hamkke-uploads-'));
  const app = await buildApp({
    config: testConfig({ UPLOAD_DIR: uploadDir, ...options.config }),
    db: database.db,
    clock: clock.now,
    passwordParams: TEST_PASSWORD_PARAMS,
    ...(options.counters ? { counters: options.counters } : {}),
    ...(options.logStream ? { logStream: options.logStream } : {}),
  });
  await app.ready();
  return {
    app,
    db: database.db,
    clock,
    uploadDir,
    close: async () => {
      await app.close();
      await database.close();
      fs.rmSync(uploadDir, { recursive: true, force: true });
    },
  };
}

/**
 * The suite's test context: `createTestContext` before its tests, closed after them. The object it
 * returns reads through to that context, so a suite uses it as it would the context itself; a
 * suite's own `beforeAll`, registered after this call, runs once the context is open.
 */
export function useTestContext(
  target: TestDatabaseTarget,
  options: Parameters<typeof createTestContext>[1] = {},
): TestContext {
  let context: TestContext | undefined;
  beforeAll(async () => {
    context = await createTestContext(target, options);
  });
  afterAll(() => context?.close());
  const open = (): TestContext => {
    if (!context) throw new Error('the test context opens in beforeAll: use it inside a test or hook');
    return context;
  };
  return {
    get app() {
      return open().app;
    },
    get db() {
      return open().db;
    },
    get clock() {
      return open().clock;
    },
    get uploadDir() {
      return open().uploadDir;
    },
    close: () => open().close(),
  };
}

/** Headers of a signed-in person: a freshly minted access token and the matching session header. */
export async function sessionHeadersFor(
  app: FastifyInstance,
  userId: number,
): Promise<Record<string, string>> {
  const { token } = await app.services.tokens.issue(userId);
  return {
    authorization: `Bearer ${token}`,
    'x-session-user': encodeSessionHeader({ userId: String(userId), loginKey: 'test-login-key' }),
  };
}

/** POSTs to a front API endpoint, as the web app does; no payload sends no body. */
export function callEndpoint(
  app: FastifyInstance,
  endpointPath: string,
  payload?: object | string,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url: `/v1/api/front/${endpointPath}`,
    headers,
    ...(payload === undefined ? {} : { payload }),
  });
}

/** POSTs to a front API endpoint as the signed-in person `userId`. */
export async function callEndpointAs(
  app: FastifyInstance,
  endpointPath: string,
  payload: object | string | undefined,
  userId: number,
) {
  return callEndpoint(app, endpointPath, payload, await sessionHeadersFor(app, userId));
}

/** A typed call's outcome: the status, and the contract's response type or the error body. */
export interface TypedCall<E extends Endpoint> {
  statusCode: number;
  /** The unwrapped `response` of a 200; undefined otherwise. */
  response: EndpointResponse<E>;
  error: ErrorBody['error'] | undefined;
}

/**
 * POSTs to a contract endpoint with a body of its request type; the answer is typed by its response
 * schema. Use `callEndpoint` for deliberately malformed bodies.
 */
export async function callTyped<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  body: EndpointRequest<E>,
  headers: Record<string, string> = {},
): Promise<TypedCall<E>> {
  const res = await app.inject({
    method: 'POST',
    url: endpointUrl(endpoint),
    headers,
    payload: body as object,
  });
  const json = res.json() as { response?: EndpointResponse<E>; error?: ErrorBody['error'] };
  return { statusCode: res.statusCode, response: json.response as EndpointResponse<E>, error: json.error };
}
