import { addDays, seoulDay } from '@hamkke/contract/dates';
import type { Kysely } from 'kysely';
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { Database } from '../src/db/schema.ts';
import { HANG_GUARD_MS } from '../test/hang-guards.ts';
import { multipartBody } from '../test/images.ts';
import { testRedisUrl } from '../test/redis.ts';
import { freePort } from '../test/spawn-server.ts';

/**
 * Tools of the failure drills (issue 28 item 5): throwaway PostgreSQL and Redis instances of the
 * test's own on other ports (the shared ones serve everyone's tests and are never stopped), a
 * steady load that records every answer, and the table each drill prints.
 */

const run = promisify(execFile);

/**
 * Resolves once `child` prints a line matching `pattern` (its own word that it is ready: no timer
 * asks it again and again); rejects if it exits first, or (a hang guard, not a limit on the start)
 * if it neither says so nor exits within `limitMs`, and then kills it. Its output goes on being read
 * (a full pipe would stall it); the last of it is in the messages.
 */
export function readyLine(
  child: ChildProcess,
  pattern: RegExp,
  what: string,
  limitMs: number = HANG_GUARD_MS.start,
): Promise<RegExpExecArray> {
  let log = '';
  let settled = false;
  return new Promise((resolve, reject) => {
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(guard);
      child.off('exit', onExit);
      child.off('error', onError);
      outcome();
    };
    const guard = setTimeout(
      () =>
        settle(() => {
          child.kill('SIGKILL');
          reject(
            new Error(`${what} neither said it was ready nor exited in ${limitMs} ms (hang guard):\n${log}`),
          );
        }),
      limitMs,
    );
    const onData = (chunk: Buffer) => {
      log = (log + chunk.toString()).slice(-4000);
      if (settled) return;
      const match = pattern.exec(log);
      if (match) settle(() => resolve(match));
    };
    const onExit = (code: number | null, signal: NodeJS.Signals | null) =>
      settle(() =>
        reject(new Error(`${what} exited before it was ready (${signal ?? `exit ${code}`}):\n${log}`)),
      );
    const onError = (error: Error) => settle(() => reject(error));
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', onExit);
    child.once('error', onError);
  });
}

const pgBin = '/usr/lib/postgresql/15/bin';

/** Why a throwaway PostgreSQL cannot run here, or null. */
export function ownPostgresMissing(): string | null {
  if (!fs.existsSync(path.join(pgBin, 'initdb'))) return `no PostgreSQL 15 binaries in ${pgBin}`;
  try {
    execFileSync('id', ['postgres'], { stdio: 'ignore' });
  } catch {
    return 'no postgres user to run a throwaway PostgreSQL as';
  }
  return null;
}

/**
 * A PostgreSQL cluster of the test's own: initdb in a temporary folder, on a free port. Starting and
 * stopping it waits for PostgreSQL itself (`pg_ctl -w`), without blocking this process: a drill's
 * load goes on, and its answers are timed as they come, meanwhile.
 */
export async function startOwnPostgres() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hamkke-drill-pg-'));
  fs.chmodSync(dir, 0o777);
  const data = path.join(dir, 'data');
  const port = await freePort();
  const asPostgres = (command: string, args: string[]) =>
    run('runuser', ['-u', 'postgres', '--', path.join(pgBin, command), ...args], { cwd: dir });
  execFileSync('chown', ['postgres', dir]);
  await asPostgres('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const ctl = (...args: string[]) =>
    asPostgres('pg_ctl', [
      '-D',
      data,
      '-l',
      path.join(dir, 'log'),
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      '-w',
      // pg_ctl waits for PostgreSQL to say it started or stopped, 60 s at most by default: a hang
      // guard instead, since a cluster at load average 30 may take longer and still be well.
      '-t',
      String(HANG_GUARD_MS.start / 1000),
      ...args,
    ]);
  await ctl('start');
  return {
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    /** Stops at once (fast shutdown: open sessions are ended, as in a restart). */
    stop: () => ctl('-m', 'fast', 'stop'),
    /** Resolves once PostgreSQL accepts connections again. */
    start: () => ctl('start'),
    async destroy() {
      try {
        await ctl('-m', 'immediate', 'stop');
      } catch {
        // already stopped
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A Redis of the test's own on a free port, without persistence; stop and start it again on the same
 * port. A start resolves when redis-server says it is ready ("Ready to accept connections").
 */
export async function startOwnRedis() {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const start = async () => {
    const starting = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = starting;
    await readyLine(starting, /Ready to accept connections/, `redis-server on port ${port}`);
  };
  const stop = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, start, stop };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until `condition` holds (checked every 100 ms): for a drill that needs something to have
 * happened (writes acknowledged, a request refused) rather than some time to have passed, which a
 * loaded machine stretches. `limitMs` is a hang guard, not a limit on the drill: a condition still
 * false after it never comes true.
 */
export async function until(
  condition: () => boolean | Promise<boolean>,
  what: string,
  limitMs: number = HANG_GUARD_MS.poll,
): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${limitMs} ms (hang guard)`);
    await sleep(100);
  }
}

/**
 * How long a drill's client waits for one answer: a hang guard, not the web app's own time-out (15 s,
 * apps/web's client). An answer a loaded machine made slow is recorded as it came, slow, not turned
 * into a failure; what the web app needs of a server whose dependency is down (refused at once, not
 * held until the web gives up) each drill asserts from events: answers given while the dependency was
 * still down, a stuck statement answered while its row was still locked.
 */
const ANSWER_GUARD_MS = HANG_GUARD_MS.step;

export interface Answer {
  kind: string;
  status: number;
  /** The error envelope's code, when there is one. */
  code: string | null;
  startedAt: number;
  ms: number;
}

/**
 * A steady load: each named flow runs in its own loop (`concurrency` loops each), one call after
 * the other, every answer recorded with its time. A call that failed without an answer (the
 * connection refused or reset, or the hang guard gave up on it) is status 0.
 */
export function steadyLoad(flows: Record<string, () => Promise<Response>>, concurrency = 2) {
  const answers: Answer[] = [];
  let running = true;
  const loops = Object.entries(flows).flatMap(([kind, call]) =>
    Array.from({ length: concurrency }, async () => {
      while (running) {
        const startedAt = Date.now();
        let status: number;
        let code: string | null = null;
        try {
          const response = await call();
          status = response.status;
          const text = await response.text();
          if (status >= 400) code = (JSON.parse(text) as { error?: { code?: string } }).error?.code ?? null;
        } catch {
          status = 0;
        }
        answers.push({ kind, status, code, startedAt, ms: Date.now() - startedAt });
        await sleep(50);
      }
    }),
  );
  return {
    /** The flows' names. */
    kinds: Object.keys(flows),
    answers,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

/** Served: an answer below 500 (a refusal the flow expects, such as 409, included), not a failure. */
export const served = (answer: Answer) => answer.status > 0 && answer.status < 500;

/**
 * Whether each flow of `load` has an answer that `matches`, to a request begun at or after `since`:
 * what a drill waits for (each flow refused while a dependency is down, served again once it is
 * back) instead of a fixed time a loaded machine may need more than.
 */
export function eachFlowHas(
  load: { kinds: readonly string[]; answers: readonly Answer[] },
  since: number,
  matches: (answer: Answer) => boolean,
): boolean {
  return load.kinds.every((kind) =>
    load.answers.some((answer) => answer.kind === kind && answer.startedAt >= since && matches(answer)),
  );
}

/**
 * Failures among the answers to requests begun at or after `backAt` (a dependency's return): a pool, a
 * client or a disk that recovers by itself serves every request begun once the dependency is back, so
 * any failure there is a recovery not made, however quick or slow the machine. Except a 503 the
 * server gives any request on a busy machine, for its own bound, not the dependency: a statement past
 * its time-out, the pool's connection wait, an S3 call past `S3_TIMEOUT_MS`. Such a 503 comes only
 * after the server waited `busyAfterMs` (its shortest such bound) at least, and a slow machine only
 * lengthens an answer, never shortens it: one that came sooner was refused for something else.
 */
export function failedAfterReturn(answers: readonly Answer[], backAt: number, busyAfterMs: number): Answer[] {
  return answers.filter(
    (answer) =>
      answer.startedAt >= backAt && !served(answer) && !(answer.status === 503 && answer.ms >= busyAfterMs),
  );
}

/** Seconds from `backAt` (the dependency's return) to the first success of every flow after it. */
export function secondsToRecover(answers: readonly Answer[], backAt: number): number {
  const kinds = [...new Set(answers.map((answer) => answer.kind))];
  let latest = backAt;
  for (const kind of kinds) {
    const first = answers.find(
      (answer) => answer.kind === kind && answer.startedAt >= backAt && served(answer),
    );
    if (!first) return Number.POSITIVE_INFINITY;
    latest = Math.max(latest, first.startedAt + first.ms);
  }
  return (latest - backAt) / 1000;
}

/** The drill's table: requests, errors by status, the slowest answer, data lost, seconds to recover. */
export function drillTable(
  title: string,
  answers: readonly Answer[],
  extra: { dataLost: number; recoverSeconds: number; notes?: string },
): string {
  const kinds = [...new Set(answers.map((answer) => answer.kind))];
  const rows = kinds.map((kind) => {
    const mine = answers.filter((answer) => answer.kind === kind);
    const errors = new Map<string, number>();
    for (const answer of mine) {
      if (answer.status >= 200 && answer.status < 300) continue;
      const key = `${answer.status || 'timeout'}${answer.code ? ` ${answer.code}` : ''}`;
      errors.set(key, (errors.get(key) ?? 0) + 1);
    }
    const errorText = [...errors].map(([key, count]) => `${count}× ${key}`).join(', ') || 'none';
    const slowest = Math.max(...mine.map((answer) => answer.ms));
    return `| ${kind} | ${mine.length} | ${errorText} | ${slowest} |`;
  });
  return [
    `\n### ${title}`,
    '| flow | requests | errors by status | slowest ms |',
    '| --- | --- | --- | --- |',
    ...rows,
    `data lost: ${extra.dataLost} · seconds to recover: ${extra.recoverSeconds.toFixed(1)}${extra.notes ? ` · ${extra.notes}` : ''}`,
  ].join('\n');
}

/**
 * Why the test PostgreSQL (TEST_DATABASE_URL) cannot be used here, or null when it answers. A hang
 * guard: a PostgreSQL that is not there refuses at once; one slow to answer on a loaded machine is
 * still there, and must not make a test skip itself.
 */
export async function testPostgresMissing(): Promise<string | null> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return 'TEST_DATABASE_URL is not set (no PostgreSQL)';
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: HANG_GUARD_MS.step });
  try {
    await client.connect();
  } catch {
    return `PostgreSQL at ${adminUrl} does not answer`;
  } finally {
    await client.end().catch(() => undefined);
  }
  return null;
}

/** Why the test Redis cannot be used here, or null when it answers (with the same hang guard). */
export async function testRedisMissing(): Promise<string | null> {
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

/** A session for a person, written as the server writes one. */
export async function tokenFor(db: Kysely<Database>, userId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  await db
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

export function api(baseUrl: string, endpoint: string, body: object, token?: string): Promise<Response> {
  return fetch(`${baseUrl}/v1/api/front/${endpoint}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(ANSWER_GUARD_MS),
  });
}

export function uploadPhoto(baseUrl: string, token: string, jpeg: Buffer): Promise<Response> {
  const body = multipartBody('file', 'photo.jpg', 'image/jpeg', jpeg);
  return fetch(`${baseUrl}/v1/api/front/common/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': body.contentType },
    body: body.payload,
    signal: AbortSignal.timeout(ANSWER_GUARD_MS),
  });
}

/** People in teams with today's missions still open, and those missions: one certification each. */
export async function openMissions(db: Kysely<Database>, baseUrl: string) {
  const people = await db
    .selectFrom('users')
    .innerJoin('team_members', 'team_members.user_id', 'users.id')
    .select('users.id')
    .distinct()
    .execute();
  const work: { token: string; userId: number; missionId: string }[] = [];
  for (const person of people) {
    const token = await tokenFor(db, person.id);
    const list = await api(baseUrl, 'home/mission-list', {}, token);
    const missions = (
      (await list.json()) as { response: { missions: { missionId: string; certified: boolean }[] } }
    ).response.missions;
    for (const mission of missions.filter((m) => !m.certified)) {
      work.push({ token, userId: person.id, missionId: mission.missionId });
    }
  }
  return work;
}

/** A certification the server said it stored, with the number of photos it answered. */
export interface Certified {
  id: number;
  photos: number;
}

/**
 * A certification with one photo, as the web app sends it: the upload, then the certification.
 * Answers the last response; `acknowledged` gets the (user, mission) the server said it stored.
 */
export function certificationFlow(
  baseUrl: string,
  work: { token: string; userId: number; missionId: string }[],
  jpeg: Buffer,
  acknowledged: Certified[],
) {
  return async () => {
    const item = work.shift();
    // All certified (a quick machine): the flow goes on with a public read, not a call without a session.
    if (!item) return api(baseUrl, 'common/total-user-mission', {});
    const uploaded = await uploadPhoto(baseUrl, item.token, jpeg);
    if (!uploaded.ok) {
      work.push(item);
      return uploaded;
    }
    const { response } = (await uploaded.json()) as { response: { data: { fileId: string } } };
    const certified = await api(
      baseUrl,
      'home/mission-certification',
      { missionId: item.missionId, contentHtml: '<p>훈련 인증</p>', fileIds: [response.data.fileId] },
      item.token,
    );
    if (certified.ok) {
      const { response: stored } = (await certified.clone().json()) as {
        response: { certificationId: string; photos: unknown[] };
      };
      acknowledged.push({ id: Number(stored.certificationId), photos: stored.photos.length });
    } else if (certified.status >= 500) work.push(item);
    return certified;
  };
}

/**
 * A recruiting round with one team, and people with sessions ready to join it. A team of the round
 * takes `maxUser` people, its manager included: room for all of them unless given.
 */
export async function joinableTeam(db: Kysely<Database>, people: number, maxUser = people + 10) {
  const today = seoulDay(new Date());
  const challenge = await db
    .selectFrom('challenges')
    .select('id')
    .where('challenge_type', '=', 'challenge')
    .executeTakeFirstOrThrow();
  const round = await db
    .insertInto('sub_challenges')
    .values({
      challenge_id: challenge.id,
      round: 100 + Math.floor(Math.random() * 100_000),
      title: '훈련 기수',
      recruit_start: addDays(today, -3),
      recruit_end: addDays(today, 3),
      start_date: addDays(today, 4),
      end_date: addDays(today, 24),
      max_user: maxUser,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const stamp = new Date().toISOString();
  const rows = await db
    .insertInto('users')
    .values(
      Array.from({ length: people + 1 }, (_, index) => ({
        user_type: 'PARENT' as const,
        kakao_id: `drill-${round.id}-${index}`,
        name: `훈련${index}`,
        alias: `훈련${index}`,
        status: 'USER' as const,
        pin_verified_at: stamp,
        created_at: stamp,
        updated_at: stamp,
      })),
    )
    .returning('id')
    .execute();
  const [manager, ...joiners] = rows.map((row) => row.id);
  const team = await db
    .insertInto('teams')
    .values({
      public_id: randomBytes(16).toString('base64url'),
      sub_challenge_id: round.id,
      name: '훈련 팀',
      name_key: '훈련팀',
      description: '',
      emoji: '🧯',
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
  await db
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
  const sessions: Array<{ userId: number; token: string; retried?: boolean }> = [];
  for (const userId of joiners) sessions.push({ userId, token: await tokenFor(db, userId) });
  /**
   * Joiners whose first try committed but whose answer was lost with the database's connection (a
   * 503), so that their retry found them in already (409 ALREADY_TEAM_MEMBER).
   */
  const committedUnseen: number[] = [];
  return { teamId: team.id, publicId: team.public_id, roundId: round.id, sessions, committedUnseen };
}

/**
 * Joins the team one person after the other; `acknowledged` gets those the server said joined. A
 * join answered 5xx is tried again later; a retry answered ALREADY_TEAM_MEMBER means the first try
 * did commit (its answer was lost): acknowledged too, and counted in `team.committedUnseen`.
 */
export function joinFlow(
  baseUrl: string,
  team: Awaited<ReturnType<typeof joinableTeam>>,
  acknowledged: number[],
) {
  return async () => {
    const next = team.sessions.shift();
    // Everyone joined (a quick machine): the flow goes on with a public read, not a call without a session.
    if (!next) return api(baseUrl, 'common/total-user-mission', {});
    const answer = await api(
      baseUrl,
      'team/create-team-member',
      {
        teamId: team.publicId,
        subChallengeId: String(team.roundId),
        challengeType: 'challenge',
        agreed: true,
      },
      next.token,
    );
    if (answer.ok) acknowledged.push(next.userId);
    else if (answer.status >= 500) team.sessions.push({ ...next, retried: true });
    else if (next.retried && answer.status === 409) {
      const body = (await answer.clone().json()) as { error?: { code?: string } };
      if (body.error?.code === 'ALREADY_TEAM_MEMBER') {
        acknowledged.push(next.userId);
        team.committedUnseen.push(next.userId);
      }
    }
    return answer;
  };
}

/**
 * What a drill checks in the database afterwards: acknowledged writes missing (data lost), and
 * half-written ones (a certification without its photo, a team whose count is not its members).
 */
export async function auditWrites(
  db: Kysely<Database>,
  certified: readonly Certified[],
  joined: readonly number[],
  teamId: number | null,
) {
  let lost = 0;
  let halfWritten = 0;
  // Each acknowledged certification is there, with the photos it answered with attached.
  for (const item of certified) {
    const row = await db
      .selectFrom('mission_certifications')
      .select('id')
      .where('id', '=', item.id)
      .executeTakeFirst();
    if (!row) {
      lost += 1;
      continue;
    }
    const photos = await db
      .selectFrom('files')
      .select('id')
      .where('certification_id', '=', item.id)
      .execute();
    if (photos.length !== item.photos) halfWritten += 1;
  }
  if (teamId !== null) {
    const team = await db
      .selectFrom('teams')
      .select('member_count')
      .where('id', '=', teamId)
      .executeTakeFirstOrThrow();
    const members = await db
      .selectFrom('team_members')
      .select('user_id')
      .where('team_id', '=', teamId)
      .execute();
    if (team.member_count !== members.length) halfWritten += 1;
    const present = new Set(members.map((member) => member.user_id));
    lost += joined.filter((userId) => !present.has(userId)).length;
  }
  return { lost, halfWritten };
}

/**
 * s3rver in a process of its own, with OpenSSL's legacy provider: it makes its list continuation
 * tokens with DES, which Node's OpenSSL 3 refuses otherwise, so an in-process s3rver cannot list a
 * bucket of more than 1000 objects (the demo seed alone stores about 1500), and the orphan sweep
 * lists the whole bucket.
 */
export async function startS3rverProcess(bucket = 'hamkke-photos') {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'hamkke-drill-s3-'));
  const bin = path.resolve(import.meta.dirname, '../../../node_modules/s3rver/bin/s3rver.js');
  const child = spawn(
    process.execPath,
    [
      '--openssl-legacy-provider',
      bin,
      '-d',
      directory,
      '-a',
      '127.0.0.1',
      // A port of its own choosing, which it names when it listens (its bucket made by then).
      '-p',
      '0',
      '-s',
      '--configure-bucket',
      bucket,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let port: number;
  try {
    const [, listening] = await readyLine(child, /S3rver listening on [^\s]+:(\d+)/, 's3rver');
    port = Number(listening);
  } catch (error) {
    fs.rmSync(directory, { recursive: true, force: true });
    throw error;
  }
  return {
    options: {
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      bucket,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    async close() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
