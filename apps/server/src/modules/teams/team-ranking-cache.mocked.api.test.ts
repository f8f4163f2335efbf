import { missionCertificationEndpoint } from '@hamkke/contract/home/missions';
import { teamRankChallengeEndpoint } from '@hamkke/contract/team/team-read';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabaseTargets } from '../../../test/databases.ts';
import { createRound, createTeam, createUser, teamPublicId } from '../../../test/factories.ts';
import {
  callTyped,
  createTestContext,
  sessionHeadersFor,
  type TestContext,
  useTestContext,
} from '../../../test/harness.ts';

/**
 * The ranking's computation, counted, and held after its query when the test says so: a recompute
 * kept in flight on either database (a held query would hold SQLite's one connection).
 */
const gate = vi.hoisted(() => {
  let open: () => void = () => {};
  let closed: Promise<void> | null = null;
  const state = {
    started: 0,
    held: 0,
    hold() {
      closed = new Promise((resolve) => {
        open = resolve;
      });
    },
    release() {
      closed = null;
      open();
    },
    async pass() {
      if (closed) {
        state.held += 1;
        await closed;
      }
    },
  };
  return state;
});
vi.mock('./team-scores.repository.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('./team-scores.repository.ts')>();
  return {
    ...real,
    rankPlacesOfRound: async (...args: Parameters<typeof real.rankPlacesOfRound>) => {
      gate.started += 1;
      const rows = await real.rankPlacesOfRound(...args);
      await gate.pass();
      return rows;
    },
  };
});

/** A round's team ranking is computed once per `RANKING_CACHE_MS` and shared by the readers meanwhile. */
describe.each(testDatabaseTargets())('the reused team ranking on $name', (target) => {
  const t = useTestContext(target, {
    config: { RANKING_CACHE_MS: '60000' },
  });

  it('answers the same ranking until it expires, whatever was certified meanwhile', async () => {
    const round = await createRound(t.db, { startDate: '2026-11-18', endDate: '2026-12-08', missions: 1 });
    const me = await createUser(t.db);
    const teamId = await createTeam(t.db, { subChallengeId: round.subChallengeId, managerId: me });
    const headers = await sessionHeadersFor(t.app, me);
    const rate = async () =>
      (
        await callTyped(
          t.app,
          teamRankChallengeEndpoint,
          { teamId: await teamPublicId(t.db, teamId) },
          headers,
        )
      ).response.mine.rate;
    expect(await rate()).toBe(0);
    const certified = await callTyped(
      t.app,
      missionCertificationEndpoint,
      { missionId: String(round.missionIds[0]), contentHtml: '<p>했어요</p>' },
      headers,
    );
    expect(certified.statusCode).toBe(200);
    // Reused: the certification shows once the minute is over (and at once with RANKING_CACHE_MS=0).
    expect(await rate()).toBe(0);
    const counted = await t.db
      .selectFrom('teams')
      .select('cert_count')
      .where('id', '=', teamId)
      .executeTakeFirstOrThrow();
    expect(counted.cert_count).toBe(1);
  });
});

/**
 * Decision 054: once half of `RANKING_CACHE_MS` is gone, the next ranking is computed while readers
 * are answered with the kept one; concurrent readers start one computation; past the whole time a
 * reader waits for a new one (an answer is never more than `RANKING_CACHE_MS` behind).
 */
describe.each(testDatabaseTargets())('the ranking computed ahead on $name', (target) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(target, {
      now: '2026-11-20T03:00:00.000Z',
      config: { RANKING_CACHE_MS: '60000' },
    });
  });
  afterAll(async () => {
    gate.release();
    await t.close();
  });

  it('answers the kept ranking while one recompute is in flight, and none past its time', async () => {
    const round = await createRound(t.db, { startDate: '2026-11-18', endDate: '2026-12-08', missions: 2 });
    const me = await createUser(t.db);
    const teamId = await createTeam(t.db, { subChallengeId: round.subChallengeId, managerId: me });
    const headers = await sessionHeadersFor(t.app, me);
    const team = await teamPublicId(t.db, teamId);
    const rate = async () =>
      (await callTyped(t.app, teamRankChallengeEndpoint, { teamId: team }, headers)).response.mine.rate;
    const certify = async (missionId: number) => {
      const answer = await callTyped(
        t.app,
        missionCertificationEndpoint,
        { missionId: String(missionId), contentHtml: '<p>했어요</p>' },
        headers,
      );
      expect(answer.statusCode).toBe(200);
    };
    gate.started = 0;
    gate.held = 0;

    expect(await rate()).toBe(0);
    expect(gate.started).toBe(1);
    await certify(round.missionIds[0]!);

    // Half the minute gone, the recompute held: every reader is answered at once from the kept
    // ranking, and the four of them started one recompute.
    gate.hold();
    t.clock.advance(30_000);
    expect(await Promise.all([rate(), rate(), rate(), rate()])).toEqual([0, 0, 0, 0]);
    expect(gate.started).toBe(2);
    await vi.waitFor(() => expect(gate.held).toBe(1));
    gate.release();
    // Done, it replaces the kept ranking: the certification is seen.
    await vi.waitFor(async () => expect(await rate()).toBeGreaterThan(0));
    const afterOne = await rate();
    expect(gate.started).toBe(2);

    // A minute after that recompute started, its ranking is over: the reader waits for the next.
    await certify(round.missionIds[1]!);
    gate.hold();
    t.clock.advance(60_000);
    let answered: number | null = null;
    const waiting = rate().then((value) => (answered = value));
    await vi.waitFor(() => expect(gate.held).toBe(2));
    expect(answered).toBeNull();
    gate.release();
    await waiting;
    expect(answered).toBeGreaterThan(afterOne);
    expect(gate.started).toBe(3);
  });
});
