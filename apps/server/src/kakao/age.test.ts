import { addDays } from '@hamkke/contract/dates';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { birthdayAtAge, fullYearsOfAge, isAdult, type AgeCheck } from './age.ts';

const born = (iso: string) => ({ birthyear: iso.slice(0, 4), birthday: iso.slice(5, 7) + iso.slice(8, 10) });

describe('isAdult (만 19세)', () => {
  it('is an adult from the 19th birthday on, not the day before', () => {
    expect(isAdult(born('2006-11-20'), '2025-11-19')).toBe('UNDER_AGE');
    expect(isAdult(born('2006-11-20'), '2025-11-20')).toBe('ADULT');
    expect(isAdult(born('2006-11-20'), '2025-11-21')).toBe('ADULT');
    expect(isAdult(born('1988-04-17'), '2026-11-20')).toBe('ADULT');
    expect(isAdult(born('2010-05-05'), '2026-11-20')).toBe('UNDER_AGE');
  });

  it('turns on at the year boundary', () => {
    expect(isAdult(born('2007-01-01'), '2025-12-31')).toBe('UNDER_AGE');
    expect(isAdult(born('2007-01-01'), '2026-01-01')).toBe('ADULT');
    expect(isAdult(born('2006-12-31'), '2025-12-30')).toBe('UNDER_AGE');
    expect(isAdult(born('2006-12-31'), '2025-12-31')).toBe('ADULT');
  });

  it('takes 1 March as the anniversary of 29 February in a common year', () => {
    expect(isAdult(born('2004-02-29'), '2023-02-28')).toBe('UNDER_AGE');
    expect(isAdult(born('2004-02-29'), '2023-03-01')).toBe('ADULT');
    expect(birthdayAtAge({ year: 2004, month: 2, day: 29 }, 19)).toEqual({ year: 2023, month: 3, day: 1 });
  });

  it('keeps 29 February when the target year is a leap year', () => {
    // Born 29 Feb 2004, 20 years later is 29 Feb 2024.
    expect(isAdult(born('2004-02-29'), '2024-02-28', 20)).toBe('UNDER_AGE');
    expect(isAdult(born('2004-02-29'), '2024-02-29', 20)).toBe('ADULT');
  });

  it('handles ordinary birthdays around a leap target year', () => {
    expect(isAdult(born('2005-02-28'), '2024-02-27')).toBe('UNDER_AGE');
    expect(isAdult(born('2005-02-28'), '2024-02-28')).toBe('ADULT');
    expect(isAdult(born('2005-02-28'), '2024-02-29')).toBe('ADULT');
    expect(isAdult(born('2005-03-01'), '2024-02-29')).toBe('UNDER_AGE');
    expect(isAdult(born('2005-03-01'), '2024-03-01')).toBe('ADULT');
  });

  it('answers UNKNOWN when the birth date is missing, malformed or not a real day', () => {
    expect(isAdult({ birthyear: '2007', birthday: '0229' }, '2030-01-01')).toBe('UNKNOWN');
    expect(isAdult({ birthyear: null, birthday: '0417' }, '2026-11-20')).toBe('UNKNOWN');
    expect(isAdult({ birthyear: '1988', birthday: null }, '2026-11-20')).toBe('UNKNOWN');
    expect(isAdult({ birthyear: undefined, birthday: undefined }, '2026-11-20')).toBe('UNKNOWN');
    expect(isAdult({ birthyear: '88', birthday: '0417' }, '2026-11-20')).toBe('UNKNOWN');
    expect(isAdult({ birthyear: '1988', birthday: '417' }, '2026-11-20')).toBe('UNKNOWN');
    expect(isAdult({ birthyear: '1988', birthday: '1301' }, '2026-11-20')).toBe('UNKNOWN');
    expect(isAdult({ birthyear: '1988', birthday: '0431' }, '2026-11-20')).toBe('UNKNOWN');
    expect(isAdult({ birthyear: '1988', birthday: '0000' }, '2026-11-20')).toBe('UNKNOWN');
    expect(isAdult({ birthyear: '0000', birthday: '0101' }, '2026-11-20')).toBe('UNKNOWN');
    expect(isAdult({ birthyear: '１９８８', birthday: '0417' }, '2026-11-20')).toBe('UNKNOWN');
  });

  it('rejects a malformed today as a programming error', () => {
    expect(() => isAdult(born('1988-04-17'), '2026-02-30')).toThrow(RangeError);
    expect(() => isAdult(born('1988-04-17'), '20261120')).toThrow(RangeError);
  });

  it('counts full years of age by the same rule', () => {
    expect(fullYearsOfAge(born('2004-02-29'), '2023-02-28')).toBe(18);
    expect(fullYearsOfAge(born('2004-02-29'), '2023-03-01')).toBe(19);
    expect(fullYearsOfAge(born('1988-04-17'), '2026-11-20')).toBe(38);
    expect(fullYearsOfAge({ birthyear: null, birthday: '0101' }, '2026-11-20')).toBeNull();
  });
});

describe('isAdult properties', () => {
  const birthDate = fc
    .date({
      min: new Date('1920-01-01T00:00:00Z'),
      max: new Date('2030-12-31T00:00:00Z'),
      noInvalidDate: true,
    })
    .map((date) => date.toISOString().slice(0, 10));

  it('flips from UNDER_AGE to ADULT exactly once, on the 19th birthday', () => {
    fc.assert(
      fc.property(birthDate, (birth) => {
        const year = Number(birth.slice(0, 4));
        const target = String(year + 19).padStart(4, '0');
        const monthDay = birth.slice(5);
        const expectedFlip =
          monthDay === '02-29' && !isLeap(year + 19) ? `${target}-03-01` : `${target}-${monthDay}`;
        let day = `${String(year + 18).padStart(4, '0')}-12-31`;
        const end = `${target}-12-31`;
        let previous: AgeCheck = isAdult(born(birth), day);
        let flips = 0;
        let flippedOn: string | null = null;
        expect(previous).toBe('UNDER_AGE');
        while (day < end) {
          day = addDays(day, 1);
          const now = isAdult(born(birth), day);
          if (now !== previous) {
            flips += 1;
            flippedOn = day;
            expect([previous, now]).toEqual(['UNDER_AGE', 'ADULT']);
          }
          previous = now;
        }
        expect(flips).toBe(1);
        expect(flippedOn).toBe(expectedFlip);
      }),
      { numRuns: 200 },
    );
  });

  it('never says ADULT before the birth date plus 19 years, nor UNKNOWN for a real date', () => {
    fc.assert(
      fc.property(birthDate, fc.integer({ min: -40_000, max: 40_000 }), (birth, offset) => {
        const today = addDays(birth, offset);
        const result = isAdult(born(birth), today);
        expect(result).not.toBe('UNKNOWN');
        if (offset < 19 * 365) expect(result).toBe('UNDER_AGE');
        if (offset >= 19 * 366) expect(result).toBe('ADULT');
      }),
    );
  });
});

function isLeap(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}
