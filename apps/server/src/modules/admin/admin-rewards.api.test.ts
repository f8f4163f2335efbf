import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../../../test/databases.ts';
import { createRound, createTeam, createUser } from '../../../test/factories.ts';
import { callEndpoint, sessionHeadersFor, useTestContext } from '../../../test/harness.ts';
import { signedInOperator, type OperatorSessionHeaders } from '../../../test/operators.ts';

/** The reward ledger in the console (issue 9, rewards): filter, pay out in bulk, cancel, export. */
describe.each(testDatabaseTargets())('reward ledger in the console on $name', (target) => {
  const t = useTestContext(target);
  let support: OperatorSessionHeaders;
  let content: OperatorSessionHeaders;
  let sub: number;
  let otherSub: number;
  let winner: number;
  const ids: Record<string, number> = {};

  const admin = (path: string, body: unknown, headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: `/v1/api/admin/${path}`, headers, payload: body as object });
  const statusOf = async (id: number) =>
    await t.db
      .selectFrom('rewards')
      .select(['status', 'payout_ref'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const auditRows = async (action: string) =>
    (await t.db.selectFrom('audit_logs').select('id').where('action', '=', action).execute()).length;

  beforeAll(async () => {
    support = await signedInOperator(t, 'support');
    content = await signedInOperator(t, 'content');
    sub = (await createRound(t.db, { startDate: '2026-11-01', endDate: '2026-11-10' })).subChallengeId;
    otherSub = (await createRound(t.db, { startDate: '2026-10-01', endDate: '2026-10-10' })).subChallengeId;
    winner = await createUser(t.db, { name: '=HYPERLINK("x")', alias: '수상자' });
    const people = [winner, ...(await Promise.all([createUser(t.db), createUser(t.db)]))];
    const team = await createTeam(t.db, {
      subChallengeId: sub,
      managerId: people[0]!,
      members: [{ userId: people[1]! }, { userId: people[2]! }],
    });
    const oldTeam = await createTeam(t.db, { subChallengeId: otherSub, managerId: people[1]! });
    const insert = async (
      key: string,
      row: {
        user: number;
        team: number;
        round: number;
        kind: 'PAID' | 'TRAFFIC' | 'BADGES';
        status: 'PENDING' | 'PAID';
      },
    ) => {
      const inserted = await t.db
        .insertInto('rewards')
        .values({
          sub_challenge_id: row.round,
          team_id: row.team,
          user_id: row.user,
          kind: row.kind,
          unit: row.kind === 'PAID' ? 'POINT' : row.kind === 'TRAFFIC' ? 'MB' : 'BADGE',
          amount: row.kind === 'PAID' ? 5000 : row.kind === 'TRAFFIC' ? 1000 : 1,
          item_name: row.kind === 'BADGES' ? '완주 배지' : '',
          status: row.status,
          rate_permille: 850,
          granted_at: '2026-11-11T00:00:00.000Z',
          settled_at: row.status === 'PAID' ? '2026-11-11T00:00:00.000Z' : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids[key] = inserted.id;
    };
    await insert('a', { user: people[0]!, team, round: sub, kind: 'PAID', status: 'PENDING' });
    await insert('b', { user: people[1]!, team, round: sub, kind: 'PAID', status: 'PENDING' });
    await insert('c', { user: people[2]!, team, round: sub, kind: 'PAID', status: 'PENDING' });
    await insert('d', { user: people[0]!, team, round: sub, kind: 'TRAFFIC', status: 'PENDING' });
    await insert('e', { user: people[0]!, team, round: sub, kind: 'BADGES', status: 'PAID' });
    await insert('f', { user: people[1]!, team: oldTeam, round: otherSub, kind: 'PAID', status: 'PENDING' });
  });

  it('lists the ledger filtered by round, kind and status, for support only', async () => {
    const res = await admin(
      'rewards/list',
      { subChallengeId: String(sub), kind: 'PAID', status: 'PENDING' },
      support.headers,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().response.total).toBe(3);
    expect(
      res
        .json()
        .response.items.map((item: { rewardId: string }) => Number(item.rewardId))
        .sort(),
    ).toEqual([ids.a, ids.b, ids.c].sort());
    expect((await admin('rewards/list', {}, support.headers)).json().response.total).toBe(6);
    expect((await admin('rewards/list', {}, content.headers)).statusCode).toBe(403);
    expect((await admin('rewards/list', { status: 'LOST' }, support.headers)).statusCode).toBe(400);
  });

  it('pays pending rewards once in bulk with a reference, even when asked twice at once', async () => {
    const auditBefore = await auditRows('reward.mark-paid');
    const body = {
      rewardIds: [String(ids.a), String(ids.b), String(ids.e), '999999'],
      payoutRef: 'PAY-2026-11-001',
    };
    const [first, second] = await Promise.all([
      admin('rewards/mark-paid', body, support.headers),
      admin('rewards/mark-paid', { ...body, payoutRef: 'PAY-DUPLICATE' }, support.headers),
    ]);
    const answers = [first.json().response, second.json().response];
    // Between the two, a and b are paid exactly once; e (already paid) and the unknown id are skipped.
    expect(answers.map((answer) => answer.paid).sort()).toEqual([0, 2]);
    expect(answers.find((answer) => answer.paid === 2).skipped.sort()).toEqual(
      [String(ids.e), '999999'].sort(),
    );
    const a = await statusOf(ids.a!);
    const b = await statusOf(ids.b!);
    expect(a.status).toBe('PAID');
    expect(b.payout_ref).toBe(a.payout_ref);
    expect(await auditRows('reward.mark-paid')).toBe(auditBefore + 1);
    // The person sees it paid in the app.
    const history = await callEndpoint(
      t.app,
      'user/reward-history',
      {},
      await sessionHeadersFor(t.app, winner),
    );
    const mine = history
      .json()
      .response.items.find((item: { rewardId: string }) => item.rewardId === String(ids.a));
    expect(mine.status).toBe('PAID');
  });

  it('cancels a pending reward with a reason, and refuses to cancel a paid one', async () => {
    const res = await admin(
      'rewards/cancel',
      { rewardId: String(ids.c), reason: '중복 계정으로 확인됨' },
      support.headers,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().response).toMatchObject({ status: 'CANCELLED', cancelReason: '중복 계정으로 확인됨' });
    const again = await admin(
      'rewards/cancel',
      { rewardId: String(ids.a), reason: '잘못 지급' },
      support.headers,
    );
    expect(again.statusCode).toBe(409);
    expect((await statusOf(ids.a!)).status).toBe('PAID');
    expect(
      (await admin('rewards/cancel', { rewardId: String(ids.d), reason: '' }, support.headers)).statusCode,
    ).toBe(400);
    expect(
      (await admin('rewards/cancel', { rewardId: '999999', reason: '없는 보상' }, support.headers))
        .statusCode,
    ).toBe(404);
  });

  it('exports the filtered ledger as CSV a spreadsheet opens safely', async () => {
    const res = await admin('rewards/export', { subChallengeId: String(sub) }, support.headers);
    expect(res.statusCode).toBe(200);
    const { csv, rows, filename } = res.json().response;
    expect(filename).toMatch(/^rewards-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const parsed = Papa.parse<Record<string, string>>(csv.slice(1), { header: true, skipEmptyLines: true });
    expect(parsed.data).toHaveLength(5);
    expect(rows).toBe(5);
    expect(parsed.data.map((row) => row['상태']).sort()).toEqual(
      ['취소', '지급 완료', '지급 완료', '지급 완료', '지급 대기'].sort(),
    );
    // A name that looks like a formula is written as text, not run by the spreadsheet.
    expect(parsed.data.find((row) => row['회원번호'] === String(winner))!['이름']).toMatch(/^'=/);
    expect(await auditRows('reward.export')).toBe(1);
  });
});
