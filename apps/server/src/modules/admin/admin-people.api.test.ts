import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../../../test/databases.ts';
import {
  createChild,
  createMissions,
  createTermsDocuments,
  createUser,
  joinMissionRound,
  teamPublicId,
} from '../../../test/factories.ts';
import { callEndpoint, sessionHeadersFor, useTestContext } from '../../../test/harness.ts';
import { cookieFrom, signUpAndLogIn } from '../../../test/kakao-login.ts';
import { signedInOperator, type OperatorSessionHeaders } from '../../../test/operators.ts';

/** People in the console (issue 9, support): find, mask and reveal, hide a certification, suspend. */
describe.each(testDatabaseTargets())('people in the console on $name', (target) => {
  // Header counts kept as in production, so a hide must drop them.
  const t = useTestContext(target, {
    config: { COUNTS_CACHE_MS: '60000' },
  });
  let support: OperatorSessionHeaders;
  let parent: number;
  let child: number;
  const today = '2026-11-20';

  const admin = (path: string, body: unknown, as: OperatorSessionHeaders = support) =>
    t.app.inject({
      method: 'POST',
      url: `/v1/api/admin/${path}`,
      headers: as.headers,
      payload: body as object,
    });
  const auditsOf = (action: string) =>
    t.db.selectFrom('audit_logs').selectAll().where('action', '=', action).orderBy('id').execute();
  const allAudits = async () => (await t.db.selectFrom('audit_logs').select('id').execute()).length;

  beforeAll(async () => {
    await createTermsDocuments(t.db);
    support = await signedInOperator(t, 'support');
    parent = await createUser(t.db, {
      name: '김서연',
      alias: '서연맘',
      phone: '+82 10-2481-3579',
      kakao_id: '4455667788',
      birth_date: '1988-04-17',
    });
    child = await createChild(t.db, parent, 'seoyeon-kid', 'twinkle-1234');
    await t.db.updateTable('users').set({ birth_date: '2016-09-03' }).where('id', '=', child).execute();
  });

  it('finds a parent by name, alias, phone tail, masked phone or Kakao id, with the phone masked', async () => {
    await createUser(t.db, { name: '박민준', alias: '민준아빠', phone: '+82 10-1111-2222' });
    const found = async (query: string) => {
      const res = await admin('people/search', { query });
      expect(res.statusCode).toBe(200);
      return res.json().response as { items: { userId: string; maskedPhone: string }[]; total: number };
    };
    for (const query of ['김서', '서연맘', '3579', '010-****-3579', '4455667788']) {
      const page = await found(query);
      expect(page.items.map((item) => item.userId)).toEqual([String(parent)]);
      expect(page.total).toBe(1);
    }
    const [item] = (await found('서연')).items;
    expect(item).toMatchObject({ maskedPhone: '010-****-3579', kakaoId: '4455667788', childCount: 1 });
    expect(JSON.stringify(item)).not.toContain('2481');
    expect((await found('아무도없음')).total).toBe(0);
    // A child is not a parent: not listed by its name.
    expect((await found('seoyeon-kid')).total).toBe(0);
    // An empty query pages through every parent.
    const all = await admin('people/search', { query: '', limit: 1 });
    expect(all.json().response.items).toHaveLength(1);
    expect(all.json().response.total).toBeGreaterThanOrEqual(2);
  });

  it('shows the family with phone and birth dates masked; a reveal answers them and is audited', async () => {
    const detail = await admin('people/detail', { userId: String(parent) });
    expect(detail.statusCode).toBe(200);
    const body = detail.json().response;
    expect(body.person).toMatchObject({
      maskedPhone: '010-****-3579',
      maskedBirthDate: '1988-**-**',
      suspendedAt: null,
    });
    expect(body.children).toEqual([
      expect.objectContaining({
        userId: String(child),
        loginId: 'seoyeon-kid',
        maskedBirthDate: '2016-**-**',
      }),
    ]);
    const text = JSON.stringify(body);
    for (const secret of ['2481', '04-17', '09-03']) expect(text).not.toContain(secret);

    const before = await auditsOf('person.reveal');
    const revealed = await admin('people/reveal', { userId: String(parent) });
    expect(revealed.statusCode).toBe(200);
    expect(revealed.json().response).toEqual({
      userId: String(parent),
      phone: '010-2481-3579',
      birthDate: '1988-04-17',
      children: [{ userId: String(child), birthDate: '2016-09-03' }],
    });
    const after = await auditsOf('person.reveal');
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)).toMatchObject({ target: `user:${parent}` });
    // The audit row names what was shown, never the values.
    expect(after.at(-1)!.summary).not.toContain('2481');
    expect(after.at(-1)!.summary).not.toContain('1988-04-17');

    expect((await admin('people/detail', { userId: String(child) })).statusCode).toBe(404);
    expect((await admin('people/reveal', { userId: '999999' })).statusCode).toBe(404);
  });

  it('hides a certification: gone from the shared page, the counts and the team score; its author sees why', async () => {
    const [mission] = (await createMissions(t.db, 1, 'TEXT')) as [number];
    const author = await createUser(t.db, { alias: '하늘맘' });
    const teammate = await createUser(t.db, { alias: '옆집아빠' });
    await joinMissionRound(t.db, author, mission);
    await joinMissionRound(t.db, teammate, mission);
    const authorHeaders = await sessionHeadersFor(t.app, author);
    const teammateHeaders = await sessionHeadersFor(t.app, teammate);
    const certified = await callEndpoint(
      t.app,
      'home/mission-certification',
      { missionId: String(mission), contentHtml: '<p>규칙 위반 사진이에요</p>', fileIds: [] },
      authorHeaders,
    );
    expect(certified.statusCode).toBe(200);
    await callEndpoint(
      t.app,
      'home/mission-certification',
      { missionId: String(mission), contentHtml: '<p>저도 했어요</p>', fileIds: [] },
      teammateHeaders,
    );
    const certificationId = certified.json().response.certificationId as string;
    const { uuid } = (
      await callEndpoint(t.app, 'mission/mission-certify-uuid', { date: today }, authorHeaders)
    ).json().response;
    const sharedPage = () => callEndpoint(t.app, 'mission/shared-certifications', { uuid, date: today });
    const shared = async () =>
      (await sharedPage()).json().response.certifications as { certificationId: string }[];
    const counts = async () => ({
      total: (await callEndpoint(t.app, 'common/total-mission-certification-count', {})).json().response,
      today: (await callEndpoint(t.app, 'common/today-mission-certification-count', {})).json().response,
    });
    const team = () =>
      t.db
        .selectFrom('team_members as m')
        .innerJoin('teams as tm', 'tm.id', 'm.team_id')
        .select(['tm.cert_count as team_count', 'tm.day_count', 'm.cert_count as member_count'])
        .where('m.user_id', '=', author)
        .executeTakeFirstOrThrow();
    const kept = () =>
      t.db
        .selectFrom('teams')
        .select(['id', 'cert_count', 'day_count', 'day_count_on'])
        .orderBy('id')
        .execute();

    // What a teammate sees: the member ranking and the author's certifications in the round.
    const membership = await t.db
      .selectFrom('team_members')
      .select(['id', 'team_id'])
      .where('user_id', '=', author)
      .executeTakeFirstOrThrow();
    const teamId = await teamPublicId(t.db, membership.team_id);
    const seenByTeammate = async () => {
      const ranking = await callEndpoint(t.app, 'team/team-member-challenge', { teamId }, teammateHeaders);
      const detail = await callEndpoint(
        t.app,
        'team/team-member-detail-challenge',
        { teamId, teamMbrId: String(membership.id) },
        teammateHeaders,
      );
      const members = ranking.json().response.members as { userId: string; certifications: number }[];
      const days = detail.json().response.days as { certifications: { certificationId: string }[] }[];
      return {
        count: members.find((member) => member.userId === String(author))!.certifications,
        shown: days.flatMap((day) => day.certifications.map((c) => c.certificationId)),
      };
    };
    expect(await seenByTeammate()).toEqual({ count: 1, shown: [certificationId] });

    expect((await shared()).map((c) => c.certificationId)).toEqual([certificationId]);
    const countsBefore = await counts();
    const teamBefore = await team();
    expect(teamBefore).toMatchObject({ team_count: 2, member_count: 1, day_count: 2 });

    const auditsBefore = await allAudits();
    const hidden = await admin('people/certification-hide', {
      certificationId,
      reason: '다른 사람의 얼굴이 보이는 사진이에요',
    });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json().response).toMatchObject({
      certificationId,
      hiddenReason: '다른 사람의 얼굴이 보이는 사진이에요',
    });
    expect(await allAudits()).toBe(auditsBefore + 1);
    expect((await auditsOf('certification.hide')).at(-1)).toMatchObject({
      target: `certification:${certificationId}`,
    });

    // Gone from the shared page (the day's only certification: no page at all), the header counts
    // and the team's kept scores.
    expect((await sharedPage()).statusCode).toBe(404);
    expect(await counts()).toEqual({ total: countsBefore.total - 1, today: countsBefore.today - 1 });
    expect(await team()).toMatchObject({ team_count: 1, member_count: 0, day_count: 1 });
    expect(await seenByTeammate()).toEqual({ count: 0, shown: [] });
    // The kept counters are what a recount from the certifications gives.
    const keptNow = await kept();
    await t.app.services.recountTeamScores(today);
    expect(await kept()).toEqual(keptNow);

    // /home no longer counts it as done (issue 25 item 6): the mission reads hidden, not certified.
    const home = async () =>
      (await callEndpoint(t.app, 'home/mission-list', {}, authorHeaders)).json().response.missions as {
        missionId: string;
        certified: boolean;
        hidden: boolean;
        certificationId: string | null;
      }[];
    expect((await home()).find((row) => row.missionId === String(mission))).toMatchObject({
      certified: false,
      hidden: true,
      certificationId,
    });

    // Its author still sees it, with the reason; it cannot be deleted (nor certified again).
    const mine = await callEndpoint(t.app, 'mission/mission-info-by-date', { date: today }, authorHeaders);
    expect(mine.json().response.certifications).toEqual([
      expect.objectContaining({
        certificationId,
        hiddenReason: '다른 사람의 얼굴이 보이는 사진이에요',
        deletable: false,
      }),
    ]);
    const log = await callEndpoint(t.app, 'home/mission-log', {}, authorHeaders);
    expect(log.json().response.items[0]).toMatchObject({ certificationId, hiddenReason: expect.any(String) });
    const teammateLog = await callEndpoint(t.app, 'home/mission-log', {}, teammateHeaders);
    expect(teammateLog.json().response.items[0]).toMatchObject({ hiddenReason: null });
    const removal = await callEndpoint(
      t.app,
      'home/delete-mission-certification',
      { certificationId },
      authorHeaders,
    );
    expect(removal.statusCode).toBe(403);
    // A day with nothing but the hidden certification cannot be shared (issue 25 item 6).
    const shareAgain = await callEndpoint(
      t.app,
      'mission/mission-certify-uuid',
      { date: today },
      authorHeaders,
    );
    expect(shareAgain.statusCode).toBe(400);
    expect(shareAgain.json().error.fields).toEqual([expect.objectContaining({ path: 'date' })]);

    // The console shows it hidden; hiding twice is a conflict; a short reason is a field error.
    const detail = (await admin('people/detail', { userId: String(author) })).json().response;
    expect(detail.certifications[0]).toMatchObject({ certificationId, hiddenReason: expect.any(String) });
    expect(
      (await admin('people/certification-hide', { certificationId, reason: '또 숨김' })).statusCode,
    ).toBe(409);
    const short = await admin('people/certification-hide', { certificationId, reason: '' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields).toEqual([expect.objectContaining({ path: 'reason' })]);
    expect(
      (await admin('people/certification-hide', { certificationId: '999999', reason: '없는 인증' }))
        .statusCode,
    ).toBe(404);

    // Shown again: everything comes back.
    expect((await admin('people/certification-unhide', { certificationId })).statusCode).toBe(200);
    expect((await shared()).map((c) => c.certificationId)).toEqual([certificationId]);
    expect(await counts()).toEqual(countsBefore);
    expect(await team()).toMatchObject(teamBefore);
    expect(await seenByTeammate()).toEqual({ count: 1, shown: [certificationId] });
    expect(await auditsOf('certification.unhide')).toHaveLength(1);
    expect((await home()).find((row) => row.missionId === String(mission))).toMatchObject({
      certified: true,
      hidden: false,
    });
  });

  it("hiding an older day's certification leaves the team's count of today alone", async () => {
    const [mission] = (await createMissions(t.db, 1, 'TEXT')) as [number];
    const person = await createUser(t.db);
    await joinMissionRound(t.db, person, mission);
    const old = await t.db
      .insertInto('mission_certifications')
      .values({
        user_id: person,
        mission_id: mission,
        certified_on: '2026-11-19',
        content_html: '<p>어제</p>',
        created_at: '2026-11-19T01:00:00.000Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.app.services.recountTeamScores(today);
    await callEndpoint(
      t.app,
      'home/mission-certification',
      { missionId: String(mission), contentHtml: '<p>오늘</p>', fileIds: [] },
      await sessionHeadersFor(t.app, person),
    );
    const teamOf = () =>
      t.db
        .selectFrom('team_members as m')
        .innerJoin('teams as tm', 'tm.id', 'm.team_id')
        .select(['tm.cert_count', 'tm.day_count', 'tm.day_count_on'])
        .where('m.user_id', '=', person)
        .executeTakeFirstOrThrow();
    const before = await teamOf();
    expect(
      (await admin('people/certification-hide', { certificationId: String(old.id), reason: '어제 것 숨김' }))
        .statusCode,
    ).toBe(200);
    expect(await teamOf()).toEqual({ ...before, cert_count: before.cert_count - 1 });
  });

  it('suspends a family: tokens and auto-login revoked, logins refused with their own code; unsuspend restores', async () => {
    const family = await createUser(t.db, { name: '이정지', alias: '정지맘' });
    const kid = await createChild(t.db, family, 'paused-kid', 'twinkle-1234');
    const parentHeaders = await sessionHeadersFor(t.app, family);
    const kidLogin = await callEndpoint(t.app, 'login/children-login', {
      id: 'paused-kid',
      password: 'twinkle-1234',
      autoLogin: true,
    });
    expect(kidLogin.statusCode).toBe(200);
    const kidHeaders = { authorization: `Bearer ${kidLogin.json().response.tokens.access.token}` };
    const autoCookie = cookieFrom(kidLogin.headers['set-cookie'], 'autoLogin')!;
    const works = async (headers: Record<string, string>) =>
      (await callEndpoint(t.app, 'home/mission-list', {}, headers)).statusCode;
    expect([await works(parentHeaders), await works(kidHeaders)]).toEqual([200, 200]);

    const before = await allAudits();
    const suspended = await admin('people/suspend', { userId: String(family), reason: '반복된 규칙 위반' });
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json().response).toMatchObject({ suspendedReason: '반복된 규칙 위반', accounts: 2 });
    expect(await allAudits()).toBe(before + 1);
    expect((await auditsOf('person.suspend')).at(-1)).toMatchObject({ target: `user:${family}` });

    expect([await works(parentHeaders), await works(kidHeaders)]).toEqual([401, 401]);
    const auto = await callEndpoint(t.app, 'login/children-auto-login', {}, { cookie: autoCookie });
    expect(auto.json()).toEqual({ response: null });
    const refused = await callEndpoint(t.app, 'login/children-login', {
      id: 'paused-kid',
      password: 'twinkle-1234',
      autoLogin: false,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('ACCOUNT_SUSPENDED');
    // A wrong password learns nothing of the suspension.
    const guess = await callEndpoint(t.app, 'login/children-login', {
      id: 'paused-kid',
      password: 'wrong-password',
      autoLogin: false,
    });
    expect(guess.json().error.code).toBe('INVALID_CREDENTIALS');
    // A token minted anyway (none can be through a login) is refused too.
    expect(await works(await sessionHeadersFor(t.app, family))).toBe(401);

    const shown = (await admin('people/detail', { userId: String(family) })).json().response;
    expect(shown.person).toMatchObject({
      suspendedReason: '반복된 규칙 위반',
      suspendedAt: expect.any(String),
    });
    expect(shown.children[0].suspendedAt).toEqual(expect.any(String));
    const listed = (await admin('people/search', { query: '정지맘' })).json().response.items;
    expect(listed[0].suspendedAt).toEqual(expect.any(String));
    expect((await admin('people/suspend', { userId: String(family), reason: '두 번째' })).statusCode).toBe(
      409,
    );
    expect((await admin('people/suspend', { userId: String(kid), reason: '자녀만' })).statusCode).toBe(404);

    expect((await admin('people/unsuspend', { userId: String(family) })).statusCode).toBe(200);
    expect(await auditsOf('person.unsuspend')).toHaveLength(1);
    const again = await callEndpoint(t.app, 'login/children-login', {
      id: 'paused-kid',
      password: 'twinkle-1234',
      autoLogin: false,
    });
    expect(again.statusCode).toBe(200);
    expect(await works(await sessionHeadersFor(t.app, family))).toBe(200);
  });

  it('refuses the Kakao login of a suspended parent with ACCOUNT_SUSPENDED', async () => {
    const signed = await signUpAndLogIn(t.app, {
      name: '카카오정지',
      birthyear: '1990',
      birthday: '0315',
      phoneNumber: '010-4321-8765',
    });
    const userId = signed.result.userInfo.userId;
    expect((await admin('people/suspend', { userId, reason: '부적절한 사진 반복' })).statusCode).toBe(200);
    const login = await callEndpoint(t.app, 'login/login', signed.proof);
    expect(login.statusCode).toBe(403);
    expect(login.json().error.code).toBe('ACCOUNT_SUSPENDED');
    expect((await callEndpoint(t.app, 'home/mission-list', {}, signed.headers)).statusCode).toBe(401);
  });

  it('is for support (and admin): a content operator gets 403', async () => {
    const content = await signedInOperator(t, 'content');
    expect((await admin('people/search', { query: '' }, content)).statusCode).toBe(403);
    const adminOperator = await signedInOperator(t, 'admin');
    expect((await admin('people/search', { query: '' }, adminOperator)).statusCode).toBe(200);
  });
});
