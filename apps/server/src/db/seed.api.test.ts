import { activityTimelineEndpoint, type TimelineItem } from '@hamkke/contract/user/timeline';
import { addDays, seoulDay, seoulDayEnd, seoulDayStart } from '@hamkke/contract/dates';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../../test/databases.ts';
import { callTyped, createFreshDatabase, sessionHeadersFor, useTestContext } from '../../test/harness.ts';
import { createLocalDiskStorage } from '../lib/storage.ts';
import { DEMO_PARENT_KAKAO_ID, seedDemoData } from './seed.ts';

/**
 * The demo data looks like a real month (issue 25, item 7): photos on photo certifications, texts
 * and times that vary, sign-ups over 60 days, joins inside recruiting windows, round 1 closed at its
 * close, badges dated as they were earned, popups with the rounds' real dates, and something for
 * the console's moderation screens.
 */
const NOW = '2026-11-20T03:00:00.000Z';
const TODAY = seoulDay(new Date(NOW));

/** `2026-11-27` → `11월 27일`, as the popups write a day. */
const koreanDate = (day: string) => `${Number(day.slice(5, 7))}월 ${Number(day.slice(8, 10))}일`;

describe.each(testDatabaseTargets())('the demo month on $name', (target) => {
  const t = useTestContext(target, { now: NOW });

  beforeAll(async () => {
    await seedDemoData(t.db, t.clock.now(), createLocalDiskStorage(t.uploadDir));
  });

  it('gives every photo certification stored photos, varied, readable through the files endpoint', async () => {
    const rows = await t.db
      .selectFrom('mission_certifications as c')
      .innerJoin('missions as m', 'm.id', 'c.mission_id')
      .leftJoin('files as f', 'f.certification_id', 'c.id')
      .select(['c.id', 'c.user_id', 'm.proof_type', 'f.storage_key', 'f.thumbnail_key', 'f.owner_user_id'])
      .execute();
    const photoCertifications = new Set(rows.filter((row) => row.proof_type !== 'TEXT').map((row) => row.id));
    expect(photoCertifications.size).toBeGreaterThan(100);
    const withPhotos = rows.filter((row) => row.storage_key !== null);
    expect(new Set(withPhotos.map((row) => row.id))).toEqual(photoCertifications);
    // Each photo is its author's, and text-only missions have none.
    for (const row of withPhotos) {
      expect(row.owner_user_id).toBe(row.user_id);
      expect(row.proof_type).not.toBe('TEXT');
    }
    // Some certifications show more than one photo.
    expect(withPhotos.length).toBeGreaterThan(photoCertifications.size);

    const hashes = new Set<string>();
    for (const row of withPhotos.filter((_, index) => index % 25 === 0)) {
      const photo = await t.app.inject({ method: 'GET', url: `/v1/files/${row.storage_key}` });
      expect(photo.statusCode).toBe(200);
      expect(photo.headers['content-type']).toBe('image/jpeg');
      expect(photo.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
      hashes.add(createHash('sha256').update(photo.rawPayload).digest('hex'));
      const thumbnail = await t.app.inject({ method: 'GET', url: `/v1/files/${row.thumbnail_key}` });
      expect(thumbnail.statusCode).toBe(200);
      expect(thumbnail.headers['content-type']).toBe('image/webp');
    }
    // Not one picture copied everywhere: many different ones.
    expect(hashes.size).toBeGreaterThanOrEqual(10);
  });

  it('writes varied texts at varied daytime moments, never after now', async () => {
    const rows = await t.db
      .selectFrom('mission_certifications')
      .select(['certified_on', 'created_at', 'content_html'])
      .execute();
    expect(new Set(rows.map((row) => row.content_html)).size).toBeGreaterThanOrEqual(25);
    const minutes = new Set(rows.map((row) => row.created_at.slice(11, 16)));
    expect(minutes.size).toBeGreaterThan(rows.length / 3);
    for (const row of rows) {
      const at = new Date(row.created_at);
      // Made on the day it counts for, in Seoul, and not in the future.
      expect(seoulDay(at)).toBe(row.certified_on);
      expect(at.getTime()).toBeLessThanOrEqual(Date.parse(NOW));
      const hour = (at.getUTCHours() + 9) % 24;
      expect(hour).toBeGreaterThanOrEqual(7);
      expect(hour).toBeLessThan(22);
    }
  });

  it('seeded at 2 a.m. Seoul time, has nobody certifying in the night', async () => {
    const night = await createFreshDatabase(target);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hamkke-seed-night-'));
    try {
      const now = new Date('2026-11-19T17:30:00.000Z');
      await seedDemoData(night.db, now, createLocalDiskStorage(dir));
      const rows = await night.db.selectFrom('mission_certifications').select(['created_at']).execute();
      expect(rows.length).toBeGreaterThan(100);
      for (const row of rows) {
        const at = new Date(row.created_at);
        expect(at.getTime()).toBeLessThanOrEqual(now.getTime());
        expect((at.getUTCHours() + 9) % 24).toBeGreaterThanOrEqual(7);
      }
    } finally {
      await night.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('spreads sign-ups over the last 60 days', async () => {
    const users = await t.db.selectFrom('users').select(['created_at']).execute();
    const days = users.map((user) => seoulDay(new Date(user.created_at)));
    for (const day of days) {
      expect(day >= addDays(TODAY, -60) && day <= TODAY).toBe(true);
    }
    expect(new Set(days).size).toBeGreaterThanOrEqual(30);
    // The console's chart (the last 30 days of parents' sign-ups) is not flat: some days have more.
    const recent = days.filter((day) => day > addDays(TODAY, -30));
    const perDay = new Map<string, number>();
    for (const day of recent) perDay.set(day, (perDay.get(day) ?? 0) + 1);
    expect(Math.max(...perDay.values())).toBeGreaterThanOrEqual(2);
  });

  it('dates team joins inside their rounds’ recruiting windows, after sign-up and before certifying', async () => {
    const members = await t.db
      .selectFrom('team_members as m')
      .innerJoin('teams as t', 't.id', 'm.team_id')
      .innerJoin('sub_challenges as s', 's.id', 'm.sub_challenge_id')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select([
        'm.user_id',
        'm.sub_challenge_id',
        'm.joined_at',
        't.created_at as team_created_at',
        's.recruit_start',
        's.recruit_end',
        'u.created_at as signed_up_at',
      ])
      .execute();
    expect(members.length).toBeGreaterThan(50);
    const firstCertified = await t.db
      .selectFrom('mission_certifications as c')
      .innerJoin('missions as mi', 'mi.id', 'c.mission_id')
      .select(['c.user_id', 'mi.sub_challenge_id', (eb) => eb.fn.min('c.created_at').as('first')])
      .groupBy(['c.user_id', 'mi.sub_challenge_id'])
      .execute();
    const firstOf = new Map(
      firstCertified.map((row) => [`${row.user_id}:${row.sub_challenge_id}`, row.first]),
    );
    for (const member of members) {
      const day = seoulDay(new Date(member.joined_at));
      expect(day >= member.recruit_start && day <= member.recruit_end).toBe(true);
      expect(member.joined_at >= member.signed_up_at).toBe(true);
      expect(member.joined_at >= member.team_created_at).toBe(true);
      expect(Date.parse(member.joined_at)).toBeLessThanOrEqual(Date.parse(NOW));
      const first = firstOf.get(`${member.user_id}:${member.sub_challenge_id}`);
      if (first) expect(member.joined_at < first).toBe(true);
    }
    // Families joined on different days, not all at one instant.
    expect(new Set(members.map((member) => member.joined_at)).size).toBeGreaterThan(20);
  });

  it("dates round 1's medals and rewards at its close, and its reward notice names it", async () => {
    const ended = await t.db
      .selectFrom('sub_challenges')
      .select(['id', 'end_date'])
      .where('round', '=', 1)
      .where('end_date', '<', TODAY)
      .executeTakeFirstOrThrow();
    const closeDay = addDays(ended.end_date!, 1);
    const medals = await t.db.selectFrom('medals').select(['granted_at', 'sub_challenge_id']).execute();
    const rewards = await t.db.selectFrom('rewards').select(['granted_at', 'sub_challenge_id']).execute();
    expect(medals.length).toBeGreaterThan(0);
    expect(rewards.length).toBeGreaterThan(0);
    for (const row of [...medals, ...rewards]) {
      expect(row.sub_challenge_id).toBe(ended.id);
      // The night after its last day, as the close job runs: not the day the demo was seeded.
      expect(seoulDay(new Date(row.granted_at))).toBe(closeDay);
      expect(Date.parse(row.granted_at)).toBeGreaterThanOrEqual(seoulDayEnd(ended.end_date!).getTime());
    }
  });

  it('shows each medal once on the timeline, badges in the order they were earned', async () => {
    const parent = await t.db
      .selectFrom('users')
      .select('id')
      .where('kakao_id', '=', DEMO_PARENT_KAKAO_ID)
      .executeTakeFirstOrThrow();
    const items: TimelineItem[] = [];
    for (let offset = 0; ; offset += 50) {
      const page = await callTyped(
        t.app,
        activityTimelineEndpoint,
        { offset, limit: 50 },
        await sessionHeadersFor(t.app, parent.id),
      );
      expect(page.statusCode).toBe(200);
      items.push(...page.response.data);
      if (!page.response.hasMore) break;
    }
    const medals = items.filter((item) => item.kind === 'MEDAL');
    expect(medals.length).toBeGreaterThan(0);
    const described = medals.map((item) =>
      item.kind === 'MEDAL' ? `${item.scope}:${item.medal}:${item.teamName}` : '',
    );
    expect(new Set(described).size).toBe(described.length);
    expect(new Set(items.map((item) => item.itemId)).size).toBe(items.length);
    // Nothing on the timeline happened after now.
    for (const item of items) expect(Date.parse(item.occurredAt)).toBeLessThanOrEqual(Date.parse(NOW));
  });

  it('dates streak badges in order, each on the day its run was reached', async () => {
    const badges = await t.db
      .selectFrom('user_badges as ub')
      .innerJoin('badge_rules as r', 'r.id', 'ub.badge_id')
      .select(['ub.user_id', 'ub.achieved_at', 'ub.seen_at', 'r.kind', 'r.threshold'])
      .execute();
    const streaks = new Map<number, { threshold: number; at: string }[]>();
    for (const badge of badges) {
      expect(Date.parse(badge.achieved_at)).toBeLessThanOrEqual(Date.parse(NOW));
      if (badge.kind !== 'STREAK') continue;
      streaks.set(badge.user_id, [
        ...(streaks.get(badge.user_id) ?? []),
        { threshold: badge.threshold, at: badge.achieved_at },
      ]);
    }
    let people = 0;
    for (const list of streaks.values()) {
      const byThreshold = [...list].sort((a, b) => a.threshold - b.threshold);
      if (byThreshold.length > 1) people += 1;
      for (let index = 1; index < byThreshold.length; index += 1) {
        expect(byThreshold[index]!.at > byThreshold[index - 1]!.at).toBe(true);
      }
    }
    expect(people).toBeGreaterThan(0);
    // Badges of one person are not all stamped at one instant.
    expect(new Set(badges.map((badge) => badge.achieved_at)).size).toBeGreaterThan(badges.length / 2);
    // The demo parent's newest badge is the one left to pop up.
    const parent = await t.db
      .selectFrom('users')
      .select('id')
      .where('kakao_id', '=', DEMO_PARENT_KAKAO_ID)
      .executeTakeFirstOrThrow();
    const hers = badges
      .filter((badge) => badge.user_id === parent.id)
      .sort((a, b) => a.achieved_at.localeCompare(b.achieved_at));
    expect(hers.at(-1)).toMatchObject({ kind: 'STREAK', threshold: 7, seen_at: null });
    expect(hers.filter((badge) => badge.seen_at === null)).toHaveLength(1);
  });

  it("states the seeded rounds' real dates in their popups", async () => {
    const rounds = await t.db
      .selectFrom('sub_challenges')
      .select(['round', 'recruit_start', 'recruit_end', 'start_date', 'end_date'])
      .where('round', 'in', [2, 3])
      .where('end_date', 'is not', null)
      .execute();
    const popups = await t.db
      .selectFrom('popups')
      .select(['title', 'content', 'starts_at', 'ends_at'])
      .execute();
    for (const round of rounds) {
      const popup = popups.find((row) => row.title.includes(`${round.round}기 모집`))!;
      expect(popup.content).toContain(
        `모집 기간: ${koreanDate(round.recruit_start)} ~ ${koreanDate(round.recruit_end)}`,
      );
      expect(popup.content).toContain(
        `챌린지 기간: ${koreanDate(round.start_date)} ~ ${koreanDate(round.end_date!)}`,
      );
      // It shows while the round recruits.
      expect(popup.starts_at).toBe(seoulDayStart(round.recruit_start).toISOString());
      expect(popup.ends_at).toBe(seoulDayEnd(round.recruit_end).toISOString());
    }
    expect(rounds).toHaveLength(2);
  });

  it('has one hidden certification and one suspended account for the console', async () => {
    const hidden = await t.db
      .selectFrom('mission_certifications')
      .select(['hidden_at', 'hidden_reason', 'created_at'])
      .where('hidden_at', 'is not', null)
      .execute();
    expect(hidden).toHaveLength(1);
    expect(hidden[0]!.hidden_reason).toBeTruthy();
    expect(hidden[0]!.hidden_at! > hidden[0]!.created_at).toBe(true);
    const suspended = await t.db
      .selectFrom('users')
      .select(['suspended_at', 'suspended_reason', 'created_at'])
      .where('suspended_at', 'is not', null)
      .execute();
    expect(suspended).toHaveLength(1);
    expect(suspended[0]!.suspended_reason).toBeTruthy();
    expect(suspended[0]!.suspended_at! > suspended[0]!.created_at).toBe(true);
  });
});
