import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../../../test/databases.ts';
import { useTestContext } from '../../../test/harness.ts';
import { signedInOperator, type OperatorSessionHeaders } from '../../../test/operators.ts';

/** CP949 bytes of the words these files use (a fixed table, from the code page). */
const CP949: Record<string, string> = {
  회원번호: 'c8b8bff8b9f8c8a3',
  이름: 'c0ccb8a7',
  전화번호: 'c0fcc8adb9f8c8a3',
  홍길동: 'c8abb1e6b5bf',
  // 똠 (8c 63) is one of the syllables CP949 adds to EUC-KR.
  김똠이: 'b1e88c63c0cc',
};
/** A CSV of lines, each a list of cells: Korean words by the table, the rest ASCII. */
function cp949File(lines: (string | Buffer)[][]): Buffer {
  const cell = (value: string | Buffer) =>
    Buffer.isBuffer(value)
      ? value
      : CP949[value]
        ? Buffer.from(CP949[value]!, 'hex')
        : Buffer.from(value, 'ascii');
  const parts: Buffer[] = [];
  lines.forEach((cells, line) => {
    if (line > 0) parts.push(Buffer.from('\r\n'));
    cells.forEach((value, at) => {
      if (at > 0) parts.push(Buffer.from(','));
      parts.push(cell(value));
    });
  });
  return Buffer.concat(parts);
}
const HEADER = ['회원번호', '이름', '전화번호'];

/** Issue 26, item 3: the registry import detects the encoding, says it, refuses what it cannot read. */
describe.each(testDatabaseTargets())('registry imports that say what they read on $name', (target) => {
  const t = useTestContext(target);
  let content: OperatorSessionHeaders;
  const call = (path: string, body: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/v1/api/admin/${path}`,
      headers: content.headers,
      payload: body as object,
    });
  const dryRun = async (bytes: Buffer) => {
    const res = await call('registry/dry-run', { file: bytes.toString('base64') });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().response as {
      encoding: string;
      counts: Record<string, number>;
      rows: { row: number; status: string; name: string; reasons: string[] }[];
    };
  };

  beforeAll(async () => {
    content = await signedInOperator(t, 'content', 'ops-content-encoding');
  });

  it('reads what Korean Excel saves (CP949) as CP949, says so, and applies names that match', async () => {
    const file = cp949File([
      HEADER,
      ['ENC-100', '홍길동', '010-2481-3579'],
      ['ENC-101', '김똠이', '010-1212-3434'],
    ]);
    // Read as UTF-8 (the code before this), 홍길동 became U+FFFD soup.
    expect(file.toString('utf8')).not.toContain('홍길동');
    const dry = await dryRun(file);
    expect(dry.encoding).toBe('CP949');
    expect(dry.counts).toMatchObject({ total: 2, new: 2, rejected: 0 });
    expect(dry.rows.map((row) => [row.row, row.status, row.name])).toEqual([
      [2, 'NEW', '홍길동'],
      [3, 'NEW', '김똠이'],
    ]);
    const applied = await call('registry/apply', {
      file: file.toString('base64'),
      expected: { new: 2, changed: 0 },
    });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().response.encoding).toBe('CP949');
    const names = await t.db
      .selectFrom('membership_registry')
      .select(['member_no', 'name'])
      .where('member_no', 'in', ['ENC-100', 'ENC-101'])
      .orderBy('member_no')
      .execute();
    expect(names).toEqual([
      { member_no: 'ENC-100', name: '홍길동' },
      { member_no: 'ENC-101', name: '김똠이' },
    ]);
    const audit = await t.db
      .selectFrom('audit_logs')
      .select('summary')
      .where('action', '=', 'registry.import')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.summary).after).toMatchObject({ new: 2, bytes: file.length, encoding: 'CP949' });
  });

  it('says UTF-8 with or without a BOM', async () => {
    const text = '회원번호,이름,전화번호\r\nENC-200,홍길동,010-2481-3579';
    expect((await dryRun(Buffer.from(text, 'utf8'))).encoding).toBe('UTF8');
    const withBom = await dryRun(Buffer.from(`\uFEFF${text}`, 'utf8'));
    expect(withBom.encoding).toBe('UTF8_BOM');
    expect(withBom.rows[0]).toMatchObject({ row: 2, status: 'NEW', name: '홍길동' });
  });

  it('refuses the rows of bytes neither UTF-8 nor CP949 reads, by row number, and the apply', async () => {
    // A CP949 file with a stray byte in rows 3 and 5.
    const cp949 = cp949File([
      HEADER,
      ['ENC-300', '홍길동', '010-2481-3579'],
      ['ENC-301', Buffer.from('c8abff', 'hex'), '010-2481-3570'],
      ['ENC-302', '김똠이', '010-2481-3571'],
      ['ENC-303', '홍길동', Buffer.from('3031ff30', 'hex')],
    ]);
    const dry = await dryRun(cp949);
    expect(dry.encoding).toBe('CP949');
    expect(dry.counts).toMatchObject({ total: 4, new: 2, rejected: 2 });
    expect(dry.rows.filter((row) => row.status === 'REJECTED').map((row) => [row.row, row.reasons])).toEqual([
      [3, ['UNREADABLE_BYTES']],
      [5, ['UNREADABLE_BYTES', 'BAD_PHONE']],
    ]);
    const apply = await call('registry/apply', {
      file: cp949.toString('base64'),
      expected: { new: 2, changed: 0 },
    });
    expect(apply.statusCode).toBe(400);
    expect(apply.json().error.fields).toEqual([expect.objectContaining({ path: 'file', code: 'INVALID' })]);

    // A UTF-8 file with a cut sequence in row 4, and one already mangled (U+FFFD written as text) in row 2.
    const utf8 = Buffer.concat([
      Buffer.from(
        '회원번호,이름,전화번호\nENC-310,ȫ\uFFFD浿,010-2481-3579\nENC-311,하늘,010-2481-3578\nENC-312,',
        'utf8',
      ),
      Buffer.from('ed959c', 'hex').subarray(0, 2),
      Buffer.from(',010-2481-3577\n', 'utf8'),
    ]);
    const broken = await dryRun(utf8);
    expect(broken.encoding).toBe('UTF8');
    expect(broken.rows.filter((row) => row.status === 'REJECTED').map((row) => row.row)).toEqual([2, 4]);

    // A header it cannot read is the whole file's problem.
    const header = await call('registry/dry-run', {
      file: Buffer.from('회원번호,이\uFFFD,전화번호\nENC-320,가,010-2481-3579', 'utf8').toString('base64'),
    });
    expect(header.statusCode).toBe(400);
    expect(header.json().error.fields).toEqual([
      expect.objectContaining({ path: 'file', code: 'INVALID_FORMAT' }),
    ]);
  });

  it('rejects names with control, bidirectional-override or zero-width characters, with the reason', async () => {
    const names = [
      '홍\u202E동길', // right-to-left override
      '김\u2066하늘\u2069', // isolate
      '이\u200B서준', // zero-width space
      '박\u200D새봄', // zero-width joiner
      '최\uFEFF여름', // BOM inside
      '정\u0007가을', // BEL
      '한\u0085겨울', // C1 next line
      '"윤\n봄"', // a line break inside a quoted cell
      '\uFEFF오하늘', // a BOM before the name is trimmed, like spaces
      '  서 하 늘  ',
    ];
    const file = [
      '회원번호,이름,전화번호',
      ...names.map((name, at) => `ENC-4${10 + at},${name},010-2481-35${10 + at}`),
    ].join('\n');
    const dry = await dryRun(Buffer.from(file, 'utf8'));
    const reasons = dry.rows.map((row) => [row.row, row.status, row.reasons]);
    expect(reasons).toEqual([
      ...names.slice(0, 8).map((_, at) => [at + 2, 'REJECTED', ['BAD_CHARACTERS']]),
      [10, 'NEW', []],
      [11, 'NEW', []],
    ]);
    expect(dry.rows.at(-1)!.name).toBe('서 하 늘');
  });
});
