// Pushes at scale (decision 058): on a temporary SQLite database, `BENCH_PUSH_PEOPLE` people (20,000)
// each with a browser subscription on a local RFC 8030 push service over HTTPS (the tests' one, which
// checks every VAPID signature). First the daily reminder's job at 20:00 Seoul, run twice as two
// minutes would (none of them has a mission today: each one is looked at, none reminded); then a
// round's results push queued for all of them, sent by the job's `sendDue` run after run until none
// is left. Run alone with `tsx bench/push.ts`, or as part of `npm run bench`.
import { sql } from 'kysely';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import webpush from 'web-push';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/connection.ts';
import { migrateToLatest } from '../apps/server/src/db/migrator.ts';
import { buildPushServices } from '../apps/server/src/modules/push/push.module.ts';
import { browserKeys, startPushService } from '../apps/server/test/push-service.ts';

/** The test's push service listens on this machine: allowed by the tests' switch only (decision 067). */
const LOCAL_PUSH = { hosts: [], allowLoopback: true, timeoutMs: 5000 };

const PEOPLE = Number(process.env.BENCH_PUSH_PEOPLE ?? 20_000);
/** 20:00 in Seoul: the default daily reminder time. */
const EVENING = new Date('2026-11-20T11:00:00.000Z');

export interface PushBench {
  people: number;
  /** Each run of the daily reminders' queueing, one minute apart. */
  dailyRunsMs: number[];
  /** The round's results: runs of `sendDue` until nothing is due. */
  send: {
    runs: number;
    sentPerRun: number[];
    totalMs: number;
    slowestRunMs: number;
    received: number;
    perSecond: number;
  };
}

export async function runPushBench(): Promise<PushBench> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hamkke-bench-push-'));
  const filename = path.join(dir, 'push.db');
  const database = openDatabase({ kind: 'sqlite', filename });
  const service = await startPushService();
  try {
    const db = database.db;
    await migrateToLatest(db);
    const stamp = EVENING.toISOString();
    await sql`insert into users (user_type, kakao_id, name, alias, status, created_at, updated_at)
      with recursive n(i) as (select 1 union all select i + 1 from n where i < ${PEOPLE})
      select 'PARENT', 'bench-push-' || i, '벤치' || i, '벤치' || i, 'USER', ${stamp}, ${stamp} from n`.execute(
      db,
    );
    // One browser's keys for everyone: each push is still encrypted and signed on its own.
    const keys = browserKeys();
    await sql`insert into push_subscriptions (endpoint, user_id, p256dh, auth, created_at, last_success_at)
      select ${`${service.origin}/push/`} || id, id, ${keys.p256dh}, ${keys.auth}, ${stamp}, null from users`.execute(
      db,
    );
    let now = EVENING;
    const clock = () => now;
    const vapid = webpush.generateVAPIDKeys();
    const app = await buildApp({
      config: loadConfig({
        DATABASE_URL: `file:${filename}`,
        LOG_LEVEL: 'silent',
        PUSH_ALLOW_LOOPBACK: 'true',
      }),
      db,
      clock,
    });
    const push = buildPushServices({
      db,
      clock,
      missions: app.services.missions,
      vapid,
      vapidSubject: 'mailto:help@hamkke-mission.kr',
      ca: service.ca,
      push: LOCAL_PUSH,
    });
    try {
      const dailyRunsMs: number[] = [];
      for (let minute = 0; minute < 2; minute += 1) {
        now = new Date(EVENING.getTime() + minute * 60_000);
        const started = performance.now();
        await push.pushScheduling.queueDailyReminders();
        dailyRunsMs.push(Math.round(performance.now() - started));
      }

      await sql`insert into push_sends (send_key, user_id, kind, day, title, body, url, status, not_before, created_at, sent_at)
        select 'roundResults:' || id || ':2026-11-20', id, 'roundResults', '2026-11-20', '라운드 결과가 나왔어요',
          '우리 팀의 순위와 메달을 확인해 보세요.', '/challenge/history', 'pending', ${stamp}, ${stamp}, null
        from users`.execute(db);
      const sentPerRun: number[] = [];
      let slowestRunMs = 0;
      const started = performance.now();
      for (;;) {
        const runStarted = performance.now();
        const totals = await push.pushDelivery.sendDue();
        slowestRunMs = Math.max(slowestRunMs, Math.round(performance.now() - runStarted));
        if (totals.sent === 0) break;
        sentPerRun.push(totals.sent);
      }
      const totalMs = Math.round(performance.now() - started);
      const received = service.received.length;
      return {
        people: PEOPLE,
        dailyRunsMs,
        send: {
          runs: sentPerRun.length,
          sentPerRun,
          totalMs,
          slowestRunMs,
          received,
          perSecond: Math.round((received / totalMs) * 1000),
        },
      };
    } finally {
      await app.close();
    }
  } finally {
    await service.close();
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export function pushLines(result: PushBench): string[] {
  const { send } = result;
  const runs =
    send.sentPerRun.length > 6 ? `${send.sentPerRun.slice(0, 3).join(', ')}, …` : send.sentPerRun.join(', ');
  return [
    `pushes to ${result.people} subscribed people (SQLite, local push service over HTTPS):`,
    `  daily reminders' queueing at 20:00, then 20:01: ${result.dailyRunsMs.map((ms) => `${ms} ms`).join(', ')}`,
    `  a round's results to all: ${send.received} delivered in ${send.runs} runs of the job (${runs} each; one run a minute), ${send.totalMs} ms of sending, ${send.perSecond}/s; slowest run ${send.slowestRunMs} ms`,
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await runPushBench();
  for (const line of pushLines(result)) console.info(line);
  console.info(JSON.stringify(result));
}
