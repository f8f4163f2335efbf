import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../../../test/databases.ts';
import { createChild, createChildConsentDocument, createUser } from '../../../test/factories.ts';
import { callEndpoint, sessionHeadersFor, useTestContext } from '../../../test/harness.ts';

describe.each(testDatabaseTargets())('child links on $name', (target) => {
  const t = useTestContext(target);
  let parent: number;
  let headers: Record<string, string>;

  beforeAll(async () => {
    await createChildConsentDocument(t.db);
    parent = await createUser(t.db, { alias: '하늘맘' });
    headers = await sessionHeadersFor(t.app, parent);
  });

  const agreements = { termsOfUse: true, privacyPolicy: true };

  it('lets a child register once through the parent’s invite link, then log in', async () => {
    const invite = await callEndpoint(
      t.app,
      'my/create-children-invite',
      { userNm: '별이', guardianConsentVersion: '1.0' },
      headers,
    );
    expect(invite.statusCode).toBe(200);
    const { path, token, expiresAt } = invite.json().response;
    expect(path).toBe(`/login/id/${token}`);
    expect(expiresAt).toBe(new Date(t.clock.now().getTime() + 72 * 3600_000).toISOString());

    const info = await callEndpoint(t.app, 'login/child-link-info', { token });
    expect(info.json().response).toMatchObject({
      purpose: 'REGISTER',
      userNm: '별이',
      parentAlias: '하늘맘',
      loginId: null,
    });

    const registered = await callEndpoint(t.app, 'login/register-children', {
      token,
      loginId: 'Star-Link',
      password: 'link-pass-123',
      agreements,
    });
    expect(registered.statusCode).toBe(200);
    expect(registered.json().response).toMatchObject({ loginId: 'star-link', userNm: '별이' });
    const list = (await callEndpoint(t.app, 'my/children-list', {}, headers)).json().response;
    expect(list.map((c: { loginId: string }) => c.loginId)).toContain('star-link');
    const login = await callEndpoint(t.app, 'login/children-login', {
      id: 'star-link',
      password: 'link-pass-123',
    });
    expect(login.statusCode).toBe(200);

    const again = await callEndpoint(t.app, 'login/register-children', {
      token,
      loginId: 'star-link-2',
      password: 'link-pass-123',
      agreements,
    });
    expect(again.statusCode).toBe(404);
    expect((await callEndpoint(t.app, 'login/child-link-info', { token })).statusCode).toBe(404);
    const events = (await t.db.selectFrom('activity_logs').select('event_type').execute()).map(
      (e) => e.event_type,
    );
    expect(events).toEqual(expect.arrayContaining(['CHILD_INVITE_LINK_ACCESS', 'CHILD_INVITE_TERMS_AGREE']));
  });

  it('keeps the link alive when the chosen id is taken, and refuses missing consent', async () => {
    await createChild(t.db, parent, 'taken-id', 'whatever-123');
    const { token } = (
      await callEndpoint(
        t.app,
        'my/create-children-invite',
        { userNm: '달이', guardianConsentVersion: '1.0' },
        headers,
      )
    ).json().response;
    const taken = await callEndpoint(t.app, 'login/register-children', {
      token,
      loginId: 'taken-id',
      password: 'link-pass-123',
      agreements,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.fields[0].path).toBe('loginId');
    const noConsent = await callEndpoint(t.app, 'login/register-children', {
      token,
      loginId: 'moon-kid',
      password: 'link-pass-123',
      agreements: { termsOfUse: true, privacyPolicy: false },
    });
    expect(noConsent.statusCode).toBe(400);
    expect((await callEndpoint(t.app, 'login/child-link-info', { token })).statusCode).toBe(200);
  });

  it('expires links after 72 hours', async () => {
    const { token } = (
      await callEndpoint(
        t.app,
        'my/create-children-invite',
        { userNm: '해', guardianConsentVersion: '1.0' },
        headers,
      )
    ).json().response;
    t.clock.advance(72 * 3600_000 + 1000);
    expect((await callEndpoint(t.app, 'login/child-link-info', { token })).statusCode).toBe(404);
    t.clock.set('2026-11-20T03:00:00.000Z');
  });

  it('resets a child’s password once through a parent’s link and signs the child out', async () => {
    const kid = await createChild(t.db, parent, 'reset-kid', 'old-password-1');
    const kidHeaders = await sessionHeadersFor(t.app, kid);
    const link = await callEndpoint(
      t.app,
      'my/create-children-password-link',
      { childrenUserId: String(kid) },
      headers,
    );
    const { token, path } = link.json().response;
    expect(path).toBe(`/login/pw/${token}`);
    expect((await callEndpoint(t.app, 'login/child-link-info', { token })).json().response).toMatchObject({
      purpose: 'RESET_PASSWORD',
      loginId: 'reset-kid',
    });
    const wrongKind = await callEndpoint(t.app, 'login/register-children', {
      token,
      loginId: 'hijack-id',
      password: 'link-pass-123',
      agreements,
    });
    expect(wrongKind.statusCode).toBe(404);
    const reset = await callEndpoint(t.app, 'login/reset-children-password', {
      token,
      password: 'new-password-1',
    });
    expect(reset.json()).toEqual({ response: { changed: true } });
    expect((await callEndpoint(t.app, 'login/extend-token', {}, kidHeaders)).statusCode).toBe(401);
    expect(
      (await callEndpoint(t.app, 'login/children-login', { id: 'reset-kid', password: 'new-password-1' }))
        .statusCode,
    ).toBe(200);
    const reuse = await callEndpoint(t.app, 'login/reset-children-password', {
      token,
      password: 'third-password-1',
    });
    expect(reuse.statusCode).toBe(404);
  });

  it('makes links only for pin users and only for their own children', async () => {
    const other = await createUser(t.db);
    const otherKid = await createChild(t.db, other, 'other-link-kid', 'other-pass-12');
    const foreign = await callEndpoint(
      t.app,
      'my/create-children-password-link',
      { childrenUserId: String(otherKid) },
      headers,
    );
    expect(foreign.statusCode).toBe(404);
    const plain = await sessionHeadersFor(t.app, await createUser(t.db, { pin_verified_at: null }));
    expect(
      (
        await callEndpoint(
          t.app,
          'my/create-children-invite',
          { userNm: '누구', guardianConsentVersion: '1.0' },
          plain,
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await callEndpoint(t.app, 'my/create-children-invite', {
          userNm: '누구',
          guardianConsentVersion: '1.0',
        })
      ).statusCode,
    ).toBe(401);
    expect((await callEndpoint(t.app, 'login/child-link-info', { token: 'short' })).statusCode).toBe(400);
  });
});
