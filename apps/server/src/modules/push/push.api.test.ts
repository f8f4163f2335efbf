import {
  pushKeyEndpoint,
  pushPayloadSchema,
  pushPreferencesEndpoint,
  pushPreferencesUpdateEndpoint,
  pushSubscribeEndpoint,
  pushUnsubscribeEndpoint,
} from '@hamkke/contract/my/push';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../../../test/databases.ts';
import {
  certify,
  createChild,
  createMissions,
  createRound,
  createTeam,
  createUser,
  createUsers,
  joinMissionRound,
  teamPublicId,
} from '../../../test/factories.ts';
import {
  callEndpoint,
  callTyped,
  createTestContext,
  sessionHeadersFor,
  type TestContext,
} from '../../../test/harness.ts';
import { HANG_GUARD_MS } from '../../../test/hang-guards.ts';
import { browserKeys, startPushService } from '../../../test/push-service.ts';
import { createJobRunner } from '../../jobs/job-runner.ts';
import { schedulePushReminders } from '../../jobs/push-reminders.job.ts';
import { PUSH_BATCH } from './push-delivery.service.ts';
import { buildPushServices } from './push.module.ts';

/** The test's push service listens on this machine: allowed by the tests' switch only (decision 067). */
// Its answers are waited for as long as a hang guard: on a loaded machine hundreds of local TLS
// handshakes take their time, and a push that times out is not sent again (issue 43).
const LOCAL_PUSH = { hosts: [], allowLoopback: true, timeoutMs: HANG_GUARD_MS.poll };

const quiet = { info: () => {}, error: () => {} };
const vapid = webpush.generateVAPIDKeys();

/** Web Push (decision 047): real encryption to a local RFC 8030 push service that decrypts. */
describe.each(testDatabaseTargets())('push reminders on $name', (target) => {
  let t: TestContext;
  let service: Awaited<ReturnType<typeof startPushService>>;
  /** A second server on the same database: its own push service object and job runner. */
  const server = () =>
    buildPushServices({
      db: t.db,
      clock: t.clock.now,
      missions: t.app.services.missions,
      vapid,
      vapidSubject: 'mailto:help@hamkke-mission.kr',
      ca: service.ca,
      push: LOCAL_PUSH,
    });
  const missionsToday = async (userId: number) => {
    const missionIds = await createMissions(t.db, 2);
    for (const missionId of missionIds) await joinMissionRound(t.db, userId, missionId);
    return missionIds;
  };
  const subscribe = async (userId: number, name: string) => {
    const keys = browserKeys();
    const { statusCode } = await callTyped(
      t.app,
      pushSubscribeEndpoint,
      { endpoint: `${service.origin}/push/${name}`, keys: { p256dh: keys.p256dh, auth: keys.auth } },
      await sessionHeadersFor(t.app, userId),
    );
    expect(statusCode).toBe(200);
    return keys;
  };
  const receivedAt = (name: string) => service.received.filter((push) => push.path === `/push/${name}`);
  /** Two servers wake at the same minute, each under the job runner and its lease. */
  const twoServersTick = async () => {
    const runners = ['a', 'b'].map((owner) =>
      createJobRunner({ db: t.db, clock: t.clock.now, logger: quiet, owner }),
    );
    for (const runner of runners) schedulePushReminders(runner, server(), quiet);
    await Promise.all(runners.map((runner) => runner.stop()));
  };

  beforeAll(async () => {
    service = await startPushService();
    // 20:00 in Seoul on 2026-11-20.
    t = await createTestContext(target, {
      now: '2026-11-20T11:00:00.000Z',
      config: {
        VAPID_PUBLIC_KEY: vapid.publicKey,
        VAPID_PRIVATE_KEY: vapid.privateKey,
        PUSH_ALLOW_LOOPBACK: 'true',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await service.close();
  });

  it('keeps preferences per parent; a child follows them and cannot change them', async () => {
    const parent = await createUser(t.db);
    const child = await createChild(t.db, parent, `pushkid${target.name}`, 'password1!');
    const asParent = await sessionHeadersFor(t.app, parent);
    const asChild = await sessionHeadersFor(t.app, child);

    expect((await callTyped(t.app, pushKeyEndpoint, {}, asParent)).response).toEqual({
      publicKey: vapid.publicKey,
    });
    expect((await callTyped(t.app, pushPreferencesEndpoint, {}, asParent)).response).toEqual({
      daily: true,
      dailyTime: '20:00',
      invitation: true,
      teamDone: true,
      roundResults: true,
      rewardPaid: true,
      followsParent: false,
    });
    const updated = await callTyped(
      t.app,
      pushPreferencesUpdateEndpoint,
      { dailyTime: '21:10', teamDone: false },
      asParent,
    );
    expect(updated.response).toMatchObject({ dailyTime: '21:10', teamDone: false, daily: true });
    expect((await callTyped(t.app, pushPreferencesEndpoint, {}, asChild)).response).toMatchObject({
      dailyTime: '21:10',
      teamDone: false,
      followsParent: true,
    });
    expect(
      (await callTyped(t.app, pushPreferencesUpdateEndpoint, { daily: false }, asChild)).statusCode,
    ).toBe(403);
    expect(
      (await callTyped(t.app, pushPreferencesUpdateEndpoint, { dailyTime: '24:00' }, asParent)).statusCode,
    ).toBe(400);
    expect((await callTyped(t.app, pushPreferencesEndpoint, {}, {})).statusCode).toBe(401);
  });

  it('sends the daily reminder once across two servers, encrypted for the browser, to those not done today', async () => {
    const due = await createUser(t.db);
    await missionsToday(due);
    const dueKeys = await subscribe(due, `due-${target.name}`);

    const done = await createUser(t.db);
    for (const missionId of await missionsToday(done)) await certify(t.db, done, missionId, '2026-11-20');
    await subscribe(done, `done-${target.name}`);

    const later = await createUser(t.db);
    await missionsToday(later);
    await subscribe(later, `later-${target.name}`);
    await callTyped(
      t.app,
      pushPreferencesUpdateEndpoint,
      { dailyTime: '20:30' },
      await sessionHeadersFor(t.app, later),
    );

    const off = await createUser(t.db);
    await missionsToday(off);
    await subscribe(off, `off-${target.name}`);
    await callTyped(
      t.app,
      pushPreferencesUpdateEndpoint,
      { daily: false },
      await sessionHeadersFor(t.app, off),
    );

    // Two servers straight on the service (no lease: the unique key and the claim alone), then
    // under the job runner's lease the same minute: still once.
    const [a, b] = [server(), server()];
    await Promise.all([a.pushScheduling.queueDailyReminders(), b.pushScheduling.queueDailyReminders()]);
    await Promise.all([a.pushDelivery.sendDue(), b.pushDelivery.sendDue()]);
    await twoServersTick();

    const pushes = receivedAt(`due-${target.name}`);
    expect(pushes).toHaveLength(1);
    const push = pushes[0]!;
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(push.headers.ttl).toBeDefined();
    expect(push.vapid).toMatchObject({ aud: service.origin, sub: 'mailto:help@hamkke-mission.kr' });
    expect(push.vapid.publicKey).toBe(vapid.publicKey);
    const payload = pushPayloadSchema.parse(JSON.parse(dueKeys.decrypt(push.body)));
    expect(payload).toEqual({
      kind: 'daily',
      title: '오늘의 미션이 남았어요',
      body: '오늘 미션을 인증하고 가족과 함께 기록을 이어가요.',
      url: '/home',
      tag: 'daily:2026-11-20',
    });
    expect(receivedAt(`done-${target.name}`)).toHaveLength(0);
    expect(receivedAt(`later-${target.name}`)).toHaveLength(0);
    expect(receivedAt(`off-${target.name}`)).toHaveLength(0);

    // 20:31: the later chooser's time has come; the first is not reminded again.
    t.clock.advance(31 * 60 * 1000);
    await twoServersTick();
    expect(receivedAt(`later-${target.name}`)).toHaveLength(1);
    expect(receivedAt(`due-${target.name}`)).toHaveLength(1);
    const subscription = await t.db
      .selectFrom('push_subscriptions')
      .select('last_success_at')
      .where('user_id', '=', due)
      .executeTakeFirstOrThrow();
    expect(subscription.last_success_at).not.toBeNull();
  });

  it('forgets a subscription the push service answers 410 (and 404) for', async () => {
    t.clock.set('2026-11-20T11:40:00.000Z');
    const gone = await createUser(t.db);
    await missionsToday(gone);
    await subscribe(gone, `gone-${target.name}`);
    await subscribe(gone, `missing-${target.name}`);
    await subscribe(gone, `kept-${target.name}`);
    service.answer(`/push/gone-${target.name}`, 410);
    service.answer(`/push/missing-${target.name}`, 404);
    await twoServersTick();
    const left = await t.db
      .selectFrom('push_subscriptions')
      .select('endpoint')
      .where('user_id', '=', gone)
      .execute();
    expect(left.map((row) => row.endpoint)).toEqual([`${service.origin}/push/kept-${target.name}`]);
    expect(receivedAt(`kept-${target.name}`)).toHaveLength(1);

    // Unsubscribing forgets the caller's own only.
    const headers = await sessionHeadersFor(t.app, gone);
    await callTyped(
      t.app,
      pushUnsubscribeEndpoint,
      { endpoint: `${service.origin}/push/kept-${target.name}` },
      headers,
    );
    expect(
      await t.db.selectFrom('push_subscriptions').select('endpoint').where('user_id', '=', gone).execute(),
    ).toEqual([]);
  });

  it('sends nothing to a child between 21:30 and 08:00: no late daily reminder, team moments wait for 08:00', async () => {
    t.clock.set('2026-11-20T12:45:00.000Z'); // 21:45 in Seoul
    const parent = await createUser(t.db);
    const child = await createChild(t.db, parent, `quietkid${target.name}`, 'password1!');
    await missionsToday(parent);
    await missionsToday(child);
    await subscribe(parent, `quiet-parent-${target.name}`);
    const childKeys = await subscribe(child, `quiet-child-${target.name}`);

    await twoServersTick();
    expect(receivedAt(`quiet-parent-${target.name}`)).toHaveLength(1);
    expect(receivedAt(`quiet-child-${target.name}`)).toHaveLength(0);

    const person = { id: child, user_type: 'CHILD' as const, parent_user_id: parent };
    expect(await server().pushScheduling.queueMoment(t.db, [person], 'invitation', 'team-1')).toBe(1);
    t.clock.set('2026-11-20T22:59:00.000Z'); // 07:59 the next morning
    await server().pushDelivery.sendDue();
    expect(receivedAt(`quiet-child-${target.name}`)).toHaveLength(0);
    t.clock.set('2026-11-20T23:00:00.000Z'); // 08:00
    await server().pushDelivery.sendDue();
    const pushes = receivedAt(`quiet-child-${target.name}`);
    expect(pushes).toHaveLength(1);
    expect(JSON.parse(childKeys.decrypt(pushes[0]!.body))).toMatchObject({
      kind: 'invitation',
      url: '/team',
    });

    // A week on, the rows of past pushes are deleted (their once-keys are of past days).
    const rows = async () =>
      Number(
        (
          await t.db
            .selectFrom('push_sends')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await rows()).toBeGreaterThan(0);
    expect(await server().pushScheduling.purgeOldSends()).toBe(0);
    t.clock.set('2026-11-28T12:00:00.000Z');
    expect(await server().pushScheduling.purgeOldSends()).toBeGreaterThan(0);
    expect(await rows()).toBe(0);
  });

  it("looks at each person once a day: the reminded and those with nothing to remind keep the day's key", async () => {
    t.clock.set('2026-11-21T11:00:00.000Z'); // 20:00 in Seoul, the next day
    const looked: number[] = [];
    const watched = buildPushServices({
      db: t.db,
      clock: t.clock.now,
      missions: {
        ...t.app.services.missions,
        missionList: (userId: number) => {
          looked.push(userId);
          return t.app.services.missions.missionList(userId);
        },
      },
      vapid,
      vapidSubject: 'mailto:help@hamkke-mission.kr',
      ca: service.ca,
      push: LOCAL_PUSH,
    });
    const due = await createUser(t.db);
    await missionsToday(due);
    await subscribe(due, `once-due-${target.name}`);
    const done = await createUser(t.db);
    for (const missionId of await missionsToday(done)) await certify(t.db, done, missionId, '2026-11-21');
    await subscribe(done, `once-done-${target.name}`);
    const idle = await createUser(t.db);
    await subscribe(idle, `once-idle-${target.name}`);
    const mine = [due, done, idle];
    const keys = async () =>
      t.db
        .selectFrom('push_sends')
        .select(['user_id', 'status'])
        .where('kind', '=', 'daily')
        .where('day', '=', '2026-11-21')
        .where('user_id', 'in', mine)
        .orderBy('user_id')
        .execute();

    expect(await watched.pushScheduling.queueDailyReminders()).toBeGreaterThanOrEqual(1);
    expect(looked.filter((id) => mine.includes(id)).sort((a, b) => a - b)).toEqual(mine);
    expect(await keys()).toEqual([
      { user_id: due, status: 'pending' },
      { user_id: done, status: 'skipped' },
      { user_id: idle, status: 'skipped' },
    ]);
    await watched.pushDelivery.sendDue();
    expect(receivedAt(`once-due-${target.name}`)).toHaveLength(1);
    expect(receivedAt(`once-done-${target.name}`)).toHaveLength(0);

    // 20:01 and 23:59: none of them is looked at again that day, nor reminded twice.
    looked.length = 0;
    for (const at of ['2026-11-21T11:01:00.000Z', '2026-11-21T14:59:00.000Z']) {
      t.clock.set(at);
      await watched.pushScheduling.queueDailyReminders();
      await watched.pushDelivery.sendDue();
    }
    expect(looked.filter((id) => mine.includes(id))).toEqual([]);
    expect(receivedAt(`once-due-${target.name}`)).toHaveLength(1);
    expect((await keys()).map((row) => row.status)).toEqual(['sent', 'skipped', 'skipped']);

    // The next evening each is looked at again.
    t.clock.set('2026-11-22T11:00:00.000Z');
    await watched.pushScheduling.queueDailyReminders();
    expect(looked.filter((id) => mine.includes(id)).sort((a, b) => a - b)).toEqual(mine);
  });

  it('sends every due push in one run, batch after batch, once across two servers; drops those nobody can receive', async () => {
    t.clock.set('2026-11-23T03:00:00.000Z');
    const now = t.clock.now().toISOString();
    const keys = browserKeys();
    const reachable = await createUsers(t.db, PUSH_BATCH * 2 + 50);
    const unreachable = await createUsers(t.db, 30);
    await t.db
      .insertInto('push_subscriptions')
      .values(
        reachable.map((userId) => ({
          endpoint: `${service.origin}/push/drain-${target.name}-${userId}`,
          user_id: userId,
          p256dh: keys.p256dh,
          auth: keys.auth,
          created_at: now,
          last_success_at: null,
        })),
      )
      .execute();
    const everyone = [...reachable, ...unreachable];
    for (let index = 0; index < everyone.length; index += 200) {
      await t.db
        .insertInto('push_sends')
        .values(
          everyone.slice(index, index + 200).map((userId) => ({
            send_key: `roundResults:${userId}:drain`,
            user_id: userId,
            kind: 'roundResults' as const,
            day: '2026-11-23',
            title: '라운드 결과가 나왔어요',
            body: '우리 팀의 순위와 메달을 확인해 보세요.',
            url: '/challenge/history',
            status: 'pending' as const,
            not_before: now,
            created_at: now,
            sent_at: null,
          })),
        )
        .execute();
    }
    const drained = () =>
      service.received.filter((push) => push.path.startsWith(`/push/drain-${target.name}-`));

    // A run told the server stops, and a run whose budget is spent, each send one batch only.
    await server().pushDelivery.sendDue({ stopping: AbortSignal.abort() });
    expect(drained().length).toBeGreaterThan(0);
    expect(drained().length).toBeLessThanOrEqual(PUSH_BATCH);
    const afterFirst = drained().length;
    await server().pushDelivery.sendDue({ budgetMs: 0 });
    expect(drained().length).toBeGreaterThan(afterFirst);
    expect(drained().length).toBeLessThanOrEqual(afterFirst + PUSH_BATCH);

    // Then two servers at once send all the rest in one run each, none twice.
    await Promise.all([server().pushDelivery.sendDue(), server().pushDelivery.sendDue()]);
    const paths = drained().map((push) => push.path);
    expect(paths).toHaveLength(reachable.length);
    expect(new Set(paths).size).toBe(reachable.length);

    const statuses = await t.db
      .selectFrom('push_sends')
      .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
      .where('send_key', 'like', 'roundResults:%:drain')
      .groupBy('status')
      .orderBy('status')
      .execute();
    expect(statuses.map((row) => [row.status, Number(row.count)])).toEqual([
      ['dropped', unreachable.length],
      ['sent', reachable.length],
    ]);
    const unseen = await t.db
      .selectFrom('push_subscriptions')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', 'in', reachable)
      .where('last_success_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(Number(unseen.count)).toBe(0);
    // About 2 s alone; 450 pushes encrypted and checked beside the browser tests take longer: the API
    // project's hang guard bounds it (issue 43).
  });
});

/** Team moments (decision 047): queued by the domain events in their writes, sent by the job. */
describe.each(testDatabaseTargets())('push team moments on $name', (target) => {
  let t: TestContext;
  let service: Awaited<ReturnType<typeof startPushService>>;
  const keys = new Map<number, ReturnType<typeof browserKeys>>();
  const subscribe = async (userId: number) => {
    const browser = browserKeys();
    keys.set(userId, browser);
    await callTyped(
      t.app,
      pushSubscribeEndpoint,
      {
        endpoint: `${service.origin}/moments/${userId}`,
        keys: { p256dh: browser.p256dh, auth: browser.auth },
      },
      await sessionHeadersFor(t.app, userId),
    );
  };
  const send = () =>
    buildPushServices({
      db: t.db,
      clock: t.clock.now,
      missions: t.app.services.missions,
      vapid,
      vapidSubject: 'mailto:help@hamkke-mission.kr',
      ca: service.ca,
      push: LOCAL_PUSH,
    }).pushDelivery.sendDue();
  const payloads = (userId: number) =>
    service.received
      .filter((push) => push.path === `/moments/${userId}`)
      .map(
        (push) =>
          JSON.parse(keys.get(userId)!.decrypt(push.body)) as { kind: string; url: string; body: string },
      );

  beforeAll(async () => {
    service = await startPushService();
    t = await createTestContext(target, {
      now: '2026-11-27T03:00:00.000Z', // 12:00 in Seoul
      config: {
        VAPID_PUBLIC_KEY: vapid.publicKey,
        VAPID_PRIVATE_KEY: vapid.privateKey,
        PUSH_ALLOW_LOOPBACK: 'true',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await service.close();
  });

  it("tells the team when a family finishes today's missions, once a day per person, as each chose", async () => {
    const round = await createRound(t.db, { missions: 1 });
    await t.db
      .updateTable('missions')
      .set({ proof_type: 'TEXT' })
      .where('id', 'in', round.missionIds)
      .execute();
    const m = await createUser(t.db);
    const p = await createUser(t.db);
    const c = await createChild(t.db, p, `moment${target.name}`, 'password1!');
    const q = await createUser(t.db);
    const r = await createUser(t.db);
    // Never subscribed: no push can reach them, so none is written for them (decision 060).
    const s = await createUser(t.db);
    await createTeam(t.db, {
      subChallengeId: round.subChallengeId,
      managerId: m,
      members: [{ userId: p }, { userId: c, familyId: p }, { userId: q }, { userId: r }, { userId: s }],
    });
    for (const id of [m, p, q, r]) await subscribe(id);
    await callTyped(
      t.app,
      pushPreferencesUpdateEndpoint,
      { teamDone: false },
      await sessionHeadersFor(t.app, r),
    );
    const certifyNow = (userId: number) =>
      t.app.services.missions.certify(userId, {
        missionId: round.missionIds[0]!,
        contentHtml: '<p>했어요</p>',
        fileIds: [],
      });

    await certifyNow(p);
    await send();
    expect(payloads(m)).toEqual([]); // the child has not certified yet
    await certifyNow(c);
    await send();
    expect(payloads(m)).toEqual([expect.objectContaining({ kind: 'teamDone', url: '/active' })]);
    expect(payloads(q)).toHaveLength(1);
    expect(payloads(r)).toEqual([]); // turned off
    expect(payloads(p)).toEqual([]); // not told of one's own family

    // Another family finishes the same day: M is not told twice; P (whose family is another) is.
    await certifyNow(q);
    await send();
    expect(payloads(m)).toHaveLength(1);
    expect(payloads(p)).toEqual([expect.objectContaining({ kind: 'teamDone' })]);
    const rows = async (userId: number) =>
      (await t.db.selectFrom('push_sends').select('kind').where('user_id', '=', userId).execute()).length;
    expect(await rows(m)).toBe(1);
    expect(await rows(s)).toBe(0);
  });

  it('tells an invitee of a direct invitation, and the members of a closed round of its results', async () => {
    const first = await createRound(t.db, { startDate: '2026-11-20', endDate: '2026-11-26', missions: 1 });
    const m = await createUser(t.db);
    const friend = await createUser(t.db);
    await createTeam(t.db, {
      subChallengeId: first.subChallengeId,
      managerId: m,
      members: [{ userId: friend }],
    });
    const always = await createRound(t.db, { type: 'always', startDate: '2026-11-01', missions: 1 });
    const teamId = await createTeam(t.db, {
      subChallengeId: always.subChallengeId,
      managerId: m,
      name: '새벽달리기',
    });
    await subscribe(m);
    await subscribe(friend);

    const invited = await callEndpoint(
      t.app,
      'team/invite',
      { teamId: await teamPublicId(t.db, teamId), userIds: [String(friend)] },
      await sessionHeadersFor(t.app, m),
    );
    expect(invited.statusCode).toBe(200);
    await send();
    expect(payloads(friend)).toEqual([
      expect.objectContaining({
        kind: 'invitation',
        url: '/team',
        body: '새벽달리기 팀에서 함께하자고 초대했어요.',
      }),
    ]);

    await t.app.services.roundClose.closeDue('2026-11-27', 'test');
    await send();
    expect(payloads(m)).toEqual([
      expect.objectContaining({ kind: 'roundResults', url: '/challenge/history' }),
    ]);
    expect(payloads(friend).map((payload) => payload.kind)).toEqual(['invitation', 'roundResults']);
  });
});
