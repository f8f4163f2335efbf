import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../../../test/databases.ts';
import { createChild, createChildConsentDocument, createUser } from '../../../test/factories.ts';
import { callEndpoint, sessionHeadersFor, useTestContext } from '../../../test/harness.ts';

/** The guardian's consent to a child's data (issue 32 item 1, decision 038). */
describe.each(testDatabaseTargets())('the guardian’s consent on $name', (target) => {
  const t = useTestContext(target);
  let parent: number;
  let headers: Record<string, string>;
  let otherChild: number;
  let otherHeaders: Record<string, string>;

  beforeAll(async () => {
    await createChildConsentDocument(t.db, { version: '1.0', effective_date: '2025-01-01' });
    await createChildConsentDocument(t.db, { version: '1.1', effective_date: '2026-06-01' });
    parent = await createUser(t.db, { alias: '하늘맘' });
    headers = await sessionHeadersFor(t.app, parent);
    const otherParent = await createUser(t.db, { alias: '남의부모' });
    otherHeaders = await sessionHeadersFor(t.app, otherParent);
    otherChild = await createChild(t.db, otherParent, 'other-kid', 'other-pass-123');
  });

  const call = (path: string, body: object, as: Record<string, string> = headers) =>
    callEndpoint(t.app, path, body, as);
  const childBody = (loginId: string, extra: object = {}) => ({
    loginId,
    password: 'kid-pass-1234',
    userNm: '별이',
    ...extra,
  });
  const consentRows = (childId?: number) => {
    let query = t.db.selectFrom('guardian_consents').selectAll().orderBy('id');
    if (childId !== undefined) query = query.where('child_user_id', '=', childId);
    return query.execute();
  };
  const childNamed = (loginId: string) =>
    t.db.selectFrom('users').select('id').where('login_id', '=', loginId).executeTakeFirst();

  it('serves the document in force, and an asked version', async () => {
    const res = await callEndpoint(t.app, 'home/child-consent', {});
    expect(res.statusCode).toBe(200);
    expect(res.json().response).toMatchObject({
      version: '1.1',
      title: '만 14세 미만 아동의 개인정보 수집·이용 동의',
      effectiveDate: '2026-06-01',
    });
    expect(
      (await callEndpoint(t.app, 'home/child-consent', { version: '1.0' })).json().response.version,
    ).toBe('1.0');
    expect((await callEndpoint(t.app, 'home/child-consent', { version: '9.9' })).statusCode).toBe(404);
  });

  it('refuses a child without the consent, or with a version no longer in force: 400, nothing made', async () => {
    const before = await consentRows();
    const missing = await call('my/create-children', childBody('no-consent'));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields.map((f: { path: string }) => f.path)).toEqual([
      'guardianConsentVersion',
    ]);
    const old = await call('my/create-children', childBody('old-consent', { guardianConsentVersion: '1.0' }));
    expect(old.statusCode).toBe(400);
    expect(old.json().error.fields).toEqual([expect.objectContaining({ path: 'guardianConsentVersion' })]);
    const unknown = await call(
      'my/create-children',
      childBody('odd-consent', { guardianConsentVersion: '7.0' }),
    );
    expect(unknown.statusCode).toBe(400);
    expect(await childNamed('no-consent')).toBeUndefined();
    expect(await childNamed('old-consent')).toBeUndefined();
    expect(await childNamed('odd-consent')).toBeUndefined();
    expect(await consentRows()).toEqual(before);
  });

  it('records one row per child: parent, child, version, time and address; shown per child', async () => {
    const first = await call('my/create-children', childBody('star-1', { guardianConsentVersion: '1.1' }));
    expect(first.statusCode).toBe(200);
    t.clock.advance(60_000);
    const second = await call(
      'my/create-children',
      childBody('star-2', { userNm: '달이', guardianConsentVersion: '1.1' }),
    );
    expect(second.statusCode).toBe(200);
    const firstId = Number(first.json().response.childrenUserId);
    const secondId = Number(second.json().response.childrenUserId);
    expect(await consentRows(firstId)).toEqual([
      expect.objectContaining({
        parent_user_id: parent,
        child_user_id: firstId,
        document_version: '1.1',
        agreed_at: '2026-11-20T03:00:00.000Z',
        ip_address: '127.0.0.1',
      }),
    ]);
    expect(await consentRows(secondId)).toEqual([
      expect.objectContaining({ child_user_id: secondId, agreed_at: '2026-11-20T03:01:00.000Z' }),
    ]);
    const shown = await call('my/child-consents', { childrenUserId: String(firstId) });
    expect(shown.statusCode).toBe(200);
    expect(shown.json().response).toEqual({
      document: { version: '1.1', title: '만 14세 미만 아동의 개인정보 수집·이용 동의' },
      children: [
        {
          childrenUserId: String(firstId),
          userNm: '별이',
          consentNeeded: false,
          consents: [
            {
              version: '1.1',
              title: '만 14세 미만 아동의 개인정보 수집·이용 동의',
              agreedAt: '2026-11-20T03:00:00.000Z',
              parentAlias: '하늘맘',
            },
          ],
        },
      ],
    });
  });

  it('writes the child and the row in one transaction: a failed row leaves no child', async () => {
    const before = await consentRows();
    await sql`alter table guardian_consents rename to guardian_consents_away`.execute(t.db);
    try {
      const failed = await call(
        'my/create-children',
        childBody('half-made', { guardianConsentVersion: '1.1' }),
      );
      expect(failed.statusCode).toBe(500);
    } finally {
      await sql`alter table guardian_consents_away rename to guardian_consents`.execute(t.db);
    }
    expect(await childNamed('half-made')).toBeUndefined();
    expect(await consentRows()).toEqual(before);
    // The same id is free to use once the table is back.
    const made = await call('my/create-children', childBody('half-made', { guardianConsentVersion: '1.1' }));
    expect(made.statusCode).toBe(200);
  });

  it('records the consent given with a registration link when the child registers', async () => {
    const missing = await call('my/create-children-invite', { userNm: '해' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields[0].path).toBe('guardianConsentVersion');
    const old = await call('my/create-children-invite', { userNm: '해', guardianConsentVersion: '1.0' });
    expect(old.statusCode).toBe(400);
    expect(old.json().error.fields[0].path).toBe('guardianConsentVersion');

    const invited = await call('my/create-children-invite', { userNm: '해', guardianConsentVersion: '1.1' });
    expect(invited.statusCode).toBe(200);
    const invitedAt = t.clock.now().toISOString();
    t.clock.advance(10 * 60_000);
    const registered = await callEndpoint(t.app, 'login/register-children', {
      token: invited.json().response.token,
      loginId: 'sun-kid',
      password: 'sun-pass-1234',
      agreements: { termsOfUse: true, privacyPolicy: true },
    });
    expect(registered.statusCode).toBe(200);
    const childId = Number(registered.json().response.childrenUserId);
    expect(await consentRows(childId)).toEqual([
      expect.objectContaining({
        parent_user_id: parent,
        document_version: '1.1',
        agreed_at: invitedAt,
        ip_address: '127.0.0.1',
      }),
    ]);
  });

  it('asks again once a newer required version is in force, per child, until the parent agrees', async () => {
    const kid = Number(
      (await call('my/create-children', childBody('reask-kid', { guardianConsentVersion: '1.1' }))).json()
        .response.childrenUserId,
    );
    const needed = async () =>
      (await call('my/child-consents', { childrenUserId: String(kid) })).json().response.children[0]
        .consentNeeded;
    expect(await needed()).toBe(false);

    // A version that is not required does not ask anyone again.
    await t.app.services.termsAdmin.publish({
      kind: 'CHILD_PRIVACY_CONSENT',
      version: '1.2',
      title: '만 14세 미만 아동의 개인정보 수집·이용 동의',
      content: '문구만 다듬었어요. 달라진 내용은 없어요.',
      effectiveDate: '2026-11-20',
      required: false,
    });
    expect(await needed()).toBe(false);

    // A required one announced for tomorrow asks from tomorrow (Seoul) on.
    await t.app.services.termsAdmin.publish({
      kind: 'CHILD_PRIVACY_CONSENT',
      version: '2.0',
      title: '만 14세 미만 아동의 개인정보 수집·이용 동의',
      content: '보관 기간이 바뀌었어요. 다시 동의해 주세요.',
      effectiveDate: '2026-11-21',
      required: true,
    });
    expect(await needed()).toBe(false);
    t.clock.set('2026-11-20T15:00:00.000Z'); // 2026-11-21 00:00 KST
    headers = await sessionHeadersFor(t.app, parent); // the next visit
    expect(await needed()).toBe(true);
    const list = (await call('my/child-consents', {})).json().response;
    expect(list.document.version).toBe('2.0');
    expect(list.children.every((child: { consentNeeded: boolean }) => child.consentNeeded)).toBe(true);
    // A new child needs the new version now.
    expect(
      (await call('my/create-children', childBody('late-kid', { guardianConsentVersion: '1.1' }))).statusCode,
    ).toBe(400);

    const stale = await call('my/agree-child-consent', {
      childrenUserId: String(kid),
      guardianConsentVersion: '1.1',
    });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().error.fields[0].path).toBe('guardianConsentVersion');
    const agreed = await call('my/agree-child-consent', {
      childrenUserId: String(kid),
      guardianConsentVersion: '2.0',
    });
    expect(agreed.statusCode).toBe(200);
    expect(agreed.json().response.consentNeeded).toBe(false);
    expect(agreed.json().response.consents.map((c: { version: string }) => c.version)).toEqual([
      '2.0',
      '1.1',
    ]);
    expect(await needed()).toBe(false);
    expect((await consentRows(kid)).map((row) => [row.document_version, row.agreed_at])).toEqual([
      ['1.1', expect.any(String)],
      ['2.0', '2026-11-20T15:00:00.000Z'],
    ]);
    // Only this child: the parent's other children are still asked.
    const others = (await call('my/child-consents', {}))
      .json()
      .response.children.filter((child: { childrenUserId: string }) => child.childrenUserId !== String(kid));
    expect(others.length).toBeGreaterThan(0);
    expect(others.every((child: { consentNeeded: boolean }) => child.consentNeeded)).toBe(true);
    t.clock.set('2026-11-20T03:00:00.000Z');
    headers = await sessionHeadersFor(t.app, parent);
  });

  it('asks the parent of a child made before consents were kept (no row)', async () => {
    const mine = await createUser(t.db);
    const kid = await createChild(t.db, mine, 'old-kid', 'old-kid-pass');
    const state = (await call('my/child-consents', {}, await sessionHeadersFor(t.app, mine))).json().response;
    expect(state.children).toEqual([
      expect.objectContaining({ childrenUserId: String(kid), consentNeeded: true, consents: [] }),
    ]);
  });

  it('keeps another family’s child out: 404, and no row written', async () => {
    const foreign = String(otherChild);
    const shown = await call('my/child-consents', { childrenUserId: foreign });
    expect(shown.statusCode).toBe(404);
    const agreed = await call('my/agree-child-consent', {
      childrenUserId: foreign,
      guardianConsentVersion: '1.1',
    });
    expect(agreed.statusCode).toBe(404);
    expect(await consentRows(otherChild)).toEqual([]);
    // Their own parent sees the child, not asked about anyone else's.
    const theirs = (await call('my/child-consents', {}, otherHeaders)).json().response.children;
    expect(theirs.map((child: { childrenUserId: string }) => child.childrenUserId)).toEqual([foreign]);
  });
});
