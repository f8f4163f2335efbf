import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../../../test/databases.ts';
import {
  certify,
  createChild,
  createChildConsentDocument,
  createMissions,
  createUser,
} from '../../../test/factories.ts';
import { callEndpoint, sessionHeadersFor, useTestContext } from '../../../test/harness.ts';
import { makeJpeg } from '../../../test/images.ts';
import { cookieFrom } from '../../../test/kakao-login.ts';

describe.each(testDatabaseTargets())('children and account on $name', (target) => {
  const t = useTestContext(target);
  let parent: number;
  let parentHeaders: Record<string, string>;
  let otherParent: number;
  let otherHeaders: Record<string, string>;
  let otherChild: number;

  beforeAll(async () => {
    await createChildConsentDocument(t.db);
    parent = await createUser(t.db, { name: '김부모', phone: '+82 10-1111-2222' });
    parentHeaders = await sessionHeadersFor(t.app, parent);
    otherParent = await createUser(t.db, { name: '남의부모' });
    otherHeaders = await sessionHeadersFor(t.app, otherParent);
    otherChild = await createChild(t.db, otherParent, 'other-kid', 'other-pass-123');
  });

  const call = (path: string, body: object, headers: Record<string, string> = parentHeaders) =>
    callEndpoint(t.app, path, body, headers);

  it('creates, lists, renames and re-passwords a child; the child logs in with the new password', async () => {
    // A parent of their own: other tests give `parent` children too.
    const mine = await sessionHeadersFor(t.app, await createUser(t.db));
    const callAs = (path: string, body: object, headers: Record<string, string> = mine) =>
      call(path, body, headers);
    const created = await callAs('my/create-children', {
      loginId: 'Minji-01',
      password: 'first-pass-1',
      userNm: '민지',
      guardianConsentVersion: '1.0',
    });
    expect(created.statusCode).toBe(200);
    const child = created.json().response;
    expect(child).toMatchObject({ loginId: 'minji-01', userNm: '민지', alias: '민지' });
    expect(JSON.stringify(child)).not.toContain('pass');

    const list = await callAs('my/children-list', {});
    expect(list.json().response.map((c: { loginId: string }) => c.loginId)).toEqual(['minji-01']);

    const login = await callEndpoint(t.app, 'login/children-login', {
      id: 'minji-01',
      password: 'first-pass-1',
    });
    expect(login.statusCode).toBe(200);
    const childHeaders = { authorization: `Bearer ${login.json().response.tokens.access.token}` };

    const renamed = await callAs('my/update-children', {
      childrenUserId: child.childrenUserId,
      userNm: '민지야',
    });
    expect(renamed.json().response.userNm).toBe('민지야');
    await callAs('my/update-children', { childrenUserId: child.childrenUserId, password: 'second-pass-2' });
    // A new password signs the child out everywhere.
    expect((await callAs('login/extend-token', {}, childHeaders)).statusCode).toBe(401);
    expect(
      (await callEndpoint(t.app, 'login/children-login', { id: 'minji-01', password: 'first-pass-1' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await callEndpoint(t.app, 'login/children-login', { id: 'minji-01', password: 'second-pass-2' }))
        .statusCode,
    ).toBe(200);
    const events = await t.db.selectFrom('activity_logs').select('event_type').execute();
    expect(events.map((e) => e.event_type)).toContain('CHILD_ACCOUNT_CREATE');
  });

  it('refuses a taken login id with 409 and bad bodies with 400 naming the fields', async () => {
    const taken = await call('my/create-children', {
      loginId: 'other-kid',
      password: 'some-pass-12',
      userNm: '누구',
      guardianConsentVersion: '1.0',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatchObject({ code: 'CONFLICT', fields: [{ path: 'loginId' }] });
    const bad = await call('my/create-children', { loginId: 'A B', password: 'short', userNm: '' });
    expect(bad.statusCode).toBe(400);
    const paths = bad.json().error.fields.map((f: { path: string }) => f.path);
    expect([...new Set(paths)].sort()).toEqual(['guardianConsentVersion', 'loginId', 'password', 'userNm']);
    const tooBig = await call('my/children-info', { childrenUserId: '999999999999' });
    expect(tooBig.statusCode).toBe(400);
    const nothing = await call('my/update-children', { childrenUserId: '1' });
    expect(nothing.statusCode).toBe(400);
  });

  it('answers "that id is taken" ten times an hour per parent, so ids cannot be listed by trying', async () => {
    const prober = await sessionHeadersFor(t.app, await createUser(t.db));
    for (let index = 0; index < 10; index += 1)
      await createChild(t.db, parent, `taken-${index}`, 'pass-1234');
    for (let index = 0; index < 10; index += 1) {
      const taken = await call(
        'my/create-children',
        {
          loginId: `taken-${index}`,
          password: 'prober-pass-1',
          userNm: '탐색',
          guardianConsentVersion: '1.0',
        },
        prober,
      );
      expect(taken.statusCode).toBe(409);
    }
    const limited = await call(
      'my/create-children',
      { loginId: 'taken-0', password: 'prober-pass-1', userNm: '탐색', guardianConsentVersion: '1.0' },
      prober,
    );
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    // Another parent is not held up.
    expect(
      (
        await call('my/create-children', {
          loginId: 'taken-0',
          password: 'prober-pass-1',
          userNm: '탐색',
          guardianConsentVersion: '1.0',
        })
      ).statusCode,
    ).toBe(409);
  });

  it('keeps every child endpoint to the parent’s own children (another family gets 404)', async () => {
    const foreign = String(otherChild);
    for (const [path, body] of [
      ['my/children-info', { childrenUserId: foreign }],
      ['my/update-children', { childrenUserId: foreign, userNm: '해킹' }],
      ['my/update-children', { childrenUserId: foreign, password: 'hijacked-123' }],
      ['my/delete-children', { childrenUserId: foreign }],
    ] as const) {
      const res = await call(path, body);
      expect(res.statusCode, path).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
    const still = await t.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', otherChild)
      .executeTakeFirstOrThrow();
    expect(still.name).not.toBe('해킹');
    const list = await call('my/children-list', {});
    expect(list.json().response.map((c: { childrenUserId: string }) => c.childrenUserId)).not.toContain(
      foreign,
    );
    // The other parent still reaches their own child.
    expect((await call('my/children-info', { childrenUserId: foreign }, otherHeaders)).statusCode).toBe(200);
  });

  it('needs a pin user for child management; a child or a plain parent gets 403', async () => {
    const plain = await createUser(t.db, { pin_verified_at: null });
    const plainHeaders = await sessionHeadersFor(t.app, plain);
    expect((await call('my/children-list', {}, plainHeaders)).json().error.code).toBe('PIN_REQUIRED');
    const kid = await createChild(t.db, parent, 'pin-kid', 'pin-kid-pass');
    const kidHeaders = await sessionHeadersFor(t.app, kid);
    expect(
      (
        await call(
          'my/create-children',
          { loginId: 'sneaky', password: 'sneaky-pass', userNm: 'x' },
          kidHeaders,
        )
      ).statusCode,
    ).toBe(403);
  });

  it('deletes a child with their certifications and sign-ins', async () => {
    const [mission] = await createMissions(t.db, 1);
    const kid = await createChild(t.db, parent, 'bye-kid', 'bye-kid-pass');
    await certify(t.db, kid, mission!, '2026-11-20');
    const photo = await t.app.services.files.upload(kid, await makeJpeg({ gps: true }));
    const login = await callEndpoint(t.app, 'login/children-login', {
      id: 'bye-kid',
      password: 'bye-kid-pass',
    });
    const cookie = cookieFrom(login.headers['set-cookie'], 'autoLogin')!;
    const deleted = await call('my/delete-children', { childrenUserId: String(kid) });
    expect(deleted.json()).toEqual({ response: { deleted: true } });
    const left = await t.db
      .selectFrom('mission_certifications')
      .selectAll()
      .where('user_id', '=', kid)
      .execute();
    expect(left).toEqual([]);
    // The photo's bytes are gone too, not only its row.
    expect((await t.app.inject({ method: 'GET', url: photo.url })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: photo.thumbnailUrl })).statusCode).toBe(404);
    expect((await callEndpoint(t.app, 'login/children-auto-login', {}, { cookie })).json()).toEqual({
      response: null,
    });
  });

  it('lets a child change their own password only with the current one', async () => {
    const kid = await createChild(t.db, parent, 'pw-kid', 'old-password-1');
    const headers = await sessionHeadersFor(t.app, kid);
    const wrong = await call(
      'my/change-password',
      { currentPassword: 'nope-nope-1', newPassword: 'new-password-1' },
      headers,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('INVALID_CREDENTIALS');
    const ok = await call(
      'my/change-password',
      { currentPassword: 'old-password-1', newPassword: 'new-password-1' },
      headers,
    );
    expect(ok.json()).toEqual({ response: { changed: true } });
    expect(
      (await callEndpoint(t.app, 'login/children-login', { id: 'pw-kid', password: 'new-password-1' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call('my/change-password', { currentPassword: 'x', newPassword: 'new-password-2' })).statusCode,
    ).toBe(403);
  });

  it('signs a child out everywhere else when they change their own password', async () => {
    await createChild(t.db, parent, 'two-devices-kid', 'old-password-1');
    const signIn = async () => {
      const res = await callEndpoint(t.app, 'login/children-login', {
        id: 'two-devices-kid',
        password: 'old-password-1',
        autoLogin: true,
      });
      return {
        headers: { authorization: `Bearer ${res.json().response.tokens.access.token}` },
        cookie: cookieFrom(res.headers['set-cookie'], 'autoLogin')!,
      };
    };
    const phone = await signIn();
    const tablet = await signIn();
    const changed = await call(
      'my/change-password',
      { currentPassword: 'old-password-1', newPassword: 'new-password-1' },
      phone.headers,
    );
    expect(changed.json()).toEqual({ response: { changed: true } });
    // The device that changed it stays signed in; the other token and every autoLogin cookie end.
    expect((await callEndpoint(t.app, 'login/extend-token', {}, phone.headers)).statusCode).toBe(200);
    expect((await callEndpoint(t.app, 'login/extend-token', {}, tablet.headers)).statusCode).toBe(401);
    for (const device of [phone, tablet]) {
      const auto = await callEndpoint(t.app, 'login/children-auto-login', {}, { cookie: device.cookie });
      expect(auto.json()).toEqual({ response: null });
    }
  });

  it('shows my account with a masked phone and verifies a pin user by membership number', async () => {
    const info = await call('my/myinfo', {});
    expect(info.json().response).toMatchObject({
      userId: String(parent),
      userNm: '김부모',
      maskedPhone: '010-****-2222',
      pinUser: { result: 'Y' },
      userType: 'PARENT',
    });
    expect(info.body).not.toContain('1111-2222');

    await t.db
      .insertInto('membership_registry')
      .values({
        member_no: 'ABO-777',
        name: '회원님',
        phone: '+82 10-9999-0000',
        birth_date: '1986-02-03',
        created_at: 'x',
      })
      .execute();
    // Another phone number than the registry's, so not found by name and phone; the birth date matches.
    const member = await createUser(t.db, {
      name: '회원님',
      phone: '+82 10-4444-4444',
      birth_date: '1986-02-03',
      pin_verified_at: null,
    });
    const headers = await sessionHeadersFor(t.app, member);
    expect((await call('my/check-pin-user', {}, headers)).json()).toEqual({ response: { result: 'N' } });
    expect((await call('my/auth-abo', { memberNo: 'ABO-000' }, headers)).json()).toEqual({
      response: { result: 'N' },
    });
    expect((await call('my/auth-abo', { memberNo: 'abo-777' }, headers)).json()).toEqual({
      response: { result: 'Y' },
    });
    expect((await call('my/check-pin-user', {}, headers)).json()).toEqual({ response: { result: 'Y' } });
  });

  it("takes spec §7's body {userId, loginKey} on my/myinfo and my/check-pin-user; the token decides", async () => {
    const named = { userId: String(parent), loginKey: 'whatever-the-client-holds' };
    const info = await call('my/myinfo', named);
    expect(info.statusCode).toBe(200);
    expect(info.json().response).toMatchObject({ userId: String(parent), userNm: '김부모' });
    const pin = await call('my/check-pin-user', named);
    expect(pin.json()).toEqual({ response: { result: 'Y' } });
    // A child's session has an empty loginKey.
    const kid = await createChild(t.db, parent, 'body-kid', 'kid-pass-1234');
    const kidHeaders = await sessionHeadersFor(t.app, kid);
    expect(
      (await call('my/check-pin-user', { userId: String(kid), loginKey: '' }, kidHeaders)).statusCode,
    ).toBe(200);
    // A body naming someone else than the token's owner is refused, as the session header is (decision 035).
    for (const path of ['my/myinfo', 'my/check-pin-user']) {
      const other = await call(path, { userId: String(otherParent), loginKey: '' });
      expect(other.statusCode).toBe(401);
      expect(other.json().error.code).toBe('SESSION_MISMATCH');
    }
    expect((await call('my/myinfo', { userId: 'x'.repeat(41) })).statusCode).toBe(400);
  });

  it('verifies a membership number only with a second factor the registry holds matching Kakao’s profile', async () => {
    await t.db
      .insertInto('membership_registry')
      .values({ member_no: 'ABO-31415926', name: '두요소', phone: '+82 10-7777-0001', created_at: 'x' })
      .execute();
    // The name matches, but neither the phone nor the birth date does: no pin status.
    const stranger = await createUser(t.db, {
      name: '두요소',
      phone: '+82 10-4444-0003',
      birth_date: '1980-01-01',
      pin_verified_at: null,
    });
    const strangerHeaders = await sessionHeadersFor(t.app, stranger);
    expect((await call('my/auth-abo', { memberNo: 'ABO-31415926' }, strangerHeaders)).json()).toEqual({
      response: { result: 'N' },
    });
    expect((await call('my/check-pin-user', {}, strangerHeaders)).json()).toEqual({
      response: { result: 'N' },
    });
    // Another phone, but the birth date the registry holds.
    await t.db
      .insertInto('membership_registry')
      .values({
        member_no: 'ABO-27182818',
        name: '생일회원',
        phone: '+82 10-7777-0002',
        birth_date: '1979-03-14',
        created_at: 'x',
      })
      .execute();
    const byBirthDate = await createUser(t.db, {
      name: '생일회원',
      phone: '+82 10-4444-0004',
      birth_date: '1979-03-14',
      pin_verified_at: null,
    });
    const birthHeaders = await sessionHeadersFor(t.app, byBirthDate);
    expect((await call('my/auth-abo', { memberNo: 'abo-27182818' }, birthHeaders)).json()).toEqual({
      response: { result: 'Y' },
    });
  });

  it('rate-limits membership number guesses with 429', async () => {
    const guesser = await createUser(t.db, { name: '추측왕', pin_verified_at: null });
    const headers = await sessionHeadersFor(t.app, guesser);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await call('my/auth-abo', { memberNo: `ABO-${attempt}00` }, headers)).statusCode).toBe(200);
    }
    const limited = await call('my/auth-abo', { memberNo: 'ABO-999' }, headers);
    expect(limited.statusCode).toBe(429);
  });

  it('withdraws a parent: the account, children and certifications go, tokens stop working', async () => {
    const leaver = await createUser(t.db);
    const kid = await createChild(t.db, leaver, 'leaver-kid', 'leaver-pass-1');
    const headers = await sessionHeadersFor(t.app, leaver);
    const kidHeaders = await sessionHeadersFor(t.app, kid);
    const kidPhoto = await t.app.services.files.upload(kid, await makeJpeg());
    expect((await call('user/withdraw', {}, headers)).json()).toEqual({ response: { withdrawn: true } });
    expect(await t.db.selectFrom('users').select('id').where('id', 'in', [leaver, kid]).execute()).toEqual(
      [],
    );
    expect((await call('my/myinfo', {}, headers)).statusCode).toBe(401);
    expect((await call('my/myinfo', {}, kidHeaders)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: kidPhoto.url })).statusCode).toBe(404);
    const events = await t.db.selectFrom('activity_logs').select('event_type').execute();
    expect(events.map((e) => e.event_type)).toContain('USER_WITHDRAWAL');
  });

  it('keeps a leaver’s login records without their birth date', async () => {
    const leaver = await createUser(t.db, { birth_date: '1983-07-09' });
    await t.app.services.activity.loginLog({
      userId: leaver,
      logdetail: 'LOGIN',
      birthDate: '1983-07-09',
      result: 'Y',
    });
    const headers = await sessionHeadersFor(t.app, leaver);
    expect((await call('user/withdraw', {}, headers)).statusCode).toBe(200);
    const rows = await t.db.selectFrom('login_logs').selectAll().where('logdetail', '=', 'LOGIN').execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.filter((row) => row.birth_date === '1983-07-09')).toEqual([]);
  });

  it('unlinks Kakao only with the signed-in parent’s own Kakao token', async () => {
    const emulator = t.app.kakao.emulator!;
    const person = emulator.createPerson({
      name: '연결끊기',
      birthyear: '1985',
      birthday: '0101',
      phoneNumber: '010-2222-3333',
    });
    const user = await createUser(t.db, { kakao_id: person.id, name: '연결끊기' });
    const headers = await sessionHeadersFor(t.app, user);
    const wrong = await call('common/unlink-kakao', { accessToken: 'not-a-kakao-token' }, headers);
    expect(wrong.statusCode).toBe(401);
    expect(await t.db.selectFrom('users').select('id').where('id', '=', user).execute()).toHaveLength(1);
  });
});
