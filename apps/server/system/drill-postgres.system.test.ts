import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/connection.ts';
import { makeJpeg } from '../test/images.ts';
import { startServer, type RunningServer } from '../test/spawn-server.ts';
import {
  api,
  auditWrites,
  certificationFlow,
  type Certified,
  drillTable,
  eachFlowHas,
  failedAfterReturn,
  joinableTeam,
  joinFlow,
  openMissions,
  ownPostgresMissing,
  secondsToRecover,
  served,
  sleep,
  startOwnPostgres,
  steadyLoad,
  tokenFor,
  until,
} from './drill-kit.ts';

/**
 * The server's `statement_timeout` here: the product's default. The stuck statement below is cut
 * after it; and it holds for the server's start too (migrations, the demo seed), which at load
 * average 30 takes many times as long as on a quiet machine: the 2 s this drill once set could fail
 * a start there, the default is what every server of the suite and production start under.
 */
const STATEMENT_TIMEOUT_MS = 5000;

const reason = ownPostgresMissing();
if (reason) console.warn(`[drill postgres] skipped: ${reason}`);

/**
 * Failure drills on PostgreSQL (issue 28 item 5, decision 044), on a cluster of the test's own:
 * a restart under a steady load of reads, certifications with photos and joins; and a slow
 * statement (a row locked by another connection) cut short by the statement time-out.
 */
describe.skipIf(reason !== null)('PostgreSQL drills', () => {
  let cluster: Awaited<ReturnType<typeof startOwnPostgres>>;
  let server: RunningServer;
  let database: DatabaseHandle;

  beforeAll(async () => {
    cluster = await startOwnPostgres();
    server = await startServer({
      DATABASE_URL: cluster.url(),
      DATABASE_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
    });
    database = openDatabase({ kind: 'postgres', connectionString: cluster.url() });
  });
  afterAll(async () => {
    await server?.stop();
    await database?.close();
    await cluster?.destroy();
  });

  it('answers 503 while PostgreSQL restarts, loses and half-writes nothing, and recovers by itself at once', async () => {
    const work = await openMissions(database.db, server.baseUrl);
    const reader = await tokenFor(database.db, work[0]!.userId);
    expect(work.length).toBeGreaterThanOrEqual(20);
    const team = await joinableTeam(database.db, 200);
    const jpeg = await makeJpeg();
    const certified: Certified[] = [];
    const joined: number[] = [];
    const load = steadyLoad({
      read: () => api(server.baseUrl, 'home/mission-list', {}, reader),
      certify: certificationFlow(server.baseUrl, work, jpeg, certified),
      join: joinFlow(server.baseUrl, team, joined),
    });
    // The drill's lengths (3 s of load, PostgreSQL down 5 s, 8 s after) are floors, not waits: what
    // must have happened in each is waited for on top, however long a loaded machine takes.
    await sleep(3000);
    const downAt = Date.now();
    await cluster.stop();
    await sleep(5000);
    // Down until each flow has been answered 503 while it is down: the server refused at once rather
    // than holding the request until PostgreSQL came back (or the web app's own time-out). A server
    // that waited for the database never meets this, and fails on the hang guard of `until`.
    await until(
      () => eachFlowHas(load, downAt, (answer) => answer.status === 503),
      'each flow answered 503 while PostgreSQL is down',
    );
    await cluster.start();
    const backAt = Date.now();
    await sleep(8000);
    await until(() => eachFlowHas(load, backAt, served), 'each flow served again once PostgreSQL is back');
    await load.stop();

    const during = load.answers.filter((answer) => answer.startedAt >= downAt && answer.startedAt < backAt);
    const failures = load.answers.filter((answer) => answer.status < 200 || answer.status >= 300);
    const audit = await auditWrites(database.db, certified, joined, team.teamId);
    const recover = secondsToRecover(load.answers, backAt);
    console.info(
      drillTable(`PostgreSQL restarts (down ${((backAt - downAt) / 1000).toFixed(1)} s)`, load.answers, {
        dataLost: audit.lost,
        recoverSeconds: recover,
        notes: `half-written: ${audit.halfWritten}; ${certified.length} certifications and ${joined.length} joins acknowledged`,
      }),
    );
    const failedAfterBack = failedAfterReturn(load.answers, backAt, STATEMENT_TIMEOUT_MS);
    if (failedAfterBack.length > 0) console.info(server.output());
    // Some requests met the gap, and each was told 503 SERVICE_UNAVAILABLE (the web app's
    // "잠시 후 다시 시도해 주세요") while PostgreSQL was still down (waited for above): nothing hung.
    // Not "each answer within the web's 15 s": a loaded machine alone can make an upload that slow.
    expect(during.filter((answer) => answer.status === 503).length).toBeGreaterThan(0);
    // Except a join whose commit PostgreSQL made as it stopped, before the answer could be read: the
    // client was told 503, and its retry found the person in (each one a retried joiner, none twice).
    const foundIn = failures.filter(
      (answer) => answer.status === 409 && answer.code === 'ALREADY_TEAM_MEMBER',
    );
    expect(foundIn.length).toBe(team.committedUnseen.length);
    expect(
      failures
        .filter((answer) => !foundIn.includes(answer))
        .every((answer) => answer.status === 503 && answer.code === 'SERVICE_UNAVAILABLE'),
    ).toBe(true);
    expect(audit.lost).toBe(0);
    expect(audit.halfWritten).toBe(0);
    expect(certified.length).toBeGreaterThan(0);
    expect(joined.length).toBeGreaterThan(0);
    // The pool recovers by itself (no restart of the app) at once: every request begun after the
    // database's return was served (each flow was, waited for above), none refused for a connection
    // the restart broke. Not "within 5 s": the first success of a flow includes its own upload's time,
    // which a loaded machine stretches (the seconds are in the table); a 503 after the server's own
    // statement time-out is what a busy machine gets, restart or not.
    expect(failedAfterBack).toEqual([]);
  });

  it('cuts a statement stuck on a locked row short with 503 while the other requests go on', async () => {
    const team = await joinableTeam(database.db, 3);
    const reader = team.sessions[2]!.token;
    const locker = new pg.Client({ connectionString: cluster.url() });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query('select id from teams where id = $1 for update', [team.teamId]);
      const started = Date.now();
      const stuck = api(
        server.baseUrl,
        'team/create-team-member',
        {
          teamId: team.publicId,
          subChallengeId: String(team.roundId),
          challengeType: 'challenge',
          agreed: true,
        },
        team.sessions[0]!.token,
      );
      // Meanwhile the server answers others at once: no worker is held by the stuck statement.
      const reads = await Promise.all(
        Array.from({ length: 5 }, () => api(server.baseUrl, 'home/mission-list', {}, reader)),
      );
      expect(reads.map((read) => read.status)).toEqual([200, 200, 200, 200, 200]);
      // Answered while the row is still locked (the lock goes only in `finally` below): the statement
      // time-out cut it, not the lock's end. Without one it would wait for the lock for ever (and fail
      // on the client's hang guard), so no upper bound in ms is needed, nor one a loaded machine crosses.
      const answer = await stuck;
      const took = Date.now() - started;
      const body = (await answer.json()) as { error: { code: string } };
      console.info(
        `\n### A slow statement (row locked by another connection; statement_timeout ${STATEMENT_TIMEOUT_MS} ms)\n| answer | ms | reads meanwhile |\n| --- | --- | --- |\n| ${answer.status} ${body.error.code} | ${took} | 5× 200 |`,
      );
      expect(answer.status).toBe(503);
      expect(body.error.code).toBe('SERVICE_UNAVAILABLE');
      // It waited the time-out out, not refused at once: a lower bound, which slowness only helps (less
      // 100 ms for PostgreSQL's clock against this one's).
      expect(took).toBeGreaterThanOrEqual(STATEMENT_TIMEOUT_MS - 100);
    } finally {
      await locker.query('rollback');
      await locker.end();
    }
    // The lock gone, the same join goes through; nothing of the refused one was kept.
    const members = await database.db
      .selectFrom('team_members')
      .select('user_id')
      .where('team_id', '=', team.teamId)
      .execute();
    expect(members).toHaveLength(1);
    const again = await api(
      server.baseUrl,
      'team/create-team-member',
      {
        teamId: team.publicId,
        subChallengeId: String(team.roundId),
        challengeType: 'challenge',
        agreed: true,
      },
      team.sessions[0]!.token,
    );
    expect(again.status).toBe(200);
  });
});
