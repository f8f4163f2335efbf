import {
  NEW_ACCOUNT_REPORTS_PER_DAY,
  REPORT_PENDING_REASON,
  REPORTS_PER_HOUR,
  TRUSTED_FAMILY_DAYS,
} from '@hamkke/contract/mission/report';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../../../test/databases.ts';
import { certifyMany, createMissions, createUser, joinMissionRound } from '../../../test/factories.ts';
import { callEndpoint, sessionHeadersFor, useTestContext } from '../../../test/harness.ts';
import { signedInOperator, type OperatorSessionHeaders } from '../../../test/operators.ts';

/** Reports of a certification and the moderation queue (issue 29 item 4, decision 045). */
describe.each(testDatabaseTargets())('reporting a certification on $name', (target) => {
  const t = useTestContext(target);
  let support: OperatorSessionHeaders;
  const today = '2026-11-20';
  let serial = 0;

  const admin = (path: string, body: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/v1/api/admin/${path}`,
      headers: support.headers,
      payload: body as object,
    });
  const auditsOf = (action: string) =>
    t.db.selectFrom('audit_logs').selectAll().where('action', '=', action).orderBy('id').execute();
  const parent = () => createUser(t.db, { alias: `보호자${(serial += 1)}` });
  const child = (parentId: number) =>
    createUser(t.db, {
      user_type: 'CHILD',
      kakao_id: null,
      login_id: `kid-${(serial += 1)}`,
      parent_user_id: parentId,
      phone: null,
      birth_date: null,
    });
  const as = (userId: number) => sessionHeadersFor(t.app, userId);
  let historyMission = 0;
  /** A parent whose family certified on TRUSTED_FAMILY_DAYS days before: trusted wherever they report. */
  const trustedParent = async () => {
    const id = await parent();
    await certifyMany(
      t.db,
      Array.from({ length: TRUSTED_FAMILY_DAYS }, (_, index) => ({
        userId: id,
        missionId: historyMission,
        day: `2026-11-${String(10 + index).padStart(2, '0')}`,
      })),
    );
    return id;
  };
  /** A Kakao account made today that never passed the membership check, holding only a share link. */
  const throwaway = () =>
    createUser(t.db, {
      alias: `새계정${(serial += 1)}`,
      pin_verified_at: null,
      created_at: `${today}T02:00:00.000Z`,
    });

  /** A certification of a new author in a new round's team, with its shared day's link. */
  async function certification() {
    const [mission] = (await createMissions(t.db, 1, 'TEXT')) as [number];
    const author = await parent();
    const teammate = await parent();
    await joinMissionRound(t.db, author, mission);
    await joinMissionRound(t.db, teammate, mission);
    const authorHeaders = await as(author);
    const made = await callEndpoint(
      t.app,
      'home/mission-certification',
      { missionId: String(mission), contentHtml: '<p>오늘도 했어요</p>', fileIds: [] },
      authorHeaders,
    );
    expect(made.statusCode).toBe(200);
    const certificationId = made.json().response.certificationId as string;
    const uuid = (
      await callEndpoint(t.app, 'mission/mission-certify-uuid', { date: today }, authorHeaders)
    ).json().response.uuid as string;
    const teamCount = async () =>
      (
        await t.db
          .selectFrom('team_members as m')
          .innerJoin('teams as tm', 'tm.id', 'm.team_id')
          .select(['tm.cert_count'])
          .where('m.user_id', '=', author)
          .executeTakeFirstOrThrow()
      ).cert_count;
    return { mission, author, teammate, authorHeaders, certificationId, uuid, teamCount };
  }

  const report = async (
    reporter: number,
    body: { certificationId: string; shareUuid?: string; reason?: string; note?: string },
  ) =>
    callEndpoint(
      t.app,
      'mission/report-certification',
      { reason: 'INAPPROPRIATE_PHOTO', ...body },
      await as(reporter),
    );
  const hiddenReason = async (certificationId: string) =>
    (
      await t.db
        .selectFrom('mission_certifications')
        .select('hidden_reason')
        .where('id', '=', Number(certificationId))
        .executeTakeFirstOrThrow()
    ).hidden_reason;
  const notices = async (headers: Record<string, string>) =>
    (await callEndpoint(t.app, 'home/report-notices', {}, headers)).json().response.items as {
      certificationId: string;
      outcome: string;
      reason: string | null;
    }[];

  beforeAll(async () => {
    support = await signedInOperator(t, 'support');
    [historyMission] = (await createMissions(t.db, 1, 'TEXT')) as [number];
  });

  it('takes one report per person from a link holder or a teammate; never one’s own, never unseen', async () => {
    const c = await certification();
    const stranger = await parent();
    // Through the shared day's link: reported once; a second time answers 409 CONFLICT.
    const first = await report(stranger, {
      certificationId: c.certificationId,
      shareUuid: c.uuid,
      reason: 'OTHER',
      note: '광고 글 같아요',
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().response).toEqual({ certificationId: c.certificationId, reported: true });
    const again = await report(stranger, { certificationId: c.certificationId, shareUuid: c.uuid });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'CONFLICT', message: 'Reported already' });
    // A teammate sees it in the team: no link needed.
    expect((await report(c.teammate, { certificationId: c.certificationId })).statusCode).toBe(200);
    // Not one's own, nor one's family's.
    const own = await report(c.author, { certificationId: c.certificationId, shareUuid: c.uuid });
    expect(own.statusCode).toBe(403);
    const kid = await child(c.author);
    expect((await report(kid, { certificationId: c.certificationId, shareUuid: c.uuid })).statusCode).toBe(
      403,
    );
    // Another family's certification this person cannot see: as if there were none.
    const outsider = await parent();
    expect((await report(outsider, { certificationId: c.certificationId })).statusCode).toBe(404);
    const other = await certification();
    expect(
      (await report(outsider, { certificationId: c.certificationId, shareUuid: other.uuid })).statusCode,
    ).toBe(404);
    expect((await report(outsider, { certificationId: '999999', shareUuid: c.uuid })).statusCode).toBe(404);
    const rows = await t.db
      .selectFrom('certification_reports')
      .select(['reporter_id', 'reason', 'note'])
      .where('certification_id', '=', Number(c.certificationId))
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { reporter_id: stranger, reason: 'OTHER', note: '광고 글 같아요' },
      { reporter_id: c.teammate, reason: 'INAPPROPRIATE_PHOTO', note: null },
    ]);
    // Two families reported: not hidden yet.
    expect(await hiddenReason(c.certificationId)).toBeNull();
  });

  it('hides it once when 3 families report at the same moment; the queue lists it; a dismissal shows it again', async () => {
    const c = await certification();
    expect(await c.teamCount()).toBe(1);
    const [a, b, d] = [await trustedParent(), await trustedParent(), await trustedParent()];
    // Two people of one family are one family.
    expect(
      (await report(await child(a), { certificationId: c.certificationId, shareUuid: c.uuid })).statusCode,
    ).toBe(200);
    expect(await hiddenReason(c.certificationId)).toBeNull();
    const answers = await Promise.all(
      [a, b, d].map((reporter) =>
        report(reporter, { certificationId: c.certificationId, shareUuid: c.uuid }),
      ),
    );
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200]);
    expect(await hiddenReason(c.certificationId)).toBe(REPORT_PENDING_REASON);
    // The score moved once.
    expect(await c.teamCount()).toBe(0);
    // The shared day of a hidden certification is no page at all (issue 46 L4).
    const shared = await callEndpoint(t.app, 'mission/shared-certifications', { uuid: c.uuid, date: today });
    expect(shared.statusCode).toBe(404);
    // Hidden: nobody sees it to report it again.
    expect(
      (await report(await parent(), { certificationId: c.certificationId, shareUuid: c.uuid })).statusCode,
    ).toBe(404);
    // The author is told.
    expect(await notices(c.authorHeaders)).toEqual([
      expect.objectContaining({
        certificationId: c.certificationId,
        outcome: 'UNDER_REVIEW',
        reason: REPORT_PENDING_REASON,
      }),
    ]);

    const queue = await admin('reports/queue', {});
    expect(queue.statusCode).toBe(200);
    const item = (queue.json().response.items as { certification: { certificationId: string } }[]).find(
      (entry) => entry.certification.certificationId === c.certificationId,
    );
    expect(item).toMatchObject({
      status: 'OPEN',
      autoHiddenAt: expect.any(String),
      families: 3,
      certification: { text: '오늘도 했어요', hiddenReason: REPORT_PENDING_REASON, photos: [] },
      author: { userId: String(c.author), hiddenCertifications: 1, otherReportedCertifications: 0 },
    });
    expect((item as unknown as { reports: unknown[] }).reports).toHaveLength(4);

    const audits = (await auditsOf('report.dismiss')).length;
    const dismissed = await admin('reports/dismiss', { certificationId: c.certificationId });
    expect(dismissed.statusCode).toBe(200);
    expect(dismissed.json().response).toMatchObject({ status: 'DISMISSED', hiddenReason: null });
    expect(await auditsOf('report.dismiss')).toHaveLength(audits + 1);
    expect(await hiddenReason(c.certificationId)).toBeNull();
    expect(await c.teamCount()).toBe(1);
    expect(await notices(c.authorHeaders)).toEqual([
      expect.objectContaining({ certificationId: c.certificationId, outcome: 'RESTORED', reason: null }),
    ]);
    // Seen: gone from the author's notices.
    await callEndpoint(
      t.app,
      'home/report-notice-seen',
      { certificationId: c.certificationId },
      c.authorHeaders,
    );
    expect(await notices(c.authorHeaders)).toEqual([]);
    // Decided once.
    expect(
      (await admin('reports/hide', { certificationId: c.certificationId, reason: '다시 숨겨요' })).statusCode,
    ).toBe(409);
    // The operator's dismissal stands: a later report reopens the case but does not hide it.
    expect(
      (await report(await parent(), { certificationId: c.certificationId, shareUuid: c.uuid })).statusCode,
    ).toBe(200);
    expect(await hiddenReason(c.certificationId)).toBeNull();
  });

  it('hides each of many certifications exactly once when their third families report all at once', async () => {
    const many = [];
    for (let index = 0; index < 8; index += 1) many.push(await certification());
    const reporters = [await trustedParent(), await trustedParent(), await trustedParent()];
    const answers = await Promise.all(
      many.flatMap((c) =>
        reporters.map((reporter) =>
          report(reporter, { certificationId: c.certificationId, shareUuid: c.uuid }),
        ),
      ),
    );
    expect(answers.every((res) => res.statusCode === 200)).toBe(true);
    for (const c of many) {
      expect(await hiddenReason(c.certificationId)).toBe(REPORT_PENDING_REASON);
      expect(await c.teamCount()).toBe(0);
    }
    const cases = await t.db
      .selectFrom('certification_report_cases')
      .select(['report_count', 'auto_hidden_at'])
      .where(
        'certification_id',
        'in',
        many.map((c) => Number(c.certificationId)),
      )
      .execute();
    expect(cases.every((row) => row.report_count === 3 && row.auto_hidden_at !== null)).toBe(true);
  });

  it('hides with the operator’s reason, or suspends the author’s family; each an audit row; the author sees why', async () => {
    const c = await certification();
    expect((await report(c.teammate, { certificationId: c.certificationId })).statusCode).toBe(200);
    const before = (await auditsOf('report.hide')).length;
    const hidden = await admin('reports/hide', {
      certificationId: c.certificationId,
      reason: '아이 얼굴이 또렷하게 보여요',
    });
    expect(hidden.statusCode).toBe(200);
    expect(await auditsOf('report.hide')).toHaveLength(before + 1);
    expect((await auditsOf('report.hide')).at(-1)).toMatchObject({
      target: `certification:${c.certificationId}`,
    });
    expect(await c.teamCount()).toBe(0);
    expect(await notices(c.authorHeaders)).toEqual([
      expect.objectContaining({ outcome: 'HIDDEN', reason: '아이 얼굴이 또렷하게 보여요' }),
    ]);
    const mine = await callEndpoint(t.app, 'mission/mission-info-by-date', { date: today }, c.authorHeaders);
    expect(mine.json().response.certifications[0]).toMatchObject({
      hiddenReason: '아이 얼굴이 또렷하게 보여요',
    });
    // A notice of someone else's certification cannot be marked seen by another person.
    const notMine = await callEndpoint(
      t.app,
      'home/report-notice-seen',
      { certificationId: c.certificationId },
      await as(c.teammate),
    );
    expect(notMine.statusCode).toBe(404);
    expect(await notices(c.authorHeaders)).toHaveLength(1);

    const s = await certification();
    const kid = await child(s.author);
    expect((await report(s.teammate, { certificationId: s.certificationId })).statusCode).toBe(200);
    const suspended = await admin('reports/suspend', {
      certificationId: s.certificationId,
      reason: '광고를 계속 올려요',
    });
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json().response).toMatchObject({ status: 'HIDDEN', suspended: true });
    expect((await auditsOf('report.suspend')).at(-1)).toMatchObject({
      target: `certification:${s.certificationId}`,
    });
    const family = await t.db
      .selectFrom('users')
      .select(['id', 'suspended_at'])
      .where('id', 'in', [s.author, kid])
      .execute();
    expect(family.every((row) => row.suspended_at !== null)).toBe(true);
    expect(await hiddenReason(s.certificationId)).toBe('광고를 계속 올려요');
    // Decided cases leave the open queue.
    const open = await admin('reports/queue', {});
    const ids = (open.json().response.items as { certification: { certificationId: string } }[]).map(
      (entry) => entry.certification.certificationId,
    );
    expect(ids).not.toContain(s.certificationId);
    expect(ids).not.toContain(c.certificationId);
    const decided = await admin('reports/queue', { status: 'HIDDEN' });
    expect(decided.json().response.total).toBe(2);
    expect((await admin('reports/dismiss', { certificationId: '999999' })).statusCode).toBe(404);
  });

  it(`limits a person to ${REPORTS_PER_HOUR} reports an hour`, async () => {
    const c = await certification();
    const busy = await parent();
    for (let index = 0; index < REPORTS_PER_HOUR; index += 1) {
      const res = await report(busy, { certificationId: String(900000 + index), shareUuid: c.uuid });
      expect(res.statusCode).toBe(404);
    }
    const limited = await report(busy, { certificationId: c.certificationId, shareUuid: c.uuid });
    expect(limited.statusCode).toBe(429);
    t.clock.advance(60 * 60 * 1000 + 1);
    expect((await report(busy, { certificationId: c.certificationId, shareUuid: c.uuid })).statusCode).toBe(
      200,
    );
  });

  it('hides nothing on three throwaway accounts: the case is queued; three trusted families hide it (issue 46 M3)', async () => {
    const c = await certification();
    const strangers = [await throwaway(), await throwaway(), await throwaway()];
    for (const stranger of strangers) {
      expect(
        (await report(stranger, { certificationId: c.certificationId, shareUuid: c.uuid })).statusCode,
      ).toBe(200);
    }
    expect(await hiddenReason(c.certificationId)).toBeNull();
    expect(await c.teamCount()).toBe(1);
    const queued = await t.db
      .selectFrom('certification_report_cases')
      .select(['report_count', 'auto_hidden_at', 'status'])
      .where('certification_id', '=', Number(c.certificationId))
      .executeTakeFirstOrThrow();
    expect(queued).toMatchObject({ report_count: 3, auto_hidden_at: null, status: 'OPEN' });
    // The author is told nothing while nothing is hidden.
    expect(await notices(c.authorHeaders)).toEqual([]);

    // A verified parent who shares the author's team is trusted too; two history-trusted families make three.
    expect((await report(c.teammate, { certificationId: c.certificationId })).statusCode).toBe(200);
    expect(await hiddenReason(c.certificationId)).toBeNull();
    for (const family of [await trustedParent(), await trustedParent()]) {
      expect(
        (await report(family, { certificationId: c.certificationId, shareUuid: c.uuid })).statusCode,
      ).toBe(200);
    }
    expect(await hiddenReason(c.certificationId)).toBe(REPORT_PENDING_REASON);
    expect(await c.teamCount()).toBe(0);
  });

  it(`lets a new account send ${NEW_ACCOUNT_REPORTS_PER_DAY} reports a day`, async () => {
    const fresh = await throwaway();
    for (let index = 0; index < NEW_ACCOUNT_REPORTS_PER_DAY; index += 1) {
      const c = await certification();
      expect(
        (await report(fresh, { certificationId: c.certificationId, shareUuid: c.uuid })).statusCode,
      ).toBe(200);
    }
    const c = await certification();
    expect((await report(fresh, { certificationId: c.certificationId, shareUuid: c.uuid })).statusCode).toBe(
      429,
    );
    // An older account is not held to it.
    expect(
      (await report(await parent(), { certificationId: c.certificationId, shareUuid: c.uuid })).statusCode,
    ).toBe(200);
  });
});
