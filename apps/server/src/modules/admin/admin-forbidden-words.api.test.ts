import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../../../test/databases.ts';
import { callEndpoint, useTestContext } from '../../../test/harness.ts';
import { signedInOperator, type OperatorSessionHeaders } from '../../../test/operators.ts';

/** Forbidden words in the console (issue 9, content): the list, the "try a sentence" box, the app at once. */
describe.each(testDatabaseTargets())('forbidden words in the console on $name', (target) => {
  const t = useTestContext(target);
  let content: OperatorSessionHeaders;
  const admin = (path: string, body: unknown, headers = content.headers) =>
    t.app.inject({ method: 'POST', url: `/v1/api/admin/${path}`, headers, payload: body as object });
  const appCheck = async (text: string) =>
    (await callEndpoint(t.app, 'common/forbidden-word', { text })).json().response as {
      forbidden: boolean;
      words: string[];
    };
  const audits = async () => (await t.db.selectFrom('audit_logs').select('id').execute()).length;

  beforeAll(async () => {
    content = await signedInOperator(t, 'content');
  });

  it('adds a word the app refuses at once, tries sentences, removes it; each change audited once', async () => {
    expect((await appCheck('무료 코인 드려요')).forbidden).toBe(false); // the app has read (and keeps) its list
    const before = await audits();
    expect((await admin('forbidden-words/add', { word: '무료코인' })).json().response).toEqual({
      added: true,
    });
    expect((await admin('forbidden-words/add', { word: '무료코인' })).json().response).toEqual({
      added: false,
    });
    expect(await appCheck('무료 코인 드려요')).toEqual({ forbidden: true, words: ['무료코인'] });
    const tried = await admin('forbidden-words/try', { text: '오늘 무료 코인 받으세요' });
    expect(tried.json().response).toEqual({ forbidden: true, words: ['무료코인'] });
    expect((await admin('forbidden-words/try', { text: '물 마시기 완료!' })).json().response.forbidden).toBe(
      false,
    );
    const list = (await admin('forbidden-words/list', {}))
      .json()
      .response.items.map((item: { word: string }) => item.word);
    expect(list).toContain('무료코인');
    expect((await admin('forbidden-words/remove', { word: '무료코인' })).json().response).toEqual({
      removed: true,
    });
    expect((await appCheck('무료 코인 드려요')).forbidden).toBe(false);
    expect(await audits()).toBe(before + 2);
  });

  it('refuses a one-letter word and other roles', async () => {
    const short = await admin('forbidden-words/add', { word: '바' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields).toEqual([expect.objectContaining({ path: 'word' })]);
    const support = await signedInOperator(t, 'support');
    expect((await admin('forbidden-words/add', { word: '광고' }, support.headers)).statusCode).toBe(403);
  });
});
