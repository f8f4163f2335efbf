import { addDays, seoulDay } from '@hamkke/contract/dates';
import { randomBytes } from 'node:crypto';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/connection.ts';
import { makeJpeg } from '../test/images.ts';
import { uniqueRedisPrefix, testRedisUrl } from '../test/redis.ts';
import { startS3rver } from '../test/s3.ts';
import { startServer, type RunningServer } from '../test/spawn-server.ts';
import { api, joinableTeam, uploadPhoto, testPostgresMissing, testRedisMissing } from './drill-kit.ts';

const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** Why the two-server test cannot run here, or null when PostgreSQL and Redis both answer. */
const missing = async () => (await testPostgresMissing()) ?? (await testRedisMissing());

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

  const post = (server: RunningServer, endpoint: string, body: object, token?: string) =>
    api(server.baseUrl, endpoint, body, token);

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

    const uploaded = await uploadPhoto(a.baseUrl, token, await makeJpeg());
    expect(uploaded.status).toBe(200);
    const photo = ((await uploaded.json()) as { response: { data: { url: string } } }).response.data;
    const served = await fetch(`${b.baseUrl}${photo.url}`);
    expect(served.status).toBe(200);
    expect((await served.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  });

  it('lets exactly 10 of 200 joiners spread over both servers into a team with 10 free seats', async () => {
    // 200 joiners for the 10 seats a team of 11 has left beside its manager.
    const team = await joinableTeam(database.db, 200, 11);
    const started = performance.now();
    const timed = await Promise.all(
      team.sessions.map(async ({ token }, index) => {
        const sent = performance.now();
        const answer = await post(
          index % 2 === 0 ? a : b,
          'team/create-team-member',
          {
            teamId: team.publicId,
            subChallengeId: String(team.roundId),
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
      .where('id', '=', team.teamId)
      .executeTakeFirstOrThrow();
    const members = await database.db
      .selectFrom('team_members')
      .select('id')
      .where('team_id', '=', team.teamId)
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
