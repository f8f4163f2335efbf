// `npm run bench -- --soak <seconds>`: the realistic mix (home, header counts, a team ranking, and a
// certification with a photo: upload, certify, delete) against the built server on a seeded SQLite
// database. First the mix's maximum is measured (closed loop, 32 workers, 20 s); then it runs at
// half that rate (open loop: requests are started on schedule, whatever the answers) for the given
// time, and reports per minute: requests, errors, p50 and p99, and the server's RSS.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { makeJpeg, multipartBody } from '../apps/server/test/images.ts';
import { mintSession, startServer } from '../apps/server/test/spawn-server.ts';
import { memoryOf } from './memory.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

type Kind = 'home' | 'counts' | 'ranking' | 'certification';
/** Of every 20 operations: 7 home, 6 counts, 4 rankings, 3 certifications (3 requests each). */
const MIX: Kind[] = [
  ...Array<Kind>(7).fill('home'),
  ...Array<Kind>(6).fill('counts'),
  ...Array<Kind>(4).fill('ranking'),
  ...Array<Kind>(3).fill('certification'),
];
const COUNTS = [
  'common/total-user-mission',
  'common/today-mission-certification-count',
  'common/total-user-count',
  'common/total-mission-certification-count',
];

interface Sample {
  at: number;
  ms: number;
  ok: boolean;
}

export interface SoakMinute {
  minute: number;
  requests: number;
  requestsPerSecond: number;
  errors: number;
  p50Ms: number;
  p99Ms: number;
  rssMiB: number | null;
}

export interface SoakResult {
  maxRequestsPerSecond: number;
  targetRequestsPerSecond: number;
  seconds: number;
  minutes: SoakMinute[];
  errors: number;
  errorKinds: Record<string, number>;
  rssFirstMinuteMiB: number | null;
  rssLastMinuteMiB: number | null;
  rssChangePercent: number | null;
  peakRssMiB: number | null;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]! * 10) / 10;
}

export async function runSoak(seconds: number): Promise<SoakResult> {
  const server = await startServer({
    LOG_LEVEL: 'warn',
    UPLOADS_PER_HOUR: '1000000',
    PENDING_UPLOADS_MAX: '1000000',
  });
  const samples: Sample[] = [];
  const errorKinds: Record<string, number> = {};
  let recording = false;

  async function call(endpoint: string, token: string | null, body: unknown): Promise<unknown> {
    const started = performance.now();
    let ok = false;
    try {
      const answer = await fetch(`${server.baseUrl}/v1/api/front/${endpoint}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });
      const json = (await answer.json()) as { response?: unknown };
      ok = answer.ok;
      if (!ok && recording)
        errorKinds[`${endpoint} ${answer.status}`] = (errorKinds[`${endpoint} ${answer.status}`] ?? 0) + 1;
      return json.response;
    } catch (error) {
      if (recording)
        errorKinds[`${endpoint} ${String(error)}`] = (errorKinds[`${endpoint} ${String(error)}`] ?? 0) + 1;
      return undefined;
    } finally {
      if (recording) samples.push({ at: Date.now(), ms: performance.now() - started, ok });
    }
  }

  async function upload(token: string, jpeg: Buffer): Promise<string | undefined> {
    const { payload, contentType } = multipartBody('file', 'photo.jpg', 'image/jpeg', jpeg);
    const started = performance.now();
    let ok = false;
    try {
      const answer = await fetch(`${server.baseUrl}/v1/api/front/common/upload`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
        body: payload,
      });
      const json = (await answer.json()) as { response?: { data: { fileId: string } } };
      ok = answer.ok;
      if (!ok && recording)
        errorKinds[`common/upload ${answer.status}`] =
          (errorKinds[`common/upload ${answer.status}`] ?? 0) + 1;
      return json.response?.data.fileId;
    } finally {
      if (recording) samples.push({ at: Date.now(), ms: performance.now() - started, ok });
    }
  }

  try {
    // Everyone of the demo data with a photo mission left today: one certification cycle each at a time.
    const people = (() => {
      const db = new Database(server.databaseFile, { readonly: true });
      try {
        return db.prepare("select kakao_id, login_id from users where status = 'USER'").all() as Array<{
          kakao_id: string | null;
          login_id: string | null;
        }>;
      } finally {
        db.close();
      }
    })();
    const demoTeam = (() => {
      const db = new Database(server.databaseFile, { readonly: true });
      try {
        return (db.prepare("select id from teams where name = '하늘 가족 건강단'").get() as { id: number })
          .id;
      } finally {
        db.close();
      }
    })();
    const sessions = people.map((person) =>
      mintSession(
        server.databaseFile,
        person.kakao_id ? { kakaoId: person.kakao_id } : { loginId: person.login_id! },
      ),
    );
    const slots: Array<{ token: string; missionId: string; text: boolean; busy: boolean }> = [];
    for (const session of sessions) {
      const list = (await call('home/mission-list', session.token, {})) as
        | { missions: Array<{ missionId: string; proofType: string; certificationId: string | null }> }
        | undefined;
      for (const mission of list?.missions ?? []) {
        if (mission.proofType !== 'TEXT' && mission.certificationId === null) {
          slots.push({
            token: session.token,
            missionId: mission.missionId,
            text: mission.proofType === 'PHOTO_TEXT',
            busy: false,
          });
        }
      }
    }
    if (slots.length === 0) throw new Error('no photo mission left to certify in the demo data');
    const reader = sessions[0]!.token;
    const jpeg = await makeJpeg({ width: 1600, height: 1200 });
    let turn = 0;

    async function operation(): Promise<void> {
      const kind = MIX[turn % MIX.length]!;
      turn += 1;
      if (kind === 'home') await call('home/mission-list', reader, {});
      else if (kind === 'counts') await call(COUNTS[turn % COUNTS.length]!, null, {});
      else if (kind === 'ranking')
        await call('team/team-rank-challenge', reader, { teamId: String(demoTeam) });
      else {
        const slot = slots.find((candidate) => !candidate.busy);
        if (!slot) {
          await call('home/mission-list', reader, {});
          return;
        }
        slot.busy = true;
        try {
          const fileId = await upload(slot.token, jpeg);
          if (!fileId) return;
          const made = (await call('home/mission-certification', slot.token, {
            missionId: slot.missionId,
            contentHtml: slot.text ? '<p>오늘도 완료했어요</p>' : '',
            fileIds: [fileId],
          })) as { certificationId: string } | undefined;
          if (made)
            await call('home/delete-mission-certification', slot.token, {
              certificationId: made.certificationId,
            });
        } finally {
          slot.busy = false;
        }
      }
    }

    // The maximum: 32 workers back to back for 20 s.
    recording = true;
    const calibrationEnds = Date.now() + 20_000;
    await Promise.all(
      Array.from({ length: 32 }, async () => {
        while (Date.now() < calibrationEnds) await operation();
      }),
    );
    const maxRequestsPerSecond = Math.round(samples.length / 20);
    const calibrationErrors = samples.filter((sample) => !sample.ok).length;
    samples.length = 0;
    for (const key of Object.keys(errorKinds)) delete errorKinds[key];
    if (calibrationErrors > 0) console.warn(`soak: ${calibrationErrors} errors while finding the maximum`);

    // Half the maximum, open loop: operations start on schedule (requests per operation: 1.3).
    const targetRequestsPerSecond = Math.max(1, Math.round(maxRequestsPerSecond / 2));
    const operationsPerSecond = targetRequestsPerSecond / (1 + (2 * 3) / MIX.length);
    const started = Date.now();
    const ends = started + seconds * 1000;
    const rssByMinute = new Map<number, number>();
    let peakRss: number | null = null;
    const inFlight = new Set<Promise<void>>();
    let launched = 0;
    console.info(
      `soak: maximum ${maxRequestsPerSecond} req/s; running ${seconds} s at ${targetRequestsPerSecond} req/s (${slots.length} people certifying)`,
    );
    let lastMinuteShown = -1;
    while (Date.now() < ends) {
      const due = Math.floor(((Date.now() - started) / 1000) * operationsPerSecond);
      while (launched < due) {
        launched += 1;
        const op = operation().catch(() => undefined);
        inFlight.add(op);
        void op.finally(() => inFlight.delete(op));
      }
      const minute = Math.floor((Date.now() - started) / 60_000);
      const memory = memoryOf(server.pid);
      if (memory) {
        rssByMinute.set(minute, memory.rssMiB);
        peakRss = memory.peakRssMiB;
      }
      if (minute !== lastMinuteShown && minute > 0) {
        lastMinuteShown = minute;
        console.info(`soak: minute ${minute} done, RSS ${rssByMinute.get(minute - 1) ?? '?'} MiB`);
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await Promise.all([...inFlight]);

    const minutes: SoakMinute[] = [];
    const totalMinutes = Math.ceil(seconds / 60);
    for (let minute = 0; minute < totalMinutes; minute += 1) {
      const from = started + minute * 60_000;
      const to = Math.min(from + 60_000, ends);
      const inMinute = samples.filter((sample) => sample.at >= from && sample.at < to);
      const times = inMinute.map((sample) => sample.ms).sort((a, b) => a - b);
      minutes.push({
        minute: minute + 1,
        requests: inMinute.length,
        requestsPerSecond: Math.round((inMinute.length / ((to - from) / 1000)) * 10) / 10,
        errors: inMinute.filter((sample) => !sample.ok).length,
        p50Ms: percentile(times, 50),
        p99Ms: percentile(times, 99),
        rssMiB: rssByMinute.get(minute) ?? null,
      });
    }
    const first = minutes[0]?.rssMiB ?? null;
    const last = minutes.at(-1)?.rssMiB ?? null;
    return {
      maxRequestsPerSecond,
      targetRequestsPerSecond,
      seconds,
      minutes,
      errors: samples.filter((sample) => !sample.ok).length,
      errorKinds,
      rssFirstMinuteMiB: first,
      rssLastMinuteMiB: last,
      rssChangePercent: first && last ? Math.round(((last - first) / first) * 1000) / 10 : null,
      peakRssMiB: peakRss,
    };
  } finally {
    await server.stop();
  }
}

/** Prints the soak's table and writes bench/results/soak-<time>.json. */
export function reportSoak(result: SoakResult): void {
  console.info(
    `\nsoak: ${result.seconds} s at ${result.targetRequestsPerSecond} req/s (half of the ${result.maxRequestsPerSecond} req/s maximum)\n`,
  );
  console.info(
    ['minute', 'requests', 'req/s', 'errors', 'p50', 'p99', 'RSS'].map((h) => h.padStart(9)).join(''),
  );
  for (const row of result.minutes) {
    console.info(
      [
        row.minute,
        row.requests,
        row.requestsPerSecond,
        row.errors,
        `${row.p50Ms}ms`,
        `${row.p99Ms}ms`,
        `${row.rssMiB ?? '?'}MiB`,
      ]
        .map((cell) => String(cell).padStart(9))
        .join(''),
    );
  }
  console.info(
    `\nerrors: ${result.errors}${result.errors ? ` ${JSON.stringify(result.errorKinds)}` : ''}; RSS ${result.rssFirstMinuteMiB} → ${result.rssLastMinuteMiB} MiB (${result.rssChangePercent}%), peak ${result.peakRssMiB} MiB`,
  );
  const outDir = path.join(root, 'bench', 'results');
  fs.mkdirSync(outDir, { recursive: true });
  const outFile = path.join(outDir, `soak-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(outFile, JSON.stringify(result, null, 2));
  console.info(`written: ${path.relative(root, outFile)}`);
}
