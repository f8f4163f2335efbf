import { addDays, seoulDay } from '@hamkke/contract/dates';
import { createHash, randomBytes } from 'node:crypto';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/connection.ts';
import { HANG_GUARD_MS } from '../test/hang-guards.ts';
import { makeJpeg, multipartBody } from '../test/images.ts';
import { uniqueRedisPrefix, testRedisUrl } from '../test/redis.ts';
import { startS3rver } from '../test/s3.ts';
import { startServer, type RunningServer } from '../test/spawn-server.ts';

const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** Why the two-server test cannot run here, or null when PostgreSQL and Redis both answer. */
async function missing(): Promise<string | null> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return 'TEST_DATABASE_URL is not set (no PostgreSQL)';
  // Hang guards: a service that is not there refuses at once; one slow to answer on a loaded machine
  // is still there, and must not make the test skip itself.
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: HANG_GUARD_MS.step });
  try {
    await client.connect();
  } catch {
    return `PostgreSQL at ${adminUrl} does not answer`;
  } finally {
    await client.end().catch(() => undefined);
  }
  const { Redis } = await import('ioredis');
  const redis = new Redis(testRedisUrl(), {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: HANG_GUARD_MS.step,
  });
  try {
    await redis.connect();
    await redis.ping();
  } catch {
    return `Redis at ${testRedisUrl()} does not answer`;
  } finally {
    redis.disconnect();
  }
  return null;
}

const reason = await missing();
if (reason) console.warn(`[two servers] skipped: ${reason}`);

/**
 * The servers' `statement_timeout` (`DATABASE_STATEMENT_TIMEOUT_MS`, the product's default): the
 * shortest wait after which a server answers a request 503 for being busy (the pool's connection wait,
 * 10 s, is longer).
 */
const STATEMENT_TIMEOUT_MS = 5000;

/**
 * Two servers side by side (issue 11 item 5): the built bundle twice, on one PostgreSQL database,
 * one Redis and one S3-protocol server. Whatever one does, the other sees.
 */
describe.skipIf(reason !== null)('two servers on one PostgreSQL, Redis and S3', () => {
  const dbName = `hamkke_two_${randomBytes(4).toString('hex')}`;
  const adminUrl = process.env.TEST_DATABASE_URL ?? '';
  const url = adminUrl.replace(/\/[^/]*$/, `/${dbName}`);
  let s3: Awaited<ReturnType<typeof startS3rver>>;
  let a: RunningServer;
  let b: RunningServer;
  let database: DatabaseHandle;
  const today = seoulDay(new Date());

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    s3 = await startS3rver();
    const env = {
      DATABASE_URL: url,
      REDIS_URL: testRedisUrl(),
      REDIS_KEY_PREFIX: uniqueRedisPrefix(),
      S3_BUCKET: s3.options.bucket,
      S3_ENDPOINT: s3.options.endpoint!,
      S3_REGION: s3.options.region,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
      // A hang guard here: a bucket slow on a loaded machine must not turn the shared photo into a 503
      // (the storage drill tests the time-out itself).
      S3_TIMEOUT_MS: '120000',
      DATABASE_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
    };
    // The first seeds the empty database; the second finds it seeded.
    a = await startServer(env);
    b = await startServer(env);
    database = openDatabase({ kind: 'postgres', connectionString: url });
  });
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await database?.close();
    await s3?.close();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  });

  async function post(server: RunningServer, endpoint: string, body: object, token?: string) {
    return fetch(`${server.baseUrl}/v1/api/front/${endpoint}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
  }

  /** A session for a person, written as the server writes one. */
  async function tokenFor(userId: number): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = new Date();
    await database.db
      .insertInto('access_tokens')
      .values({
        token_hash: createHash('sha256').update(token).digest('hex'),
        user_id: userId,
        // An hour: longer than any test may run (HANG_GUARD_MS.test, 15 min), however slow.
        expires_at: new Date(now.getTime() + 3_600_000).toISOString(),
        created_at: now.toISOString(),
        revoked_at: null,
      })
      .execute();
    return token;
  }

  it("accepts on one server the token the other issued, and serves the other's photos", async () => {
    const login = await post(a, 'login/children-login', {
      id: 'demo-child',
      password: 'demo-pass-1234',
      autoLogin: false,
    });
    expect(login.status).toBe(200);
    const token = ((await login.json()) as { response: { tokens: { access: { token: string } } } }).response
      .tokens.access.token;
    expect((await post(b, 'home/mission-list', {}, token)).status).toBe(200);

    const jpeg = await makeJpeg();
    const body = multipartBody('file', 'photo.jpg', 'image/jpeg', jpeg);
    const uploaded = await fetch(`${a.baseUrl}/v1/api/front/common/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': body.contentType },
      body: body.payload,
    });
    expect(uploaded.status).toBe(200);
    const photo = ((await uploaded.json()) as { response: { data: { url: string } } }).response.data;
    const served = await fetch(`${b.baseUrl}${photo.url}`);
    expect(served.status).toBe(200);
    expect((await served.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  });

  it('lets exactly 10 of 200 joiners spread over both servers into a team with 10 free seats', async () => {
    const round = await database.db
      .insertInto('sub_challenges')
      .values({
        challenge_id: (
          await database.db
            .selectFrom('challenges')
            .select('id')
            .where('challenge_type', '=', 'challenge')
            .executeTakeFirstOrThrow()
        ).id,
        round: 9,
        title: '두 서버 기수',
        recruit_start: addDays(today, -3),
        recruit_end: addDays(today, 3),
        start_date: addDays(today, 4),
        end_date: addDays(today, 24),
        max_user: 11,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const stamp = new Date().toISOString();
    const people = await database.db
      .insertInto('users')
      .values(
        Array.from({ length: 201 }, (_, index) => ({
          user_type: 'PARENT' as const,
          kakao_id: `two-${round.id}-${index}`,
          name: `두서버${index}`,
          alias: `두서버${index}`,
          status: 'USER' as const,
          pin_verified_at: stamp,
          created_at: stamp,
          updated_at: stamp,
        })),
      )
      .returning('id')
      .execute();
    const [manager, ...joiners] = people.map((row) => row.id);
    const team = await database.db
      .insertInto('teams')
      .values({
        public_id: randomBytes(16).toString('base64url'),
        sub_challenge_id: round.id,
        name: '두 서버 팀',
        name_key: '두서버팀',
        description: '',
        emoji: '🖥️',
        manager_user_id: manager!,
        recruiting_open: 1,
        allow_member_invite: 0,
        member_count: 1,
        member_days_base: Math.round(Date.parse(`${addDays(today, 4)}T00:00:00Z`) / 86_400_000),
        reserved_seats: 0,
        created_at: stamp,
        updated_at: stamp,
      })
      .returning(['id', 'public_id'])
      .executeTakeFirstOrThrow();
    await database.db
      .insertInto('team_members')
      .values({
        team_id: team.id,
        user_id: manager!,
        family_user_id: manager!,
        role: 'MANAGER',
        sub_challenge_id: round.id,
        slot_key: `challenge:${round.id}`,
        reward_notice_display_yn: 'N',
        joined_at: stamp,
      })
      .execute();
    const tokens = await Promise.all(joiners.map((id) => tokenFor(id)));
    const started = performance.now();
    const timed = await Promise.all(
      tokens.map(async (token, index) => {
        const sent = performance.now();
        const answer = await post(
          index % 2 === 0 ? a : b,
          'team/create-team-member',
          {
            teamId: team.public_id,
            subChallengeId: String(round.id),
            challengeType: 'challenge',
            agreed: true,
          },
          token,
        );
        return { answer, ms: performance.now() - sent };
      }),
    );
    const answers = timed.map(({ answer }) => answer);
    const elapsed = Math.round(performance.now() - started);
    const statuses = answers.map((answer) => answer.status);
    const row = await database.db
      .selectFrom('teams')
      .select('member_count')
      .where('id', '=', team.id)
      .executeTakeFirstOrThrow();
    const members = await database.db
      .selectFrom('team_members')
      .select('id')
      .where('team_id', '=', team.id)
      .execute();
    const byStatus: Record<number, number> = {};
    for (const status of statuses) byStatus[status] = (byStatus[status] ?? 0) + 1;
    console.info(
      `[two servers] 200 joins over both: ${statuses.filter((s) => s === 200).length} in, ${elapsed} ms; answers by status ${JSON.stringify(byStatus)}`,
    );
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    // Every other joiner is refused: the team is full (409), or, on a machine too busy to run the
    // request's statement within its time-out or give it one of the pool's connections within its
    // wait (10 s), "busy, try again" (503, decision 044; CI met one at load average ~12). Nothing else.
    // How many are busy is the machine's speed, not counted; but each busy one came after the server
    // waited its own bound at least (a lower bound, which slowness only helps; less 100 ms for
    // PostgreSQL's clock against this one's): a join refused sooner was refused for something else.
    const busy = timed.filter(({ answer }) => answer.status === 503);
    for (const { answer, ms } of busy) {
      expect(((await answer.json()) as { error: { code: string } }).error.code).toBe('SERVICE_UNAVAILABLE');
      expect(ms).toBeGreaterThanOrEqual(STATEMENT_TIMEOUT_MS - 100);
    }
    expect(statuses.filter((status) => status === 409)).toHaveLength(190 - busy.length);
    expect(row.member_count).toBe(11);
    expect(members).toHaveLength(11);
  });

  it('counts wrong passwords sent to both servers together', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 14; attempt += 1) {
      const answer = await post(attempt % 2 === 0 ? a : b, 'login/children-login', {
        id: 'demo-child',
        password: `wrong-${attempt}-pass`,
        autoLogin: false,
      });
      statuses.push(answer.status);
    }
    // Ten free failures for one child id in all; had each server counted alone, 14 would all pass.
    const firstRefusal = statuses.indexOf(429);
    expect(firstRefusal).toBeGreaterThanOrEqual(10);
    expect(firstRefusal).toBeLessThanOrEqual(11);
  });

  it('closes an ended round once when both servers close it at the same moment', async () => {
    const ended = await database.db
      .insertInto('sub_challenges')
      .values({
        challenge_id: (
          await database.db
            .selectFrom('challenges')
            .select('id')
            .where('challenge_type', '=', 'challenge')
            .executeTakeFirstOrThrow()
        ).id,
        round: 10,
        title: '끝난 두 서버 기수',
        recruit_start: addDays(today, -40),
        recruit_end: addDays(today, -31),
        start_date: addDays(today, -30),
        end_date: addDays(today, -10),
        max_user: 10,
        paid_reward_amount: 100,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const env = { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'silent' };
    const cli = path.join(repoRoot, 'apps/server/src/jobs/close-rounds.cli.ts');
    const outputs = await Promise.all(
      [0, 1].map(() =>
        run(process.execPath, ['--import', 'tsx', cli, '--round', String(ended.id)], { env, cwd: repoRoot }),
      ),
    );
    const closedBy = outputs.filter((output) => output.stdout.includes(': closed')).length;
    expect(closedBy).toBe(1);
    const claims = await database.db
      .selectFrom('round_closes')
      .select('closed_by')
      .where('sub_challenge_id', '=', ended.id)
      .execute();
    expect(claims).toHaveLength(1);
  });
});
