import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../../../test/databases.ts';
import { callEndpoint, useTestContext } from '../../../test/harness.ts';
import { signedInOperator, type OperatorSessionHeaders } from '../../../test/operators.ts';

/** Page popups in the console (issue 9, content): a display period the app follows at once. */
describe.each(testDatabaseTargets())('popups in the console on $name', (target) => {
  const t = useTestContext(target);
  let content: OperatorSessionHeaders;
  let support: OperatorSessionHeaders;
  const admin = (path: string, body: unknown, headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: `/v1/api/admin/${path}`, headers, payload: body as object });
  const appPopups = async () =>
    (
      (await callEndpoint(t.app, 'home/popup-list', {})).json() as { response: { title: string }[] }
    ).response.map((popup) => popup.title);
  const audits = async () => (await t.db.selectFrom('audit_logs').select('id').execute()).length;

  beforeAll(async () => {
    content = await signedInOperator(t, 'content');
    support = await signedInOperator(t, 'support');
  });

  it('shows a popup in the app during its period only, and audits each change', async () => {
    const before = await audits();
    const created = await admin(
      'popups/create',
      {
        title: '3기 모집 시작',
        content: '가족과 함께 3기에 참여해 보세요.\n\n지금 신청할 수 있어요.',
        linkUrl: '/challenge',
        startsAt: '2026-11-20T00:00:00+09:00',
        endsAt: '2026-11-27T00:00:00+09:00',
      },
      content.headers,
    );
    expect(created.statusCode, created.body).toBe(200);
    expect(await appPopups()).toContain('3기 모집 시작');
    const id = created.json().response.popupId;
    // Moved to next week: gone from the app now.
    const moved = await admin(
      'popups/update',
      {
        popupId: id,
        title: '3기 모집 시작',
        content: '다음 주에 만나요.',
        linkUrl: null,
        startsAt: '2026-11-27T00:00:00+09:00',
        endsAt: '2026-12-04T00:00:00+09:00',
      },
      content.headers,
    );
    expect(moved.statusCode).toBe(200);
    expect(await appPopups()).not.toContain('3기 모집 시작');
    expect((await admin('popups/list', {}, content.headers)).json().response.total).toBe(1);
    expect((await admin('popups/delete', { popupId: id }, content.headers)).statusCode).toBe(200);
    expect(await audits()).toBe(before + 3);
  });

  it('refuses an impossible period or link with the failing fields, writing nothing', async () => {
    const before = await audits();
    const backwards = await admin(
      'popups/create',
      { title: '거꾸로', content: '본문', startsAt: '2026-11-27T00:00:00Z', endsAt: '2026-11-20T00:00:00Z' },
      content.headers,
    );
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.fields).toEqual([expect.objectContaining({ path: 'endsAt' })]);
    // `/\evil.example` reads as an in-app path, yet a browser resolves it to https://evil.example/.
    for (const linkUrl of [
      'javascript:alert(1)',
      '/\\evil.example',
      '//evil.example',
      'http://evil.example',
      'https://hamkke.kr@evil.example',
    ]) {
      const link = await admin(
        'popups/create',
        {
          title: '링크',
          content: '본문',
          linkUrl,
          startsAt: '2026-11-20T00:00:00Z',
          endsAt: '2026-11-27T00:00:00Z',
        },
        content.headers,
      );
      expect(link.statusCode, linkUrl).toBe(400);
      expect(link.json().error.fields, linkUrl).toEqual([expect.objectContaining({ path: 'linkUrl' })]);
    }
    expect((await admin('popups/list', {}, content.headers)).json().response.total).toBe(0);
    expect(await audits()).toBe(before);
    expect((await admin('popups/list', {}, support.headers)).statusCode).toBe(403);
  });
});
