import { sendKakaoEndpoint } from '@hamkke/contract/common/send-kakao';
import { childrenLoginEndpoint } from '@hamkke/contract/login/children-login';
import { changeMyIdEndpoint } from '@hamkke/contract/my/children';
import { checkUserStatusEndpoint, loginUserCountEndpoint } from '@hamkke/contract/login/user-status';
import {
  updateChildrenProfileEndpoint,
  updateMasterEndpoint,
  userLinksEndpoint,
} from '@hamkke/contract/user/links';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../../../test/databases.ts';
import { createChild, createTermsDocuments, createUser } from '../../../test/factories.ts';
import { callTyped, sessionHeadersFor, useTestContext } from '../../../test/harness.ts';
import { signUpAndLogIn } from '../../../test/kakao-login.ts';

/** Family links, profiles, account status and Kakao "send to me" (issue 8 item 7, decision 008). */
describe.each(testDatabaseTargets())('profiles and family links on $name', (target) => {
  const t = useTestContext(target);
  beforeAll(async () => {
    await createTermsDocuments(t.db);
    await t.db.insertInto('forbidden_words').values({ word: '바보', created_at: 'x' }).execute();
  });

  it('links a parent with their children and a child with their parent', async () => {
    const parent = await createUser(t.db, { name: '김부모', alias: '부모별명' });
    const child = await createChild(t.db, parent, `links${parent}`, 'kid-pass-1234');
    const mine = await callTyped(t.app, userLinksEndpoint, {}, await sessionHeadersFor(t.app, parent));
    // Spec §7: the client reads `data` (decision 002).
    expect(Object.keys(mine.response)).toEqual(['data']);
    expect(mine.response.data).toMatchObject({
      me: { userId: String(parent), userType: 'PARENT', alias: '부모별명' },
      parents: [],
      children: [{ userId: String(child), userType: 'CHILD' }],
    });
    const theirs = await callTyped(t.app, userLinksEndpoint, {}, await sessionHeadersFor(t.app, child));
    expect(theirs.response.data).toMatchObject({
      me: { userId: String(child) },
      parents: [{ userId: String(parent), userNm: '김부모' }],
      children: [],
    });
  });

  it("changes the master's and a child's profile, only within the family", async () => {
    const parent = await createUser(t.db);
    const child = await createChild(t.db, parent, `prof${parent}`, 'kid-pass-1234');
    const stranger = await createUser(t.db);
    const parentHeaders = await sessionHeadersFor(t.app, parent);
    const master = await callTyped(
      t.app,
      updateMasterEndpoint,
      { alias: '새별명', avatar: '🐻' },
      parentHeaders,
    );
    expect(master.response).toMatchObject({ alias: '새별명', avatar: '🐻' });
    const byParent = await callTyped(
      t.app,
      updateChildrenProfileEndpoint,
      { childrenUserId: String(child), avatar: '🐣' },
      parentHeaders,
    );
    expect(byParent.response).toMatchObject({ userId: String(child), avatar: '🐣' });
    const byChild = await callTyped(
      t.app,
      updateChildrenProfileEndpoint,
      { alias: '별님' },
      await sessionHeadersFor(t.app, child),
    );
    expect(byChild.response).toMatchObject({ alias: '별님', avatar: '🐣' });
    // Another family's child is not found; a child is no master; forbidden words and bad input are refused.
    const strangerHeaders = await sessionHeadersFor(t.app, stranger);
    expect(
      (
        await callTyped(
          t.app,
          updateChildrenProfileEndpoint,
          { childrenUserId: String(child), alias: '해킹' },
          strangerHeaders,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (await callTyped(t.app, updateMasterEndpoint, { alias: '아이' }, await sessionHeadersFor(t.app, child)))
        .statusCode,
    ).toBe(403);
    expect(
      (await callTyped(t.app, updateMasterEndpoint, { alias: '바보맘' }, parentHeaders)).error?.code,
    ).toBe('FORBIDDEN_WORD');
    const empty = await callTyped(t.app, updateMasterEndpoint, {}, parentHeaders);
    expect(empty.statusCode).toBe(400);
    const row = await t.db
      .selectFrom('users')
      .select(['alias', 'avatar'])
      .where('id', '=', child)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ alias: '별님', avatar: '🐣' });
  });

  it('lets a child change their own login id with their password, and keeps ids unique', async () => {
    const parent = await createUser(t.db);
    const child = await createChild(t.db, parent, `oldid${parent}`, 'kid-pass-1234');
    await createChild(t.db, parent, `busy${parent}`, 'kid-pass-1234');
    const headers = await sessionHeadersFor(t.app, child);
    const wrong = await callTyped(
      t.app,
      changeMyIdEndpoint,
      { currentPassword: 'nope-0000', newLoginId: `new${parent}` },
      headers,
    );
    expect(wrong.error?.code).toBe('INVALID_CREDENTIALS');
    const taken = await callTyped(
      t.app,
      changeMyIdEndpoint,
      { currentPassword: 'kid-pass-1234', newLoginId: `busy${parent}` },
      headers,
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.error?.fields?.[0]).toMatchObject({ path: 'newLoginId', code: 'TAKEN' });
    const bad = await callTyped(
      t.app,
      changeMyIdEndpoint,
      { currentPassword: 'kid-pass-1234', newLoginId: '한글' },
      headers,
    );
    expect(bad.statusCode).toBe(400);
    const changed = await callTyped(
      t.app,
      changeMyIdEndpoint,
      { currentPassword: 'kid-pass-1234', newLoginId: `NEW${parent}` },
      headers,
    );
    expect(changed.response).toEqual({ loginId: `new${parent}` });
    const login = await callTyped(t.app, childrenLoginEndpoint, {
      id: `new${parent}`,
      password: 'kid-pass-1234',
      autoLogin: false,
    });
    expect(login.statusCode).toBe(200);
    // A parent has no login id to change.
    const asParent = await callTyped(
      t.app,
      changeMyIdEndpoint,
      { currentPassword: 'x', newLoginId: `par${parent}` },
      await sessionHeadersFor(t.app, parent),
    );
    expect(asParent.statusCode).toBe(403);
  });

  it('answers the account status and the login page count', async () => {
    const me = await createUser(t.db);
    const status = await callTyped(t.app, checkUserStatusEndpoint, {}, await sessionHeadersFor(t.app, me));
    expect(status.response).toEqual({ userId: String(me), userStatus: 'USER' });
    expect((await callTyped(t.app, checkUserStatusEndpoint, {})).statusCode).toBe(401);
    // Spec §7's body {userId, loginKey}: accepted when it names the token's owner, refused otherwise
    // (decision 035); the token alone says who calls.
    const headers = await sessionHeadersFor(t.app, me);
    const named = await callTyped(
      t.app,
      checkUserStatusEndpoint,
      { userId: String(me), loginKey: 'any-login-key' },
      headers,
    );
    expect(named.response).toEqual({ userId: String(me), userStatus: 'USER' });
    const other = await createUser(t.db);
    const mismatch = await callTyped(
      t.app,
      checkUserStatusEndpoint,
      { userId: String(other), loginKey: '' },
      headers,
    );
    expect(mismatch.statusCode).toBe(401);
    expect(mismatch.error?.code).toBe('SESSION_MISMATCH');
    const count = await callTyped(t.app, loginUserCountEndpoint, {});
    expect(count.response.totalUserCnt).toBeGreaterThan(0);
  });

  it("sends a Kakao message to the caller's own Kakao account, and refuses someone else's token", async () => {
    const me = await signUpAndLogIn(t.app, {
      name: '메시지맘',
      birthyear: '1985',
      birthday: '0505',
      phoneNumber: '+82 10-5555-6666',
    });
    const other = await signUpAndLogIn(t.app, {
      name: '다른맘',
      birthyear: '1985',
      birthday: '0505',
      phoneNumber: '+82 10-5555-7777',
    });
    const body = {
      accessToken: me.proof.kakaoAccessToken,
      text: '우리 팀에 들어와요',
      path: '/team/1/2/challenge',
    };
    const sent = await callTyped(t.app, sendKakaoEndpoint, body, me.headers);
    expect(sent.response).toEqual({ sent: true });
    const inbox = await t.app.inject({
      method: 'GET',
      url: `/_emulator/kakao/test-users/${me.kakaoId}/messages`,
    });
    const messages = inbox.json() as { template_object: { text: string; link: { web_url: string } } }[];
    expect(JSON.stringify(messages)).toContain('우리 팀에 들어와요');
    expect(JSON.stringify(messages)).toContain('/team/1/2/challenge');
    // Another person's Kakao token cannot be used to send as them.
    const misuse = await callTyped(
      t.app,
      sendKakaoEndpoint,
      { ...body, accessToken: other.proof.kakaoAccessToken },
      me.headers,
    );
    expect(misuse.statusCode).toBe(403);
    // Only a path of this app: no outside link.
    const outside = await callTyped(
      t.app,
      sendKakaoEndpoint,
      { ...body, path: 'https://evil.example' },
      me.headers,
    );
    expect(outside.statusCode).toBe(400);
  });
});
