import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../../../test/databases.ts';
import { createUser } from '../../../test/factories.ts';
import { useTestContext } from '../../../test/harness.ts';
import { signedInOperator, type OperatorSessionHeaders } from '../../../test/operators.ts';
import { seoulDayRange } from '../identity/log-pages.service.ts';

/** Activity and login logs in the console (issue 9, support): filters, Seoul days, no birth dates. */
describe.each(testDatabaseTargets())('logs in the console on $name', (target) => {
  const t = useTestContext(target);
  let support: OperatorSessionHeaders;
  let person: number;
  const admin = (path: string, body: unknown, headers = support.headers) =>
    t.app.inject({ method: 'POST', url: `/v1/api/admin/${path}`, headers, payload: body as object });

  beforeAll(async () => {
    support = await signedInOperator(t, 'support');
    person = await createUser(t.db);
    const activity = (
      event_type: string,
      created_at: string,
      user_id: number | null,
      source: 'SERVER' | 'CLIENT',
    ) => ({
      event_type,
      user_id,
      kakao_uid: null,
      user_nm: user_id ? '테스트' : null,
      title: null,
      url: '/home',
      body: null,
      status_code: event_type.endsWith('_FAILURE') ? 500 : 200,
      error_reason: null,
      ip_address: source === 'CLIENT' ? '203.0.113.7' : null,
      source,
      created_at,
    });
    await t.db
      .insertInto('activity_logs')
      .values([
        // 2026-11-19 23:30 in Seoul (14:30Z) and 2026-11-20 00:30 in Seoul (15:30Z): two Seoul days.
        activity('LOGIN_ATTEMPT', '2026-11-19T14:30:00.000Z', person, 'SERVER'),
        activity('LOGIN_ATTEMPT_FAILURE', '2026-11-19T15:30:00.000Z', null, 'CLIENT'),
        activity('TEAM_JOIN_SUCCESS', '2026-11-20T02:00:00.000Z', person, 'SERVER'),
      ])
      .execute();
    await t.db
      .insertInto('login_logs')
      .values([
        {
          user_id: person,
          logdetail: 'kakao',
          birth_date: '1990-01-01',
          result: 'Y',
          source: 'SERVER',
          ip_address: null,
          created_at: '2026-11-20T01:00:00.000Z',
        },
        {
          user_id: null,
          logdetail: 'children',
          birth_date: null,
          result: 'N',
          source: 'CLIENT',
          ip_address: '203.0.113.7',
          created_at: '2026-11-20T01:05:00.000Z',
        },
      ])
      .execute();
  });

  it('turns Seoul days into UTC instants', () => {
    expect(seoulDayRange('2026-11-20', '2026-11-20')).toEqual({
      fromIso: '2026-11-19T15:00:00.000Z',
      toIso: '2026-11-20T15:00:00.000Z',
    });
  });

  it('filters activity by Seoul day, event, person and source, newest first', async () => {
    const day = await admin('logs/activity', { from: '2026-11-20', to: '2026-11-20' });
    expect(day.json().response.items.map((item: { eventType: string }) => item.eventType)).toEqual([
      'TEAM_JOIN_SUCCESS',
      'LOGIN_ATTEMPT_FAILURE',
    ]);
    const mine = await admin('logs/activity', { userId: String(person), eventType: 'LOGIN_ATTEMPT' });
    expect(mine.json().response.total).toBe(1);
    const reported = await admin('logs/activity', { source: 'CLIENT' });
    expect(reported.json().response.items).toEqual([
      expect.objectContaining({ eventType: 'LOGIN_ATTEMPT_FAILURE', ipAddress: '203.0.113.7', userId: null }),
    ]);
    expect((await admin('logs/activity', { from: '2026-13-01' })).statusCode).toBe(400);
  });

  it('lists login logs by result without ever showing a birth date', async () => {
    const res = await admin('logs/login', { result: 'Y' });
    expect(res.json().response.items).toEqual([
      expect.objectContaining({ userId: String(person), logdetail: 'kakao' }),
    ]);
    expect(res.body).not.toContain('1990-01-01');
    expect((await admin('logs/login', {})).json().response.total).toBe(2);
  });

  it('is for support and admin only', async () => {
    const content = await signedInOperator(t, 'content');
    expect((await admin('logs/activity', {}, content.headers)).statusCode).toBe(403);
    expect((await admin('logs/login', {}, content.headers)).statusCode).toBe(403);
  });
});
