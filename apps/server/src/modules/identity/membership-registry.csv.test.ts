import { describe, expect, it } from 'vitest';
import { maskPhone, readBirthDate, readRegistryCsv } from './membership-registry.csv.ts';

describe('registry CSV reading', () => {
  it('reads birth dates in the usual spellings, refusing impossible or future days', () => {
    expect(readBirthDate('1988-04-17', '2026-11-20')).toBe('1988-04-17');
    expect(readBirthDate('1988.04.17', '2026-11-20')).toBe('1988-04-17');
    expect(readBirthDate('19880417', '2026-11-20')).toBe('1988-04-17');
    expect(readBirthDate('1990-02-30', '2026-11-20')).toBeNull();
    expect(readBirthDate('2026-11-21', '2026-11-20')).toBeNull();
    expect(readBirthDate('88-04-17', '2026-11-20')).toBeNull();
  });

  it('masks mobile numbers in one shape, anything else but its last four digits', () => {
    expect(maskPhone('+82 10-2481-3579')).toBe('010-****-3579');
    expect(maskPhone('01012345678')).toBe('010-****-5678');
    expect(maskPhone('02-123-4567')).toBe('**-***-4567');
  });

  it('takes English headers in any order and numbers rows as the file does, skipping blank lines', () => {
    const rows = readRegistryCsv(
      'phone,name,member_no\n010-1234-5678,가나,a-1\n\n01012345678,다라,A-1\n',
      '2026-11-20',
    );
    expect(rows.map((row) => [row.row, row.memberNo, row.reasons])).toEqual([
      [2, 'A-1', []],
      [4, 'A-1', ['DUPLICATE_IN_FILE']],
    ]);
  });
});
