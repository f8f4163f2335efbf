import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../../../test/databases.ts';
import { callEndpoint, type TestContext, useTestContext } from '../../../test/harness.ts';

const post = (t: TestContext, path: string, payload: object = {}) => callEndpoint(t.app, path, payload);

describe.each(testDatabaseTargets())('terms and privacy policy on $name', (target) => {
  const t = useTestContext(target);

  beforeAll(async () => {
    const doc = (kind: 'TERMS_OF_USE' | 'PRIVACY_POLICY', version: string, effective_date: string) => ({
      kind,
      version,
      title: kind === 'TERMS_OF_USE' ? '이용약관' : '개인정보 처리방침',
      content: `${kind} ${version} 본문`,
      effective_date,
    });
    await t.db
      .insertInto('terms_documents')
      .values([
        doc('TERMS_OF_USE', '1.0', '2025-03-01'),
        doc('TERMS_OF_USE', '1.1', '2026-06-01'),
        // Announced ahead: not yet in force on 2026-11-20.
        doc('TERMS_OF_USE', '2.0', '2026-12-01'),
        doc('PRIVACY_POLICY', '1.0', '2025-03-01'),
        doc('PRIVACY_POLICY', '1.1', '2026-06-01'),
      ])
      .execute();
  });

  it('serves the terms in force today with every version listed, newest first', async () => {
    const res = await post(t, 'home/terms-of-use');
    expect(res.statusCode).toBe(200);
    const { response } = res.json();
    expect(response.version).toBe('1.1');
    expect(response.content).toBe('TERMS_OF_USE 1.1 본문');
    expect(response.versions).toEqual([
      { version: '2.0', effectiveDate: '2026-12-01' },
      { version: '1.1', effectiveDate: '2026-06-01' },
      { version: '1.0', effectiveDate: '2025-03-01' },
    ]);
  });

  it('switches to the announced version once its day comes in Seoul', async () => {
    t.clock.set('2026-11-30T15:00:00.000Z'); // 2026-12-01 00:00 KST
    expect((await post(t, 'home/terms-of-use')).json().response.version).toBe('2.0');
    t.clock.set('2026-11-20T03:00:00.000Z');
  });

  it('serves an asked version, 404 for an unknown one and 400 for a malformed one', async () => {
    expect((await post(t, 'home/terms-of-use', { version: '1.0' })).json().response.content).toBe(
      'TERMS_OF_USE 1.0 본문',
    );
    const missing = await post(t, 'home/terms-of-use', { version: '9.9' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('NOT_FOUND');
    const malformed = await post(t, 'home/terms-of-use', { version: '../etc' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.fields[0].path).toBe('version');
  });

  it('lists privacy policies newest first', async () => {
    const res = await post(t, 'home/privacy-policy-list');
    expect(res.json().response.map((doc: { version: string }) => doc.version)).toEqual(['1.1', '1.0']);
  });
});
