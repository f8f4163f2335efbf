import { describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../../../test/databases.ts';
import { createChild, createUser } from '../../../test/factories.ts';
import { callEndpoint, sessionHeadersFor, useTestContext } from '../../../test/harness.ts';

/** The notice a child reads once about their data (issue 32 item 2): a flag per child, not per device. */
describe.each(testDatabaseTargets())('the child notice on $name', (target) => {
  const t = useTestContext(target);

  const due = async (headers: Record<string, string>) =>
    (await callEndpoint(t.app, 'my/child-notice', {}, headers)).json().response.due as boolean;

  it('is due for a child until they confirm it, then on no device again', async () => {
    const parent = await createUser(t.db);
    const child = await createChild(t.db, parent, 'notice-kid', 'notice-pass-1');
    const phone = await sessionHeadersFor(t.app, child);
    expect(await due(phone)).toBe(true);
    // Reading it is not confirming it: still due.
    expect(await due(phone)).toBe(true);
    const seen = await callEndpoint(t.app, 'my/child-notice-seen', {}, phone);
    expect(seen.json()).toEqual({ response: { seen: true } });
    expect(await due(phone)).toBe(false);
    // Another device (a new sign-in) finds it confirmed.
    expect(await due(await sessionHeadersFor(t.app, child))).toBe(false);
    // Confirming twice keeps the first time.
    const first = await t.db
      .selectFrom('users')
      .select('child_notice_seen_at')
      .where('id', '=', child)
      .executeTakeFirstOrThrow();
    t.clock.advance(60_000);
    expect((await callEndpoint(t.app, 'my/child-notice-seen', {}, phone)).statusCode).toBe(200);
    const again = await t.db
      .selectFrom('users')
      .select('child_notice_seen_at')
      .where('id', '=', child)
      .executeTakeFirstOrThrow();
    expect(again.child_notice_seen_at).toBe(first.child_notice_seen_at);
  });

  it('is never due for a parent, and a sibling’s confirmation is not another child’s', async () => {
    const parent = await createUser(t.db);
    const parentHeaders = await sessionHeadersFor(t.app, parent);
    const first = await createChild(t.db, parent, 'notice-kid-a', 'notice-pass-1');
    const second = await createChild(t.db, parent, 'notice-kid-b', 'notice-pass-1');
    expect(await due(parentHeaders)).toBe(false);
    expect((await callEndpoint(t.app, 'my/child-notice-seen', {}, parentHeaders)).statusCode).toBe(200);
    await callEndpoint(t.app, 'my/child-notice-seen', {}, await sessionHeadersFor(t.app, first));
    expect(await due(await sessionHeadersFor(t.app, second))).toBe(true);
  });

  it('needs a session', async () => {
    expect((await callEndpoint(t.app, 'my/child-notice', {})).statusCode).toBe(401);
    expect((await callEndpoint(t.app, 'my/child-notice-seen', {})).statusCode).toBe(401);
  });
});
