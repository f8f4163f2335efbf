import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../../../test/databases.ts';
import { createTermsDocuments } from '../../../test/factories.ts';
import { callEndpoint, sessionHeadersFor, useTestContext } from '../../../test/harness.ts';
import { cookieFrom, signUpAndLogIn } from '../../../test/kakao-login.ts';
import { signedInOperator, type OperatorSessionHeaders } from '../../../test/operators.ts';

/**
 * The console's content screens (issue 9, content): terms versions and re-consent, service info,
 * common codes, and the membership registry's CSV import (dry run, then apply) and search.
 */
describe.each(testDatabaseTargets())('Content and registry in the console on $name', (target) => {
  // The harness clock: 2026-11-20 in Seoul.
  const t = useTestContext(target);
  let content: OperatorSessionHeaders;
  const admin = (path: string, body: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/v1/api/admin/${path}`,
      headers: content.headers,
      payload: body as object,
    });
  const audits = async (action?: string) => {
    let query = t.db.selectFrom('audit_logs').select(['id', 'summary']);
    if (action) query = query.where('action', '=', action);
    return query.execute();
  };
  const registryRows = async () =>
    t.db.selectFrom('membership_registry').selectAll().orderBy('member_no').execute();

  beforeAll(async () => {
    await createTermsDocuments(t.db);
    content = await signedInOperator(t, 'content');
  });

  /** The same Kakao person logs in again: the outcome of the code step. */
  const kakaoLoginAgain = async (kakaoId: string) => {
    const start = await callEndpoint(t.app, 'login/kakao-authorize', {});
    const cookie = cookieFrom(start.headers['set-cookie'], 'kakaoLoginState')!;
    const authorize = await t.app.inject({
      method: 'GET',
      url: `${start.json().response.authorizeUrl}&login_hint=${kakaoId}`,
    });
    const location = new URL(String(authorize.headers.location));
    const res = await callEndpoint(
      t.app,
      'login/kakaoAuthTokens',
      { code: location.searchParams.get('code'), state: location.searchParams.get('state') },
      { cookie },
    );
    return res.json().response as { outcome: string; kakaoToken: { access_token: string } | null };
  };

  const publish = (body: Record<string, unknown>) =>
    admin('terms/publish', {
      title: '이용약관',
      content: '제1조 (목적) 이 약관은 함께미션의 이용 조건을 정해요.',
      effectiveDate: '2026-11-20',
      required: true,
      ...body,
    });

  describe('terms versions', () => {
    it('publishes new versions only: a duplicate, a past date or a date before the newest is refused', async () => {
      const before = (await audits('terms.publish')).length;
      const taken = await publish({ kind: 'TERMS_OF_USE', version: '1.0' });
      expect(taken.statusCode).toBe(400);
      expect(taken.json().error.fields).toEqual([
        expect.objectContaining({ path: 'version', code: 'TAKEN' }),
      ]);
      const past = await publish({ kind: 'TERMS_OF_USE', version: '0.9', effectiveDate: '2026-11-19' });
      expect(past.statusCode).toBe(400);
      expect(past.json().error.fields).toEqual([expect.objectContaining({ path: 'effectiveDate' })]);
      const badVersion = await publish({ kind: 'TERMS_OF_USE', version: 'v2!' });
      expect(badVersion.statusCode).toBe(400);
      expect(badVersion.json().error.fields).toEqual([expect.objectContaining({ path: 'version' })]);
      expect((await audits('terms.publish')).length).toBe(before);
      // There is no call to edit or delete a version.
      expect(t.app.adminEndpoints.filter((e) => e.path.startsWith('terms/')).map((e) => e.path)).toEqual([
        'terms/list',
        'terms/publish',
      ]);
    });

    it('asks a person who agreed before to agree again once a newer required version is in force', async () => {
      const person = { name: '약관회원', birthyear: '1985', birthday: '0101', phoneNumber: '010-7777-8888' };
      const { kakaoId, result } = await signUpAndLogIn(t.app, person);
      const userId = result.userInfo.userId;
      // A fresh token each time: the clock moves on by days below.
      const status = async () =>
        (
          await callEndpoint(
            t.app,
            'login/check-user-status',
            {},
            await sessionHeadersFor(t.app, Number(userId)),
          )
        ).json().response.userStatus;
      expect(await status()).toBe('USER');
      expect((await kakaoLoginAgain(kakaoId)).outcome).toBe('USER');

      // A version that is not required changes nothing; one announced for later, nothing yet.
      const optional = await publish({ kind: 'PRIVACY_POLICY', version: '1.1', required: false });
      expect(optional.statusCode).toBe(200);
      expect(optional.json().response).toMatchObject({ version: '1.1', required: false, inForce: true });
      const later = await publish({ kind: 'TERMS_OF_USE', version: '2.0', effectiveDate: '2026-11-22' });
      expect(later.statusCode).toBe(200);
      expect(later.json().response).toMatchObject({ inForce: false, required: true });
      expect(await status()).toBe('USER');
      expect((await kakaoLoginAgain(kakaoId)).outcome).toBe('USER');

      // Two days on, the required 2.0 is in force.
      t.clock.advance(2 * 86_400_000);
      // The operator's session lasts 12 hours.
      content = await signedInOperator(t, 'content');
      expect(await status()).toBe('NEED_AGREEMENT');
      const step = await kakaoLoginAgain(kakaoId);
      expect(step.outcome).toBe('NEED_AGREEMENT');
      const accessToken = step.kakaoToken!.access_token;
      const loginKey = t.app.services.makeLoginKey(kakaoId);
      // Skipping the consent step does not log in.
      const skipped = await callEndpoint(t.app, 'login/login', {
        userId,
        loginKey,
        kakaoAccessToken: accessToken,
      });
      expect(skipped.statusCode).toBe(403);

      // Agreeing to the old version again is not enough; to the one in force, it is.
      const consent = (termsVersion: string) =>
        callEndpoint(t.app, 'login/register', {
          kakaoAccessToken: accessToken,
          agreements: { termsOfUse: true, privacyPolicy: true, marketing: false },
          termsVersion,
          privacyVersion: '1.1',
        });
      expect((await consent('1.0')).statusCode).toBe(400);
      const agreed = await consent('2.0');
      expect(agreed.statusCode).toBe(200);
      expect(agreed.json().response.userInfo).toMatchObject({ userId, userStatus: 'USER' });
      expect(await status()).toBe('USER');
      expect((await kakaoLoginAgain(kakaoId)).outcome).toBe('USER');
      const login = await callEndpoint(t.app, 'login/login', {
        userId,
        loginKey,
        kakaoAccessToken: accessToken,
      });
      expect(login.statusCode).toBe(200);
      const row = await t.db
        .selectFrom('user_agreements')
        .selectAll()
        .where('user_id', '=', Number(userId))
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ terms_version: '2.0', privacy_version: '1.1' });
      // A second consent for someone who is up to date is a second registration: refused.
      expect((await consent('2.0')).json().error.code).toBe('ALREADY_REGISTERED');

      const list = (await admin('terms/list', { kind: 'TERMS_OF_USE' })).json().response.items;
      expect(list.map((item: { version: string; inForce: boolean }) => [item.version, item.inForce])).toEqual(
        [
          ['2.0', true],
          ['1.0', false],
        ],
      );
      // The app shows the version in force.
      const app = await callEndpoint(t.app, 'home/terms-of-use', {});
      expect(app.json().response.version).toBe('2.0');
    });
  });

  it('edits the service info, shown by the app at once, audited', async () => {
    const before = (await audits('service-info.update')).length;
    const saved = await admin('service-info/update', {
      title: '함께미션 안내',
      content: '가족이 함께 건강한 습관을 만드는 서비스예요.\n\n고객센터: 평일 10시~18시',
    });
    expect(saved.statusCode).toBe(200);
    const app = (await callEndpoint(t.app, 'home/service-info', {})).json().response;
    expect(app).toMatchObject({ title: '함께미션 안내' });
    expect(app.content).toContain('고객센터');
    expect((await admin('service-info/get', {})).json().response.title).toBe('함께미션 안내');
    const short = await admin('service-info/update', { title: '안내', content: '짧아요' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields).toEqual([expect.objectContaining({ path: 'content' })]);
    expect((await audits('service-info.update')).length).toBe(before + 1);
  });

  it('adds, relabels, reorders and deactivates common codes; the app lists active ones only', async () => {
    const codes = async () =>
      (await callEndpoint(t.app, 'common/commcode-keys', { groupKeys: ['PROOF_TYPE'] })).json().response
        .PROOF_TYPE as { code: string; name: string }[];
    const before = (await audits()).length;
    const add = (code: string, name: string, sort: number) =>
      admin('common-codes/create', { groupKey: 'PROOF_TYPE', code, name, sort });
    expect((await add('PHOTO', '사진 인증', 1)).statusCode).toBe(200);
    expect((await add('TEXT', '글 인증', 2)).statusCode).toBe(200);
    const again = await add('TEXT', '글', 3);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.fields).toEqual([expect.objectContaining({ path: 'code', code: 'TAKEN' })]);
    expect((await codes()).map((c) => c.code)).toEqual(['PHOTO', 'TEXT']);
    const edited = await admin('common-codes/update', {
      groupKey: 'PROOF_TYPE',
      code: 'TEXT',
      name: '글로 인증',
      sort: 0,
    });
    expect(edited.json().response).toMatchObject({ name: '글로 인증', sort: 0, active: true });
    expect((await codes()).map((c) => c.name)).toEqual(['글로 인증', '사진 인증']);
    const off = await admin('common-codes/set-active', {
      groupKey: 'PROOF_TYPE',
      code: 'PHOTO',
      active: false,
    });
    expect(off.json().response.active).toBe(false);
    expect((await codes()).map((c) => c.code)).toEqual(['TEXT']);
    const list = (await admin('common-codes/list', { groupKey: 'PROOF_TYPE' })).json().response;
    expect(list.groups).toEqual(['PROOF_TYPE']);
    expect(list.items).toHaveLength(2);
    const missing = await admin('common-codes/update', {
      groupKey: 'PROOF_TYPE',
      code: 'NOPE',
      name: 'x',
      sort: 1,
    });
    expect(missing.statusCode).toBe(404);
    const badGroup = await admin('common-codes/create', {
      groupKey: 'proof type',
      code: 'A',
      name: 'a',
      sort: 1,
    });
    expect(badGroup.statusCode).toBe(400);
    expect((await audits()).length).toBe(before + 4);
  });

  describe('membership registry', () => {
    /** The console sends the file's bytes as base64; these files are UTF-8. */
    const upload = (text: string) => Buffer.from(text, 'utf8').toString('base64');

    beforeAll(async () => {
      await t.db
        .insertInto('membership_registry')
        .values([
          {
            member_no: 'ABO-100',
            name: '김하늘',
            phone: '+82 10-2481-3579',
            birth_date: '1988-04-17',
            created_at: '2026-01-01',
          },
          {
            member_no: 'ABO-200',
            name: '이서준',
            phone: '01033445566',
            birth_date: null,
            created_at: '2026-01-01',
          },
        ])
        .execute();
    });

    const file = [
      '회원번호,이름,전화번호,생년월일',
      'ABO-100,김하늘,010-2481-3579,1988-04-17', // unchanged
      'abo-200,이서준,010-9999-0000,', // changed phone
      'ABO-300,박새봄,+82 10-1212-3434,1990.01.02', // new
      'ABO-400,최여름,01056567878,', // new
      'ABO-500,,010-1111-2222,', // missing name
      'ABO-600,정가을,02-123-4567,', // bad phone
      'ABO-700,한겨울,010-3333-4444,1990-02-30', // bad date
      'ABO-300,박새봄,010-1212-3434,', // duplicate
      ',무번호,010-5555-6666,', // missing member number
    ].join('\r\n');
    const goodFile = file
      .split('\r\n')
      .filter((line, index) => index <= 4)
      .join('\n');

    it('dry-runs a file without changing anything: new, changed, unchanged and rejected rows with reasons', async () => {
      const before = await registryRows();
      const auditsBefore = (await audits()).length;
      const res = await admin('registry/dry-run', { file: upload(`\uFEFF${file}`) });
      expect(res.statusCode).toBe(200);
      const { encoding, counts, rows, truncated } = res.json().response;
      expect(encoding).toBe('UTF8_BOM');
      expect(counts).toEqual({ total: 9, new: 2, changed: 1, unchanged: 1, rejected: 5 });
      expect(truncated).toBe(false);
      const byRow = Object.fromEntries(
        rows.map((row: { row: number; status: string; reasons: string[] }) => [row.row, row]),
      );
      expect(byRow[2]).toBeUndefined();
      expect(byRow[3]).toMatchObject({ status: 'CHANGED', memberNo: 'ABO-200', changedFields: ['phone'] });
      expect(byRow[4]).toMatchObject({ status: 'NEW', phoneMasked: '010-****-3434' });
      expect(byRow[5]).toMatchObject({ status: 'NEW' });
      expect(byRow[6]).toMatchObject({ status: 'REJECTED', reasons: ['MISSING_NAME'] });
      expect(byRow[7]).toMatchObject({ status: 'REJECTED', reasons: ['BAD_PHONE'] });
      expect(byRow[8]).toMatchObject({ status: 'REJECTED', reasons: ['BAD_BIRTH_DATE'] });
      expect(byRow[9]).toMatchObject({ status: 'REJECTED', reasons: ['DUPLICATE_IN_FILE'] });
      expect(byRow[10]).toMatchObject({ status: 'REJECTED', reasons: ['MISSING_MEMBER_NO'] });
      expect(await registryRows()).toEqual(before);
      expect((await audits()).length).toBe(auditsBefore);
    });

    it('refuses to apply a file with rejected rows, or counts the registry no longer gives; nothing written', async () => {
      const before = await registryRows();
      const rejected = await admin('registry/apply', {
        file: upload(file),
        expected: { new: 2, changed: 1 },
      });
      expect(rejected.statusCode).toBe(400);
      expect(rejected.json().error.fields).toEqual([expect.objectContaining({ path: 'file' })]);
      const stale = await admin('registry/apply', {
        file: upload(goodFile),
        expected: { new: 1, changed: 1 },
      });
      expect(stale.statusCode).toBe(409);
      expect(await registryRows()).toEqual(before);
    });

    it('applies exactly what the dry run said, in one go, with one audit row of counts', async () => {
      const dry = (await admin('registry/dry-run', { file: upload(goodFile) })).json().response;
      expect(dry.counts).toEqual({ total: 4, new: 2, changed: 1, unchanged: 1, rejected: 0 });
      expect(dry.encoding).toBe('UTF8');
      const before = await registryRows();
      const auditsBefore = (await audits('registry.import')).length;
      const applied = await admin('registry/apply', {
        file: upload(goodFile),
        expected: { new: dry.counts.new, changed: dry.counts.changed },
      });
      expect(applied.statusCode).toBe(200);
      expect(applied.json().response.counts).toEqual(dry.counts);
      const after = await registryRows();
      expect(after.length).toBe(before.length + 2);
      const added = after.filter((row) => !before.some((old) => old.member_no === row.member_no));
      expect(added.map((row) => [row.member_no, row.name, row.phone, row.birth_date])).toEqual([
        ['ABO-300', '박새봄', '01012123434', '1990-01-02'],
        ['ABO-400', '최여름', '01056567878', null],
      ]);
      const changed = after.filter((row) => {
        const old = before.find((entry) => entry.member_no === row.member_no);
        return old && JSON.stringify(old) !== JSON.stringify(row);
      });
      expect(changed.map((row) => [row.member_no, row.phone])).toEqual([['ABO-200', '01099990000']]);
      const importAudits = await audits('registry.import');
      expect(importAudits.length).toBe(auditsBefore + 1);
      expect(JSON.parse(importAudits.at(-1)!.summary).after).toMatchObject({
        new: 2,
        changed: 1,
        unchanged: 1,
      });
      // The same file again: all unchanged.
      const again = (await admin('registry/dry-run', { file: upload(goodFile) })).json().response;
      expect(again.counts).toMatchObject({ new: 0, changed: 0, unchanged: 4 });
    });

    it('refuses a file over the size or row limit, or without the needed columns, with 400', async () => {
      const header = '회원번호,이름,전화번호\n';
      const tooMany =
        header + Array.from({ length: 20_001 }, (_, i) => `N-${i + 1000},가,01012345678`).join('\n');
      const many = await admin('registry/dry-run', { file: upload(tooMany) });
      expect(many.statusCode).toBe(400);
      expect(many.json().error.fields).toEqual([expect.objectContaining({ path: 'file', code: 'TOO_LONG' })]);
      const big = await admin('registry/dry-run', { file: upload(header + '가'.repeat(700_000)) });
      expect(big.statusCode).toBe(400);
      expect(big.json().error.fields).toEqual([expect.objectContaining({ path: 'file', code: 'TOO_LONG' })]);
      const noPhone = await admin('registry/dry-run', { file: upload('회원번호,이름\nA-1,가') });
      expect(noPhone.statusCode).toBe(400);
      expect(noPhone.json().error.fields).toEqual([
        expect.objectContaining({ path: 'file', code: 'INVALID_FORMAT' }),
      ]);
      const unclosed = await admin('registry/dry-run', {
        file: upload('회원번호,이름,전화번호\n"A-1,가,010'),
      });
      expect(unclosed.statusCode).toBe(400);
    });

    it('searches by name, phone last digits or member number, phone numbers masked', async () => {
      const search = async (query: string) =>
        (await admin('registry/search', { query })).json().response as {
          total: number;
          items: { memberNo: string; phoneMasked: string }[];
        };
      expect((await search('박새봄')).items).toEqual([
        expect.objectContaining({ memberNo: 'ABO-300', phoneMasked: '010-****-3434' }),
      ]);
      expect((await search('3579')).items.map((item) => item.memberNo)).toEqual(['ABO-100']);
      expect((await search('abo-4')).items.map((item) => item.memberNo)).toEqual(['ABO-400']);
      expect((await search('%')).total).toBe(0);
      const body = JSON.stringify(await search('ABO'));
      expect(body).not.toContain('2481-3579');
      expect(body).not.toContain('1988-04-17');
    });

    it('is refused to a support operator', async () => {
      const support = await signedInOperator(t, 'support');
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/api/admin/registry/search',
        headers: support.headers,
        payload: { query: '김' },
      });
      expect(res.statusCode).toBe(403);
    });
  });
});
