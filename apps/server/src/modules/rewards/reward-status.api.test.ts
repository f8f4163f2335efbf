import { pushPreferencesUpdateEndpoint } from '@hamkke/contract/my/push';
import { rewardHistoryEndpoint, rewardNoticeEndpoint } from '@hamkke/contract/reward/rewards';
import { updateMemberEndpoint } from '@hamkke/contract/team/team-manage';
import { activityTimelineEndpoint } from '@hamkke/contract/user/timeline';
import webpush from 'web-push';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedBadgeRules } from '../../db/seed/badge-rules.ts';
import { testDatabaseTargets } from '../../../test/databases.ts';
import {
  certifyMany,
  createChild,
  createRound,
  createTeam,
  createUser,
  teamPublicId,
} from '../../../test/factories.ts';
import { callTyped, sessionHeadersFor, useTestContext } from '../../../test/harness.ts';
import { signedInOperator, type OperatorSessionHeaders } from '../../../test/operators.ts';
import { browserKeys } from '../../../test/push-service.ts';

const vapid = webpush.generateVAPIDKeys();

/**
 * Issue 45 item 3, "rewards say what is true": every reward answer carries where it stands (pending,
 * paid with when, cancelled), and an operator's payout tells the family once — the reward notice
 * shows again for the holder and a child's parent, and a `rewardPaid` push is written for them
 * (a child's after the quiet hours) — never for a cancelled or still pending reward, never twice.
 */
describe.each(testDatabaseTargets())('rewards that say what is true on $name', (target) => {
  const t = useTestContext(target, {
    config: { VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey },
  });
  let support: OperatorSessionHeaders;
  /** A parent and her child in one team with another family's parent, all rewarded at the close. */
  let parent: number;
  let child: number;
  let other: number;
  let teamPublic: string;
  const rewardOf = async (userId: number, kind: 'PAID' | 'TRAFFIC' | 'BADGES') =>
    (
      await t.db
        .selectFrom('rewards')
        .select('id')
        .where('user_id', '=', userId)
        .where('kind', '=', kind)
        .executeTakeFirstOrThrow()
    ).id;
  const admin = (path: string, body: object) =>
    t.app.inject({ method: 'POST', url: `/v1/api/admin/${path}`, headers: support.headers, payload: body });
  const pushesOf = (userId: number) =>
    t.db
      .selectFrom('push_sends')
      .select(['kind', 'title', 'url', 'not_before', 'created_at'])
      .where('user_id', '=', userId)
      .where('kind', '=', 'rewardPaid')
      .execute();
  const noticeOf = async (userId: number) =>
    (await callTyped(t.app, rewardNoticeEndpoint, {}, await sessionHeadersFor(t.app, userId))).response
      .notice;
  const closeNotice = async (userId: number) => {
    const notice = await noticeOf(userId);
    expect(notice).not.toBeNull();
    const closed = await callTyped(
      t.app,
      updateMemberEndpoint,
      { teamId: teamPublic, teamMbrId: notice!.teamMbrId, rewardNoticeDisplayYn: 'N' },
      await sessionHeadersFor(t.app, userId),
    );
    expect(closed.statusCode).toBe(200);
    expect(await noticeOf(userId)).toBeNull();
  };
  /** A browser subscribed for the person (written as the push module keeps it). */
  const subscribe = async (userId: number) => {
    const keys = browserKeys();
    await t.db
      .insertInto('push_subscriptions')
      .values({
        endpoint: `https://fcm.googleapis.com/fcm/send/reward-${target.name}-${userId}`,
        user_id: userId,
        p256dh: keys.p256dh,
        auth: keys.auth,
        created_at: t.clock.now().toISOString(),
        last_success_at: null,
      })
      .execute();
  };

  beforeAll(async () => {
    await seedBadgeRules(t.db);
    support = await signedInOperator(t, 'support');
    const round = await createRound(t.db, {
      recruitStart: '2026-10-20',
      recruitEnd: '2026-10-31',
      startDate: '2026-11-01',
      endDate: '2026-11-03',
      missions: 1,
    });
    await t.db
      .updateTable('sub_challenges')
      .set({
        paid_reward_amount: 5000,
        paid_reward_unit: 'POINT',
        traffic_reward_mb: 1000,
        reward_threshold_pct: 80,
      })
      .where('id', '=', round.subChallengeId)
      .execute();
    parent = await createUser(t.db, { alias: '하늘맘' });
    other = await createUser(t.db, { alias: '바다아빠' });
    child = await createChild(t.db, parent, `truekid${target.name}`, 'kid-pass-1234');
    const team = await createTeam(t.db, {
      subChallengeId: round.subChallengeId,
      managerId: parent,
      members: [{ userId: child, familyId: parent }, { userId: other }],
    });
    teamPublic = await teamPublicId(t.db, team);
    const days = ['2026-11-01', '2026-11-02', '2026-11-03'];
    await certifyMany(
      t.db,
      [parent, child, other].flatMap((userId) =>
        days.map((day) => ({ userId, day, missionId: round.missionIds[0]! })),
      ),
    );
    expect((await t.app.services.roundClose.close(round.subChallengeId, 'test')).closed).toBe(true);
    for (const userId of [parent, child, other]) await subscribe(userId);
  });

  it('answers each reward with its state and paid day, and the notice with the family’s rewards', async () => {
    const asParent = await sessionHeadersFor(t.app, parent);
    const history = (await callTyped(t.app, rewardHistoryEndpoint, {}, asParent)).response;
    // Hers and her child's: points and data wait for their payout, the completion badge is paid.
    expect(history.items).toHaveLength(6);
    for (const item of history.items) {
      expect(item.status).toBe(item.kind === 'BADGES' ? 'PAID' : 'PENDING');
      // A badge is paid as it is granted: that is its paid day.
      expect(item.settledAt).toBe(item.kind === 'BADGES' ? item.grantedAt : null);
    }
    expect(history.totals).toEqual(
      expect.arrayContaining([
        { kind: 'PAID', unit: 'POINT', amount: 10000, count: 2, paidAmount: 0, paidCount: 0 },
        { kind: 'TRAFFIC', unit: 'MB', amount: 2000, count: 2, paidAmount: 0, paidCount: 0 },
      ]),
    );
    // The parent's notice lists her child's rewards beside hers, each in its state.
    const notice = await noticeOf(parent);
    expect(
      notice!.rewards.map((reward) => `${reward.userId}:${reward.kind}:${reward.status}`).sort(),
    ).toEqual(
      [
        `${child}:BADGES:PAID`,
        `${child}:PAID:PENDING`,
        `${child}:TRAFFIC:PENDING`,
        `${parent}:BADGES:PAID`,
        `${parent}:PAID:PENDING`,
        `${parent}:TRAFFIC:PENDING`,
      ].sort(),
    );
    // A child's notice is their own.
    expect(new Set((await noticeOf(child))!.rewards.map((reward) => reward.userId))).toEqual(
      new Set([String(child)]),
    );
    const timeline = (await callTyped(t.app, activityTimelineEndpoint, { limit: 50 }, asParent)).response;
    const rewards = timeline.data.filter((item) => item.kind === 'REWARD');
    expect(rewards).toHaveLength(3);
    for (const item of rewards) expect('settledAt' in item).toBe(true);
  });

  it('tells the holder and the parent once when an operator pays a child’s reward, not for what waits or was cancelled', async () => {
    // Everyone closed their notice; nobody was pushed about rewards yet.
    for (const userId of [parent, child, other]) await closeNotice(userId);
    for (const userId of [parent, child, other]) expect(await pushesOf(userId)).toEqual([]);

    // A cancelled reward tells nobody.
    const cancelled = await admin('rewards/cancel', {
      rewardId: String(await rewardOf(other, 'TRAFFIC')),
      reason: '중복 지급 요청',
    });
    expect(cancelled.statusCode).toBe(200);
    expect(await noticeOf(other)).toBeNull();
    expect(await pushesOf(other)).toEqual([]);

    // 22:00 in Seoul: the child is in the quiet hours, the parent is not.
    t.clock.set('2026-11-22T13:00:00.000Z');
    support = await signedInOperator(t, 'support'); // the console's session of two days ago ended
    const paidAt = t.clock.now().toISOString();
    const paying = { rewardIds: [String(await rewardOf(child, 'PAID'))], payoutRef: 'PAY-45-3' };
    const paid = await admin('rewards/mark-paid', paying);
    expect(paid.json().response).toEqual({ paid: 1, skipped: [] });

    // The child's and the parent's notices show again, with the child's points paid on Nov 22.
    for (const userId of [child, parent]) {
      const notice = await noticeOf(userId);
      expect(notice).not.toBeNull();
      const points = notice!.rewards.find(
        (reward) => reward.userId === String(child) && reward.kind === 'PAID',
      )!;
      expect(points.status).toBe('PAID');
      expect(points.settledAt).toBe(paidAt);
    }
    // The other family's notice stays closed: nothing of theirs was paid.
    expect(await noticeOf(other)).toBeNull();

    // One push each to the child (after 08:00) and the parent (now), none to the other family.
    const [toChild] = await pushesOf(child);
    const [toParent] = await pushesOf(parent);
    expect(await pushesOf(child)).toHaveLength(1);
    expect(await pushesOf(parent)).toHaveLength(1);
    expect(toParent).toMatchObject({ title: '보상이 지급됐어요', url: '/my/rewardHistory' });
    expect(toParent!.not_before).toBe(paidAt);
    expect(toChild!.not_before).toBe('2026-11-22T23:00:00.000Z');
    expect(await pushesOf(other)).toEqual([]);

    // The history says so too.
    const history = (
      await callTyped(t.app, rewardHistoryEndpoint, {}, await sessionHeadersFor(t.app, parent))
    ).response;
    expect(history.totals).toEqual(
      expect.arrayContaining([
        { kind: 'PAID', unit: 'POINT', amount: 10000, count: 2, paidAmount: 5000, paidCount: 1 },
      ]),
    );

    // Marked again (the next day, notices closed): skipped, nobody is told a second time.
    for (const userId of [child, parent]) await closeNotice(userId);
    t.clock.set('2026-11-23T03:00:00.000Z');
    support = await signedInOperator(t, 'support');
    const again = await admin('rewards/mark-paid', { ...paying, payoutRef: 'PAY-45-3-AGAIN' });
    expect(again.json().response).toEqual({ paid: 0, skipped: paying.rewardIds });
    for (const userId of [child, parent]) {
      expect(await noticeOf(userId)).toBeNull();
      expect(await pushesOf(userId)).toHaveLength(1);
    }
  });

  it('writes no push for someone who turned payouts off, yet shows their notice', async () => {
    const off = await callTyped(
      t.app,
      pushPreferencesUpdateEndpoint,
      { rewardPaid: false },
      await sessionHeadersFor(t.app, other),
    );
    expect(off.statusCode).toBe(200);
    expect(off.response.rewardPaid).toBe(false);
    const paid = await admin('rewards/mark-paid', {
      rewardIds: [String(await rewardOf(other, 'PAID'))],
      payoutRef: 'PAY-45-3-B',
    });
    expect(paid.json().response.paid).toBe(1);
    expect(await noticeOf(other)).not.toBeNull();
    expect(await pushesOf(other)).toEqual([]);
  });
});
