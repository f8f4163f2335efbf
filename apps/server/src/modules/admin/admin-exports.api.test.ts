import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../../../test/databases.ts';
import { createRound, createTeam, createUser } from '../../../test/factories.ts';
import { useTestContext } from '../../../test/harness.ts';
import { signedInOperator, type OperatorSessionHeaders } from '../../../test/operators.ts';

/**
 * Issue 26, item 2: every text cell of every export is neutralised whatever it contains, through
 * the real export endpoint (the reward file is the product's one CSV export; lib/csv.ts writes it).
 */
describe.each(testDatabaseTargets())('exports that cannot run formulas on $name', (target) => {
  const t = useTestContext(target, { now: '2026-11-25T16:30:00.000Z' });
  let support: OperatorSessionHeaders;

  /** Hostile text as users type it (team names, names, aliases) and as the file must show it. */
  const hostile: [written: string, shown: string][] = [
    // The team name: a formula across two lines.
    ['=1+\n1', "'=1+ 1"],
    // A harmless first line, then a formula on a line of its own (a line-splitting reader's row).
    ['우리팀\n=HYPERLINK("http://evil.example")', '우리팀 =HYPERLINK("http://evil.example")'],
    ['\r\n@SUM(A1)', "'  @SUM(A1)"],
    ['  =1+1', "'  =1+1"],
    ['\t=1+1', "' =1+1"],
    ['\r+1', "' +1"],
    ['＝1+1', "'＝1+1"],
    ['＋1', "'＋1"],
    ['－1', "'－1"],
    ['＠SUM(1)', "'＠SUM(1)"],
    ['\u3000＝1', "'\u3000＝1"],
    ['﹦1', "'﹦1"],
    ['\u200B=1', "'\u200B=1"],
    ['\u202E=1', "'\u202E=1"],
    ['하늘네', '하늘네'],
    ['a=b', 'a=b'],
  ];

  beforeAll(async () => {
    support = await signedInOperator(t, 'support', 'ops-support-exports');
    const sub = (await createRound(t.db, { startDate: '2026-11-01', endDate: '2026-11-10' })).subChallengeId;
    let index = 0;
    for (const [written] of hostile) {
      index += 1;
      const user = await createUser(t.db, { name: written, alias: written, phone: '+82 10-2481-3579' });
      const team = await createTeam(t.db, { subChallengeId: sub, managerId: user });
      // Written as stored, past the name key's uniqueness (several fold to the same key).
      await t.db.updateTable('teams').set({ name: written }).where('id', '=', team).execute();
      await t.db
        .insertInto('rewards')
        .values({
          sub_challenge_id: sub,
          team_id: team,
          user_id: user,
          kind: 'PAID',
          unit: 'POINT',
          amount: 1000 + index,
          item_name: written,
          status: 'PENDING',
          rate_permille: 900,
          granted_at: '2026-11-10T15:00:00.000Z',
          settled_at: null,
          payout_ref: null,
        })
        .execute();
    }
  });

  it('writes every hostile cell as one line of text, a formula start behind a quote', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/api/admin/rewards/export',
      headers: support.headers,
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    const { csv, rows } = res.json().response as { csv: string; rows: number };
    expect(rows).toBe(hostile.length);
    // No cell breaks a line: a reader that splits on line ends sees the header and one line a row.
    const lines = csv.slice(1).split('\r\n');
    expect(lines).toHaveLength(hostile.length + 1);
    const parsed = Papa.parse<Record<string, string>>(csv.slice(1), { header: true, skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    const byAmount = new Map(parsed.data.map((row) => [row['수량'], row]));
    hostile.forEach(([, shown], at) => {
      const row = byAmount.get(String(1001 + at));
      expect(row, shown).toBeDefined();
      expect({ 팀: row!['팀'], 이름: row!['이름'], 별명: row!['별명'], 상품명: row!['상품명'] }).toEqual({
        팀: shown,
        이름: shown,
        별명: shown,
        상품명: shown,
      });
    });
    // Numbers stay numbers, and no unquoted visible cell of the file starts a formula.
    for (const row of parsed.data) {
      for (const cell of Object.values(row)) {
        const visible = cell.replace(/^[\s\p{Z}\p{Cf}]+/u, '').normalize('NFKC');
        expect(visible, cell).not.toMatch(/^[=+\-@]/);
      }
    }
  });
});
