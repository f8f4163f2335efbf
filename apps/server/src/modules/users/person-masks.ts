import { toDomesticPhoneNumber } from '../../kakao/kakao-client.ts';

/** A stored phone number (Kakao's `+82 10-1234-5678`, or domestic) as `010-1234-5678`. */
export function formatPhone(stored: string | null): string | null {
  if (stored === null) return null;
  const digits = toDomesticPhoneNumber(stored) ?? stored.replace(/\D/g, '');
  if (digits.length < 8) return stored;
  return `${digits.slice(0, 3)}-${digits.slice(3, -4)}-${digits.slice(-4)}`;
}

/** `010-****-1234`: the last four digits only. */
export function maskPhone(stored: string | null): string | null {
  const phone = formatPhone(stored);
  if (phone === null) return null;
  const digits = phone.replace(/\D/g, '');
  if (digits.length < 8) return '****';
  return `${digits.slice(0, 3)}-****-${digits.slice(-4)}`;
}

/** `1990-**-**`: the year only. */
export function maskBirthDate(birthDate: string | null): string | null {
  if (birthDate === null) return null;
  return /^\d{4}-/.test(birthDate) ? `${birthDate.slice(0, 4)}-**-**` : '****-**-**';
}

/** A query's phone part: its last four digits, when it holds at least four (e.g. `010-****-1234`). */
export function phoneTailOf(query: string): string | null {
  if (!/^[\d\s*+-]+$/.test(query)) return null;
  const digits = query.replace(/\D/g, '');
  return digits.length >= 4 ? digits.slice(-4) : null;
}
