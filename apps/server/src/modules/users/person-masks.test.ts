import { describe, expect, it } from 'vitest';
import { formatPhone, maskBirthDate, maskPhone, phoneTailOf } from './person-masks.ts';

describe('people masking', () => {
  it('masks a phone number to its last four digits, from the forms it is stored in', () => {
    expect(maskPhone('+82 10-2481-3579')).toBe('010-****-3579');
    expect(maskPhone('010-2481-3579')).toBe('010-****-3579');
    expect(maskPhone('01024813579')).toBe('010-****-3579');
    expect(maskPhone('12')).toBe('****');
    expect(maskPhone(null)).toBeNull();
  });

  it('formats the revealed phone number in the domestic form', () => {
    expect(formatPhone('+82 10-2481-3579')).toBe('010-2481-3579');
    expect(formatPhone(null)).toBeNull();
  });

  it('masks a birth date to its year', () => {
    expect(maskBirthDate('1988-04-17')).toBe('1988-**-**');
    expect(maskBirthDate('0417')).toBe('****-**-**');
    expect(maskBirthDate(null)).toBeNull();
  });

  it('reads a phone tail from digits or a masked number, never from a name', () => {
    expect(phoneTailOf('3579')).toBe('3579');
    expect(phoneTailOf('010-****-3579')).toBe('3579');
    expect(phoneTailOf('2481 3579')).toBe('3579');
    expect(phoneTailOf('357')).toBeNull();
    expect(phoneTailOf('김하늘')).toBeNull();
    expect(phoneTailOf('4281937465')).toBe('7465');
  });
});
