// The rankings' scale bench (issue 8 item 10): a PostgreSQL data set of 10,000 teams, 100,000 members
// and 10,000,000 certifications, generated inside the database with generate_series, then the team
// ranking and member ranking calls under load and the round close, timed. Run alone with
// `npm run build && tsx bench/rankings.ts`, or as part of `npm run bench`. Skipped without PostgreSQL.
// `BENCH_CPU_PROF=<dir>` runs its server with `--cpu-prof` and summarizes each call's window of the
// profile (bench/profile-summary.ts); `BENCH_SKIP_CLOSE=1` leaves the round close out (a quick loop).
// `BENCH_RANK_DB` names the database (a copy, to close rounds in while another run ranks in the
// original); `BENCH_ONLY=close` times the close alone, without the ranking load.
// `BENCH_CLOSE_KEYS=off` (only in a copy named by `BENCH_RANK_DB`) first drops the foreign keys of
// the tables the close writes, for good: the close's floor with the same rows and indexes, no checks.
// `BENCH_CLOSE_SUBSCRIBED` (0.2) is the share of the round's members with a browser subscribed to
// pushes during the close: only they get a round-results push row (decision 060); 1 is the worst case.
import autocannon from 'autocannon';
import { addDays, seoulDay } from '@hamkke/contract/dates';
import { sql, type Kysely } from 'kysely';
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/connection.ts';
import { migrateToLatest } from '../apps/server/src/db/migrator.ts';
import { seedBadgeRules } from '../apps/server/src/db/seed/badge-rules.ts';
import type { Database } from '../apps/server/src/db/schema.ts';
import { startServer } from '../apps/server/test/spawn-server.ts';
import {
  monotonicMicros,
  newestProfile,
  printProfileSummary,
  summarizeProfile,
  type ProfileSummary,
} from './profile-summary.ts';

const ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = process.env.BENCH_RANK_DB ?? 'hamkke_bench_rank';
const closeOnly = process.env.BENCH_ONLY === 'close';
const closeWithoutKeys = process.env.BENCH_CLOSE_KEYS === 'off';
const closeSubscribedShare = Number(process.env.BENCH_CLOSE_SUBSCRIBED ?? 0.2);
/** The tables a close writes (decisions 052, 055). */
const CLOSE_TABLES = [
  'round_closes',
  'round_team_results',
  'round_member_results',
  'medals',
  'rewards',
  'user_badges',
  'push_sends',
] as const;
const TEAMS = 10_000;
const PER_TEAM = 10;
/** Days of the round so far: 100,000 members × 105 days, about 1 in 21 skipped ≈ 10,000,000. */
const DAYS = 105;
const durationSeconds = Number(process.env.BENCH_DURATION ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
}

export interface RankingBench {
  generatedSeconds: number | null;
  counts: { teams: number; members: number; certifications: number };
  /** Null with `BENCH_ONLY=close`. */
  teamRanking: LoadResult | null;
  memberRanking: LoadResult | null;
  /** What the close wrote: medals, reward ledger rows, badges and pushes granted, counted after it. */
  close: {
    firstMs: number;
    secondMs: number;
    medals: number;
    rewarded: number;
    granted: { medals: number; rewards: number; badges: number; pushes: number };
  } | null;
  /** `BENCH_CPU_PROF`: where the server's time went during each call's run. */
  profiles: Array<{ scenario: string; summary: ProfileSummary }>;
}

async function reachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query(`select 1`);
    const exists = await client.query('select 1 from pg_database where datname = $1', [DB_NAME]);
    if (exists.rowCount === 0) await client.query(`create database ${DB_NAME}`);
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

const epochDay = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / 86_400_000);

/** Everything inside PostgreSQL: users, teams, members, ten million certifications, the kept scores. */
async function generate(db: Kysely<Database>, today: string): Promise<number> {
  const started = performance.now();
  const start = addDays(today, -(DAYS - 1));
  const stamp = new Date().toISOString();
  await sql`set synchronous_commit = off`.execute(db);
  const challenge = await db
    .insertInto('challenges')
    .values({ challenge_type: 'challenge', title: '벤치 챌린지', description: '', created_at: stamp })
    .returning('id')
    .executeTakeFirstOrThrow();
  const round = await db
    .insertInto('sub_challenges')
    .values({
      challenge_id: challenge.id,
      round: 1,
      title: '벤치 1기',
      recruit_start: addDays(start, -14),
      recruit_end: addDays(start, -1),
      start_date: start,
      end_date: addDays(today, 10),
      max_user: PER_TEAM,
      paid_reward_amount: 1000,
      traffic_reward_mb: 500,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const mission = await db
    .insertInto('missions')
    .values({
      sub_challenge_id: round.id,
      title: '벤치 미션',
      description: '',
      icon: '✅',
      proof_type: 'TEXT',
      sort: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const members = TEAMS * PER_TEAM;
  await sql`insert into users (user_type, kakao_id, name, alias, status, created_at, updated_at)
    select 'PARENT', 'bench-' || g, '벤치' || g, '벤치' || g, 'USER', ${stamp}, ${stamp}
    from generate_series(1, ${members}) g`.execute(db);
  const base = await sql<{
    id: number;
  }>`select min(id) as id from users where kakao_id like 'bench-%'`.execute(db);
  const userBase = Number(base.rows[0]!.id) - 1;
  const joined = `${addDays(start, -2)}T00:00:00.000Z`;
  await sql`insert into teams (sub_challenge_id, name, name_key, description, emoji, manager_user_id,
      recruiting_open, allow_member_invite, member_count, reserved_seats, created_at, updated_at)
    select ${round.id}, '벤치팀' || t, 'bench' || t, '', '🌱', ${userBase} + (t - 1) * ${PER_TEAM} + 1, 1, 0,
      ${PER_TEAM}, 0, ${joined}, ${joined}
    from generate_series(1, ${TEAMS}) t`.execute(db);
  const teamBase = await sql<{
    id: number;
  }>`select min(id) as id from teams where sub_challenge_id = ${round.id}`.execute(db);
  const firstTeam = Number(teamBase.rows[0]!.id) - 1;
  await sql`insert into team_members (team_id, user_id, family_user_id, role, sub_challenge_id, slot_key,
      reward_notice_display_yn, joined_at)
    select ${firstTeam} + t, ${userBase} + (t - 1) * ${PER_TEAM} + k, ${userBase} + (t - 1) * ${PER_TEAM} + k,
      case when k = 1 then 'MANAGER' else 'MEMBER' end, ${round.id}, ${`challenge:${round.id}`}, 'N', ${joined}
    from generate_series(1, ${TEAMS}) t, generate_series(1, ${PER_TEAM}) k`.execute(db);
  // Each member certifies most days; who skips which day varies, so rankings are not all ties.
  await sql`insert into mission_certifications (user_id, mission_id, certified_on, content_html, created_at)
    select ${userBase} + u, ${mission.id}, to_char(${start}::date + d, 'YYYY-MM-DD'), '<p>ok</p>',
      to_char(${start}::date + d, 'YYYY-MM-DD') || 'T0' || (u % 10) || ':' || lpad((u % 60)::text, 2, '0') || ':00.000Z'
    from generate_series(1, ${members}) u, generate_series(0, ${DAYS - 1}) d
    where (u * 13 + d * (1 + u % 3)) % 21 <> 0`.execute(db);
  await sql`analyze mission_certifications`.execute(db);
  await sql`update team_members m set cert_count = c.count, last_cert_at = c.last
    from (select user_id, count(*) as count, max(created_at) as last from mission_certifications
          where mission_id = ${mission.id} group by user_id) c
    where c.user_id = m.user_id and m.sub_challenge_id = ${round.id}`.execute(db);
  await sql`update teams t set cert_count = s.total, member_days_base = ${PER_TEAM * epochDay(start)},
      day_count = s.today, day_count_on = ${today}
    from (select m.team_id, sum(m.cert_count) as total,
            sum(case when m.last_cert_at >= ${`${today}T00:00:00.000Z`} then 1 else 0 end) as today
          from team_members m where m.sub_challenge_id = ${round.id} group by m.team_id) s
    where s.team_id = t.id`.execute(db);
  await sql`analyze`.execute(db);
  await sql`create table if not exists bench_marker (sub_challenge_id integer, made_on text)`.execute(db);
  await sql`insert into bench_marker values (${round.id}, ${today})`.execute(db);
  return (performance.now() - started) / 1000;
}

/**
 * Gives every team without one a public id as the app makes them (16 random bytes, base64url):
 * the ranking calls name the caller's team by it.
 */
async function givePublicIds(db: Kysely<Database>): Promise<void> {
  await sql`update teams set public_id = rtrim(translate(encode(decode(md5(random()::text || id::text), 'hex'),
      'base64'), '+/', '-_'), '=')
    where public_id is null`.execute(db);
}

async function measure(url: string, headers: Record<string, string>, body: string) {
  const options = { url, method: 'POST' as const, headers, body, connections };
  await autocannon({ ...options, duration: 1 });
  const fromUs = monotonicMicros();
  const result = await autocannon({ ...options, duration: durationSeconds });
  return {
    requestsPerSecond: Math.round(result.requests.average * 10) / 10,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    window: { fromUs, toUs: monotonicMicros() },
  };
}

export async function runRankingBench(): Promise<RankingBench | null> {
  if (!(await reachable())) {
    console.info('rankings bench: PostgreSQL not reachable, skipped');
    return null;
  }
  const url = ADMIN_URL.replace(/\/[^/]*$/, `/${DB_NAME}`);
  const database = openDatabase({ kind: 'postgres', connectionString: url });
  const db = database.db;
  await migrateToLatest(db);
  const today = seoulDay(new Date());
  let generatedSeconds: number | null = null;
  const marker = await sql<{ sub_challenge_id: number; made_on: string }>`
    select * from bench_marker`
    .execute(db)
    .catch(() => ({ rows: [] as { sub_challenge_id: number; made_on: string }[] }));
  if (
    marker.rows.length === 0 ||
    process.env.BENCH_RANKING_REBUILD === '1' ||
    marker.rows[0]!.made_on !== today
  ) {
    await database.close();
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${DB_NAME} with (force)`);
    await admin.query(`create database ${DB_NAME}`);
    await admin.end();
    const fresh = openDatabase({ kind: 'postgres', connectionString: url });
    await migrateToLatest(fresh.db);
    console.info('rankings bench: generating 10,000 teams, 100,000 members, ~10,000,000 certifications…');
    generatedSeconds = await generate(fresh.db, today);
    console.info(`rankings bench: generated in ${generatedSeconds.toFixed(0)} s`);
    await fresh.close();
    return runRankingBenchOn(url, today, generatedSeconds);
  }
  await database.close();
  return runRankingBenchOn(url, today, generatedSeconds);
}

async function runRankingBenchOn(
  url: string,
  today: string,
  generatedSeconds: number | null,
): Promise<RankingBench> {
  const database = openDatabase({ kind: 'postgres', connectionString: url });
  const db = database.db;
  const [{ sub_challenge_id: round }] = (
    await sql<{ sub_challenge_id: number }>`select sub_challenge_id from bench_marker`.execute(db)
  ).rows as [{ sub_challenge_id: number }];
  // Teams are named by their public ids (decision 022); a data set made before this step has none.
  await givePublicIds(db);
  const counts = (
    await sql<{ teams: number; members: number; certifications: number }>`select
      (select count(*) from teams) as teams, (select count(*) from team_members) as members,
      (select count(*) from mission_certifications) as certifications`.execute(db)
  ).rows[0]!;
  // A team in the middle of the ranking, and one of its members with a session.
  const middle = (
    await sql<{
      id: number;
      public_id: string;
      user_id: number;
    }>`select t.id, t.public_id, m.user_id from teams t
      join team_members m on m.team_id = t.id and m.role = 'MANAGER'
      where t.sub_challenge_id = ${round} order by t.cert_count desc offset 5000 limit 1`.execute(db)
  ).rows[0]!;
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  await db
    .insertInto('access_tokens')
    .values({
      token_hash: createHash('sha256').update(token).digest('hex'),
      user_id: middle.user_id,
      expires_at: new Date(now.getTime() + 3_600_000).toISOString(),
      created_at: now.toISOString(),
      revoked_at: null,
    })
    .execute();
  const profileDir = process.env.BENCH_CPU_PROF;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const body = JSON.stringify({ teamId: middle.public_id });
  let teamRanking: LoadResult | null = null;
  let memberRanking: LoadResult | null = null;
  const profiles: RankingBench['profiles'] = [];
  if (!closeOnly) {
    const server = await startServer(
      { DATABASE_URL: url, SEED_DEMO_DATA: 'false' },
      profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
    );
    let teamRun;
    let memberRun;
    try {
      teamRun = await measure(`${server.baseUrl}/v1/api/front/team/team-rank-challenge`, headers, body);
      memberRun = await measure(`${server.baseUrl}/v1/api/front/team/team-member-challenge`, headers, body);
    } finally {
      await server.stop();
    }
    const { window: teamWindow, ...teamRest } = teamRun;
    const { window: memberWindow, ...memberRest } = memberRun;
    teamRanking = teamRest;
    memberRanking = memberRest;
    if (profileDir) {
      const file = newestProfile(profileDir);
      for (const [scenario, window] of [
        ['team/team-rank-challenge', teamWindow],
        ['team/team-member-challenge', memberWindow],
      ] as const) {
        const summary = summarizeProfile(file, { top: 15, ...window });
        profiles.push({ scenario, summary });
        printProfileSummary(summary, `CPU profile of ${scenario} (PostgreSQL at scale)`);
      }
    }
  }
  const result = { generatedSeconds, counts: numbers(counts), teamRanking, memberRanking, profiles };
  if (process.env.BENCH_SKIP_CLOSE === '1') {
    await database.close();
    return { ...result, close: null };
  }

  // The close: the round ends yesterday; closed once (timed), then again (finds it closed). With
  // the product's badge rules, as in production: the completion badge is granted to the rewarded.
  await seedBadgeRules(db);
  if (closeWithoutKeys) await dropCloseKeys(db);
  await db
    .updateTable('sub_challenges')
    .set({ end_date: addDays(today, -1) })
    .where('id', '=', round)
    .execute();
  // Every n-th member of the round has a browser subscribed (removed again below).
  await db.deleteFrom('push_subscriptions').where('endpoint', 'like', 'https://bench.invalid/%').execute();
  if (closeSubscribedShare > 0) {
    await sql`insert into push_subscriptions (endpoint, user_id, p256dh, auth, created_at, last_success_at)
      select 'https://bench.invalid/' || m.user_id, m.user_id, 'p256dh', 'auth', ${new Date().toISOString()}, null
      from (select distinct user_id from team_members where sub_challenge_id = ${round}) m
      where m.user_id % ${Math.round(1 / closeSubscribedShare)} = 0`.execute(db);
  }
  const app = await buildApp({ config: { ...loadConfig({ DATABASE_URL: url, LOG_LEVEL: 'silent' }) }, db });
  let close;
  try {
    let started = performance.now();
    const first = await app.services.roundClose.close(round, 'bench');
    const firstMs = Math.round(performance.now() - started);
    started = performance.now();
    const second = await app.services.roundClose.close(round, 'bench');
    const secondMs = Math.round(performance.now() - started);
    if (!first.closed || second.closed) throw new Error('the close did not run exactly once');
    const granted = (
      await sql<{ medals: number; rewards: number; badges: number; pushes: number }>`select
        (select count(*) from medals where sub_challenge_id = ${round}) as medals,
        (select count(*) from rewards where sub_challenge_id = ${round}) as rewards,
        (select count(*) from user_badges) as badges,
        (select count(*) from push_sends where kind = 'roundResults') as pushes`.execute(db)
    ).rows[0]!;
    close = {
      firstMs,
      secondMs,
      medals: first.medals,
      rewarded: first.rewarded,
      granted: {
        medals: Number(granted.medals),
        rewards: Number(granted.rewards),
        badges: Number(granted.badges),
        pushes: Number(granted.pushes),
      },
    };
  } finally {
    // Leave the data set as it was for the next run.
    for (const table of [
      'rewards',
      'medals',
      'round_member_results',
      'round_team_results',
      'round_closes',
    ] as const) {
      await db.deleteFrom(table).where('sub_challenge_id', '=', round).execute();
    }
    await db.deleteFrom('user_badges').execute();
    await db.deleteFrom('push_sends').where('kind', '=', 'roundResults').execute();
    await db.deleteFrom('push_subscriptions').where('endpoint', 'like', 'https://bench.invalid/%').execute();
    await db
      .updateTable('sub_challenges')
      .set({ end_date: addDays(today, 10) })
      .where('id', '=', round)
      .execute();
    await app.close();
    await database.close();
  }
  return { ...result, close };
}

/** `BENCH_CLOSE_KEYS=off`: the close's tables lose their foreign keys, in a copy only. */
async function dropCloseKeys(db: Kysely<Database>): Promise<void> {
  if (!process.env.BENCH_RANK_DB || DB_NAME === 'hamkke_bench_rank') {
    throw new Error('BENCH_CLOSE_KEYS=off drops constraints for good: name a copy with BENCH_RANK_DB');
  }
  const keys = await sql<{ table_name: string; name: string }>`
    select conrelid::regclass::text as table_name, conname as name from pg_constraint
    where contype = 'f' and conrelid::regclass::text in (${sql.join(CLOSE_TABLES)})`.execute(db);
  for (const key of keys.rows) {
    await sql`alter table ${sql.table(key.table_name)} drop constraint ${sql.ref(key.name)}`.execute(db);
  }
  console.info(`rankings bench: ${keys.rows.length} foreign keys of the close's tables dropped`);
}

function numbers(counts: { teams: number; members: number; certifications: number }) {
  return {
    teams: Number(counts.teams),
    members: Number(counts.members),
    certifications: Number(counts.certifications),
  };
}

if (import.meta.url === `file://${process.argv[1]}` && !process.argv[1]?.endsWith('run.ts')) {
  const result = await runRankingBench();
  console.info(JSON.stringify(result, null, 2));
}
