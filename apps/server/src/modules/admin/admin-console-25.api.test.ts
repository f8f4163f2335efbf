import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../../../test/databases.ts';
import { createRound, createTeam, createUser } from '../../../test/factories.ts';
import { useTestContext } from '../../../test/harness.ts';
import { signedInOperator, type OperatorSessionHeaders } from '../../../test/operators.ts';
import { insertAudit } from './operators.repository.ts';
import { neutraliseCell } from '../../lib/csv.ts';

/** Issue 25, item 8: the console as an operator wants it (audit filters, the payout file, team states, copying a round). */
describe.each(testDatabaseTargets())('the console (issue 25) on $name', (target) => {
  // 2026-11-25 16:30 UTC is already 2026-11-26 01:30 in Korea.
  const t = useTestContext(target, { now: '2026-11-25T16:30:00.000Z' });
  let admin: OperatorSessionHeaders;
  let support: OperatorSessionHeaders;
  let content: OperatorSessionHeaders;

  const call = (path: string, body: unknown, as: OperatorSessionHeaders) =>
    t.app.inject({
      method: 'POST',
      url: `/v1/api/admin/${path}`,
      headers: as.headers,
      payload: body as object,
    });
  /** The rows the tests wrote: the operators' own sign-ins (decision 030) are rows too, left out here. */
  const auditIds = async (body: Record<string, unknown>) => {
    const res = await call('audit/list', { offset: 0, limit: 100, ...body }, admin);
    expect(res.statusCode).toBe(200);
    const items = res.json().response.items as {
      action: string;
      target: string;
      operatorLoginId: string;
      summary: string;
    }[];
    return items.filter((row) => row.action !== 'operator.login');
  };

  beforeAll(async () => {
    admin = await signedInOperator(t, 'admin', 'ops-admin-25');
    support = await signedInOperator(t, 'support', 'ops-support-25');
    content = await signedInOperator(t, 'content', 'ops-content-25');
  });

  describe('the audit log', () => {
    beforeAll(async () => {
      // Rows of three Seoul days (the log is append-only: written as the audit service writes them).
      const idOf = async (loginId: string) =>
        (
          await t.db
            .selectFrom('operators')
            .select('id')
            .where('login_id', '=', loginId)
            .executeTakeFirstOrThrow()
        ).id;
      const write = async (loginId: string, action: string, target: string, after: unknown, now: string) =>
        insertAudit(t.db, {
          operatorId: await idOf(loginId),
          action,
          target,
          summary: JSON.stringify({ before: null, after }),
          address: '127.0.0.1',
          now,
        });
      // 11-20 in Korea; 14:59 UTC on the 22nd is still the 22nd; 15:01 UTC is the 23rd.
      await write(
        'ops-content-25',
        'faq.create',
        'faq:1',
        { question: '질문 하나' },
        '2026-11-20T01:00:00.000Z',
      );
      await write('ops-admin-25', 'faq.create', 'faq:2', { question: '질문 둘' }, '2026-11-22T14:59:00.000Z');
      await write(
        'ops-content-25',
        'notice.create',
        'notice:1',
        { title: '공지' },
        '2026-11-22T15:01:00.000Z',
      );
    });

    it('filters by operator, action (or its kind), target (or its kind) and Seoul days', async () => {
      const operators = (await call('audit/operators', {}, admin)).json().response.items as {
        operatorId: string;
        loginId: string;
      }[];
      const contentId = operators.find((row) => row.loginId === 'ops-content-25')!.operatorId;
      const byContent = await auditIds({ operatorId: contentId });
      expect(byContent.map((row) => row.action).sort()).toEqual(['faq.create', 'notice.create']);
      expect((await auditIds({ action: 'faq' })).map((row) => row.action)).toEqual([
        'faq.create',
        'faq.create',
      ]);
      expect((await auditIds({ action: 'faq.create', operatorId: contentId })).length).toBe(1);
      const notices = await auditIds({ target: 'notice' });
      expect(notices.map((row) => row.action)).toEqual(['notice.create']);
      expect(await auditIds({ target: notices[0]!.target })).toHaveLength(1);
      // Seoul days, both ends included: 11-22 ends at 15:00 UTC.
      expect((await auditIds({ from: '2026-11-21', to: '2026-11-22' })).map((row) => row.action)).toEqual([
        'faq.create',
      ]);
      expect((await auditIds({ from: '2026-11-23' })).map((row) => row.action)).toEqual(['notice.create']);
      expect((await auditIds({ to: '2026-11-20' })).map((row) => row.action)).toEqual(['faq.create']);
      // The before/after of a row is readable JSON.
      expect(JSON.parse(notices[0]!.summary)).toMatchObject({ before: null, after: { title: '공지' } });
      expect((await call('audit/list', { offset: 0, limit: 10, from: '2026-13-01' }, admin)).statusCode).toBe(
        400,
      );
      expect((await call('audit/operators', {}, support)).statusCode).toBe(403);
    });
  });

  describe('the payout file', () => {
    let winner: number;
    let child: number;

    beforeAll(async () => {
      const sub = (await createRound(t.db, { startDate: '2026-11-01', endDate: '2026-11-10' }))
        .subChallengeId;
      winner = await createUser(t.db, {
        name: ' ＝HYPERLINK("x")',
        alias: '수상자',
        phone: '+82 10-2481-3579',
      });
      child = await createUser(t.db, {
        user_type: 'CHILD',
        kakao_id: null,
        parent_user_id: winner,
        phone: null,
        name: '\t@SUM(1)',
        alias: '아이',
      });
      const team = await createTeam(t.db, {
        subChallengeId: sub,
        managerId: winner,
        members: [{ userId: child, familyId: winner }],
      });
      const reward = (user: number, kind: 'PAID' | 'TRAFFIC', status: 'PENDING' | 'PAID') =>
        t.db
          .insertInto('rewards')
          .values({
            sub_challenge_id: sub,
            team_id: team,
            user_id: user,
            kind,
            unit: kind === 'PAID' ? 'POINT' : 'MB',
            amount: kind === 'PAID' ? 5000 : 1000,
            item_name: '',
            status,
            rate_permille: 850,
            granted_at: '2026-11-10T15:00:00.000Z',
            settled_at: status === 'PAID' ? '2026-11-11T01:02:03.000Z' : null,
            payout_ref: status === 'PAID' ? '-PAY-1' : null,
          })
          .execute();
      await reward(winner, 'PAID', 'PAID');
      await reward(child, 'TRAFFIC', 'PENDING');
    });

    it('has Korean headers and labels, KST times and the payout phone, and is an audited reveal with its count', async () => {
      const res = await call('rewards/export', {}, support);
      expect(res.statusCode).toBe(200);
      const { csv, rows, filename } = res.json().response as { csv: string; rows: number; filename: string };
      // The Korean day of 16:30 UTC on the 25th is the 26th.
      expect(filename).toBe('rewards-2026-11-26.csv');
      expect(csv.startsWith('\uFEFF')).toBe(true);
      expect(csv).toContain('\r\n');
      expect(rows).toBe(2);
      const parsed = Papa.parse<Record<string, string>>(csv.slice(1), { header: true, skipEmptyLines: true });
      expect(parsed.meta.fields).toEqual([
        '보상번호',
        '기수',
        '팀',
        '회원번호',
        '이름',
        '별명',
        '휴대폰 번호',
        '보상 종류',
        '단위',
        '수량',
        '상품명',
        '상태',
        '달성률(%)',
        '확정 시각(KST)',
        '처리 시각(KST)',
        '지급 참조번호',
      ]);
      const [paid, pending] = parsed.data as [Record<string, string>, Record<string, string>];
      expect(paid).toMatchObject({
        회원번호: String(winner),
        '휴대폰 번호': '010-2481-3579',
        '보상 종류': '지급 보상',
        단위: '포인트',
        상태: '지급 완료',
        '달성률(%)': '85.0',
        '확정 시각(KST)': '2026-11-11 00:00:00',
        '처리 시각(KST)': '2026-11-11 10:02:03',
        // Formula-looking cells are text: a full-width ＝ after a space, a leading minus.
        이름: `' ＝HYPERLINK("x")`,
        '지급 참조번호': "'-PAY-1",
      });
      // A child's payout goes to the parent's phone.
      expect(pending).toMatchObject({
        회원번호: String(child),
        '휴대폰 번호': '010-2481-3579',
        '보상 종류': '데이터 보상',
        상태: '지급 대기',
        '처리 시각(KST)': '',
        // The tab is a space: every cell is one line of text.
        이름: "' @SUM(1)",
      });
      const audit = await t.db
        .selectFrom('audit_logs')
        .select(['target', 'summary'])
        .where('action', '=', 'reward.export')
        .executeTakeFirstOrThrow();
      expect(audit.target).toBe('rewards:2');
      expect(JSON.parse(audit.summary).after).toMatchObject({ rows: 2, fields: ['phone'] });
      // The values themselves never go into the audit log.
      expect(audit.summary).not.toContain('2481');
    });

    it('neutralises every formula start', () => {
      for (const cell of ['=1', '+1', '-1', '@a', '＝1', '＋1', '－1', '＠a', '  =1', '\u3000=1']) {
        expect(neutraliseCell(cell)).toBe(`'${cell}`);
      }
      for (const cell of ['010-1234-5678', '하늘네', '5000', 'a=b', ''])
        expect(neutraliseCell(cell)).toBe(cell);
    });
  });

  describe('teams and rounds', () => {
    it("shows each team's real state: recruiting, closed, upcoming, running, ended", async () => {
      const manager = await createUser(t.db);
      const make = async (name: string, round: Parameters<typeof createRound>[1], open = true) => {
        const sub = (await createRound(t.db, round)).subChallengeId;
        await createTeam(t.db, { subChallengeId: sub, managerId: manager, name, recruitingOpen: open });
      };
      // Today is 2026-11-26 in Korea.
      await make('상태-모집', {
        recruitStart: '2026-11-20',
        recruitEnd: '2026-11-30',
        startDate: '2026-12-01',
      });
      await make(
        '상태-마감',
        { recruitStart: '2026-11-20', recruitEnd: '2026-11-30', startDate: '2026-12-01' },
        false,
      );
      await make('상태-예정', {
        recruitStart: '2026-11-01',
        recruitEnd: '2026-11-20',
        startDate: '2026-12-01',
      });
      await make('상태-진행', {
        recruitStart: '2026-11-01',
        recruitEnd: '2026-11-10',
        startDate: '2026-11-11',
      });
      await make('상태-종료', {
        recruitStart: '2026-10-01',
        recruitEnd: '2026-10-10',
        startDate: '2026-10-11',
        endDate: '2026-10-31',
      });
      const res = await call('teams/list', { offset: 0, limit: 50, query: '상태-' }, support);
      expect(res.statusCode).toBe(200);
      const states = Object.fromEntries(
        (res.json().response.items as { name: string; state: string }[]).map((team) => [
          team.name,
          team.state,
        ]),
      );
      expect(states).toEqual({
        '상태-모집': 'recruiting',
        '상태-마감': 'closed',
        '상태-예정': 'upcoming',
        '상태-진행': 'running',
        '상태-종료': 'ended',
      });
    });

    it('starts a new round as a copy of the previous one: dates moved by its length, missions copied, audited', async () => {
      // 1기: recruiting 12-01…12-05, running 12-06…12-19 (14 days).
      const first = await createRound(t.db, {
        recruitStart: '2026-12-01',
        recruitEnd: '2026-12-05',
        startDate: '2026-12-06',
        endDate: '2026-12-19',
        missions: 3,
      });
      await t.db
        .updateTable('sub_challenges')
        .set({ title: '가족 건강 1기', paid_reward_amount: 3000 })
        .where('id', '=', first.subChallengeId)
        .execute();
      const res = await call('rounds/copy', { subChallengeId: String(first.subChallengeId) }, content);
      expect(res.statusCode).toBe(200);
      const round = res.json().response;
      expect(round).toMatchObject({
        challengeId: String(first.challengeId),
        round: 2,
        title: '가족 건강 2기',
        recruitStart: '2026-12-15',
        recruitEnd: '2026-12-19',
        startDate: '2026-12-20',
        endDate: '2027-01-02',
        paidRewardAmount: 3000,
        teams: 0,
      });
      expect(round.missions.map((mission: { title: string }) => mission.title)).toEqual([
        '미션 1',
        '미션 2',
        '미션 3',
      ]);
      const audit = await t.db
        .selectFrom('audit_logs')
        .select(['target', 'summary'])
        .where('action', '=', 'round.copy')
        .executeTakeFirstOrThrow();
      expect(audit.target).toBe(`round:${round.subChallengeId}`);
      expect(JSON.parse(audit.summary).before).toEqual({ copiedFrom: String(first.subChallengeId) });
      // A second copy of 1기 would overlap 2기: refused, nothing written.
      const again = await call('rounds/copy', { subChallengeId: String(first.subChallengeId) }, content);
      expect(again.statusCode).toBe(400);
      const rounds = await t.db
        .selectFrom('sub_challenges')
        .select('id')
        .where('challenge_id', '=', first.challengeId)
        .execute();
      expect(rounds).toHaveLength(2);
      // An always round has no length to copy.
      const always = await createRound(t.db, { type: 'always' });
      expect(
        (await call('rounds/copy', { subChallengeId: String(always.subChallengeId) }, content)).statusCode,
      ).toBe(409);
      expect(
        (await call('rounds/copy', { subChallengeId: String(first.subChallengeId) }, support)).statusCode,
      ).toBe(403);
    });
  });
});
