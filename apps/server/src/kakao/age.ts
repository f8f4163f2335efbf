/** Outcome of the 만 19세 check; `UNKNOWN` when Kakao's answer cannot prove an age. */
export type AgeCheck = 'ADULT' | 'UNDER_AGE' | 'UNKNOWN';

/** Korean age of majority (민법 제4조), the product's minimum age. */
export const ADULT_AGE = 19;

export interface BirthInfo {
  /** Kakao's `birthyear`, `YYYY`. */
  birthyear: string | null | undefined;
  /** Kakao's `birthday`, `MMDD` (solar). */
  birthday: string | null | undefined;
}

interface Day {
  year: number;
  month: number;
  day: number;
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  return [31, isLeapYear(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
}

function toDay(year: number, month: number, day: number): Day | null {
  if (!Number.isInteger(year) || year < 1 || month < 1 || month > 12) return null;
  if (day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

/** `YYYY-MM-DD` → a real calendar day, or `null`. */
export function parseIsoDay(value: string): Day | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  return toDay(Number(match[1]), Number(match[2]), Number(match[3]));
}

/** Kakao's `birthyear` (`YYYY`) and `birthday` (`MMDD`) → a real calendar day, or `null`. */
export function parseKakaoBirthDate(birth: BirthInfo): Day | null {
  const { birthyear, birthday } = birth;
  if (typeof birthyear !== 'string' || typeof birthday !== 'string') return null;
  if (!/^\d{4}$/.test(birthyear) || !/^\d{4}$/.test(birthday)) return null;
  return toDay(Number(birthyear), Number(birthday.slice(0, 2)), Number(birthday.slice(2)));
}

function compareDays(a: Day, b: Day): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

/**
 * The day someone born on `birth` turns `age`.
 * Born 29 Feb: in a common year the anniversary is 1 March (민법 제160조 ③: the period ends with 28 Feb).
 */
export function birthdayAtAge(birth: Day, age: number): Day {
  const year = birth.year + age;
  if (birth.month === 2 && birth.day === 29 && !isLeapYear(year)) return { year, month: 3, day: 1 };
  return { year, month: birth.month, day: birth.day };
}

/**
 * The age check of the login flow (spec §5): an adult is someone whose `minimumAge`-th birthday is
 * `today` or earlier. `today` is the Asia/Seoul calendar day, `YYYY-MM-DD` (see `seoulDay`).
 * A missing or malformed birth year or birthday proves nothing: `UNKNOWN`.
 */
export function isAdult(birth: BirthInfo, today: string, minimumAge: number = ADULT_AGE): AgeCheck {
  const day = parseIsoDay(today);
  if (!day) throw new RangeError(`today must be a YYYY-MM-DD calendar day, got ${JSON.stringify(today)}`);
  const born = parseKakaoBirthDate(birth);
  if (!born) return 'UNKNOWN';
  return compareDays(birthdayAtAge(born, minimumAge), day) <= 0 ? 'ADULT' : 'UNDER_AGE';
}

/** Full years of age on `today` by the same rule, or `null` when the birth date is unknown. */
export function fullYearsOfAge(birth: BirthInfo, today: string): number | null {
  const day = parseIsoDay(today);
  const born = parseKakaoBirthDate(birth);
  if (!day || !born) return null;
  const years = day.year - born.year;
  return compareDays(birthdayAtAge(born, years), day) <= 0 ? years : years - 1;
}
