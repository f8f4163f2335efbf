import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../../../test/databases.ts';
import { callEndpoint, useTestContext } from '../../../test/harness.ts';
import { signedInOperator, type OperatorSessionHeaders } from '../../../test/operators.ts';

/** The FAQ in the console (issue 9, content): what /my/faq shows, in the operator's order. */
describe.each(testDatabaseTargets())('FAQ in the console on $name', (target) => {
  const t = useTestContext(target);
  let content: OperatorSessionHeaders;
  const admin = (path: string, body: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/v1/api/admin/${path}`,
      headers: content.headers,
      payload: body as object,
    });
  const appFaq = async () =>
    (
      (await callEndpoint(t.app, 'home/faq-list', {})).json() as { response: { question: string }[] }
    ).response.map((entry) => entry.question);
  const audits = async () => (await t.db.selectFrom('audit_logs').select('id').execute()).length;

  beforeAll(async () => {
    content = await signedInOperator(t, 'content');
  });

  it('adds, orders, edits and removes entries the app shows at once, auditing each change', async () => {
    const before = await audits();
    const second = await admin('faqs/create', {
      category: '팀',
      question: '팀은 몇 명까지 함께할 수 있나요?',
      answer: '기수마다 달라요. 챌린지 화면에서 확인할 수 있어요.',
      sort: 20,
    });
    const first = await admin('faqs/create', {
      category: '계정',
      question: '아이 계정은 어떻게 만드나요?',
      answer: '마이 > 자녀 관리에서 만들 수 있어요.',
      sort: 10,
    });
    expect([second.statusCode, first.statusCode]).toEqual([200, 200]);
    expect(await appFaq()).toEqual(['아이 계정은 어떻게 만드나요?', '팀은 몇 명까지 함께할 수 있나요?']);
    const edited = await admin('faqs/update', {
      faqId: second.json().response.faqId,
      category: '팀',
      question: '팀에는 몇 가족까지 들어갈 수 있나요?',
      answer: '기수마다 달라요.',
      sort: 5,
    });
    expect(edited.statusCode).toBe(200);
    expect(await appFaq()).toEqual(['팀에는 몇 가족까지 들어갈 수 있나요?', '아이 계정은 어떻게 만드나요?']);
    expect((await admin('faqs/delete', { faqId: first.json().response.faqId })).statusCode).toBe(200);
    expect(await appFaq()).toEqual(['팀에는 몇 가족까지 들어갈 수 있나요?']);
    expect(await audits()).toBe(before + 4);
  });

  it('refuses an empty question with its field, and an unknown entry with 404', async () => {
    const bad = await admin('faqs/create', { category: '계정', question: '', answer: '답변이에요.' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual([expect.objectContaining({ path: 'question' })]);
    const missing = await admin('faqs/update', {
      faqId: '999999',
      category: '계정',
      question: '질문?',
      answer: '답' + '변',
    });
    expect(missing.statusCode).toBe(404);
  });
});
