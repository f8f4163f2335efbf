import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { activityEventTypes } from '@hamkke/contract/user/activity-events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../../../test/databases.ts';
import { createChild, createTermsDocuments, createUser } from '../../../test/factories.ts';
import { callEndpoint, createTestContext, type TestContext } from '../../../test/harness.ts';
import { signUpAndLogIn } from '../../../test/kakao-login.ts';

const adult = (name: string, phoneNumber = '010-1234-5678') => ({
  name,
  birthyear: '1990',
  birthday: '0315',
  phoneNumber,
});

/** Issue 27 item 3: LOGIN_ATTEMPT (children login too) and PHONE_VERIFICATION_FAILURE are written. */
describe.each(testDatabaseTargets())('spec §9 login and membership events on $name', (target) => {
  let t: TestContext;

  beforeAll(async () => {
    t = await createTestContext(target, { now: '2026-11-20T03:00:00.000Z' });
    await createTermsDocuments(t.db);
    await t.db
      .insertInto('membership_registry')
      .values({ member_no: 'ABO-7', name: '명부회원', phone: '+82 10-7777-8888', created_at: '2026-01-01' })
      .execute();
  });
  afterAll(() => t.close());

  const events = (eventType: string) =>
    t.db.selectFrom('activity_logs').selectAll().where('event_type', '=', eventType).orderBy('id').execute();

  it('writes LOGIN_ATTEMPT when a child logs in, and LOGIN_ATTEMPT_FAILURE for a wrong password', async () => {
    const parent = await createUser(t.db);
    const child = await createChild(t.db, parent, 'event-kid', 'twinkle-1234');
    const wrong = await callEndpoint(t.app, 'login/children-login', {
      id: 'event-kid',
      password: 'nope-nope',
    });
    expect(wrong.statusCode).toBe(400);
    const ok = await callEndpoint(t.app, 'login/children-login', {
      id: 'event-kid',
      password: 'twinkle-1234',
    });
    expect(ok.statusCode).toBe(200);

    const attempts = (await events('LOGIN_ATTEMPT')).filter((row) => row.title === 'CHILDREN');
    expect(attempts).toEqual([
      expect.objectContaining({ user_id: child, status_code: 200, source: 'SERVER', error_reason: null }),
    ]);
    const failures = await events('LOGIN_ATTEMPT_FAILURE');
    expect(failures).toEqual([
      expect.objectContaining({
        user_id: null,
        title: 'CHILDREN',
        body: 'event-kid',
        status_code: 400,
        error_reason: 'INVALID_CREDENTIALS',
      }),
    ]);
  });

  it('writes LOGIN_ATTEMPT when a parent logs in with Kakao', async () => {
    const { result, proof } = await signUpAndLogIn(t.app, adult('로그인부모'));
    const attempts = (await events('LOGIN_ATTEMPT')).filter((row) => row.title === 'KAKAO');
    expect(attempts).toEqual([
      expect.objectContaining({
        user_id: Number(result.userInfo.userId),
        kakao_uid: proof.loginKey,
        user_nm: '로그인부모',
        status_code: 200,
      }),
    ]);
  });

  it('writes PHONE_VERIFICATION_FAILURE when a membership check finds no match, and nothing when it does', async () => {
    const member = await signUpAndLogIn(t.app, adult('명부회원', '+82 10-7777-8888'));
    const stranger = await signUpAndLogIn(t.app, adult('명부밖사람', '010-2222-3333'));
    const before = (await events('PHONE_VERIFICATION_FAILURE')).length;

    const yes = await callEndpoint(t.app, 'login/login-check-pin-user', member.proof);
    expect(yes.json()).toEqual({ response: { data: [{ result: 'Y' }] } });
    expect(await events('PHONE_VERIFICATION_FAILURE')).toHaveLength(before);

    const no = await callEndpoint(t.app, 'login/login-check-pin-user', stranger.proof);
    expect(no.json()).toEqual({ response: { data: [{ result: 'N' }] } });
    const mine = await callEndpoint(t.app, 'my/check-pin-user', {}, stranger.headers);
    expect(mine.json().response).toEqual({ result: 'N' });
    const byNumber = await callEndpoint(t.app, 'my/auth-abo', { memberNo: 'ABO-7' }, stranger.headers);
    expect(byNumber.json().response).toEqual({ result: 'N' });

    const failures = (await events('PHONE_VERIFICATION_FAILURE')).slice(before);
    expect(failures.map((row) => [row.user_id, row.title, row.status_code])).toEqual([
      [Number(stranger.result.userInfo.userId), 'PHONE', 200],
      [Number(stranger.result.userInfo.userId), 'PHONE', 200],
      [Number(stranger.result.userInfo.userId), 'MEMBER_NO', 200],
    ]);
    // A read of one's own info (my/myinfo) is no membership check: nothing more is logged.
    await callEndpoint(t.app, 'my/myinfo', {}, stranger.headers);
    expect(await events('PHONE_VERIFICATION_FAILURE')).toHaveLength(before + 3);
  });
});

/** Every event type of spec §9 has a writer in the server or the web app (outside tests). */
describe('the 17 activity event types of spec §9, the 2 of the data export and the child login unlock', () => {
  const root = join(import.meta.dirname, '../../../..');
  const sources: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) sources.push(readFileSync(path, 'utf8'));
    }
  };
  walk(join(root, 'server/src'));
  walk(join(root, 'web/src'));

  it('lists 20', () => expect(activityEventTypes).toHaveLength(20));

  it.each(activityEventTypes)('%s is written somewhere', (eventType) => {
    expect(sources.some((source) => source.includes(`'${eventType}'`))).toBe(true);
  });
});
