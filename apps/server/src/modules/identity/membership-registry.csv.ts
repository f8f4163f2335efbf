import {
  REGISTRY_CSV_MAX_BYTES,
  REGISTRY_CSV_MAX_ROWS,
  type RegistryEncoding,
  type RegistryRejectReason,
} from '@hamkke/contract/admin/registry';
import type { FieldError } from '@hamkke/contract/envelope';
import Papa from 'papaparse';
import { toDomesticPhoneNumber } from '../../kakao/kakao-client.ts';
import { AppError } from '../../lib/app-error.ts';
import { decodeCp949 } from '../../lib/cp949.ts';

/** One data row of a registry CSV, read and checked (pure: no database). */
export interface RegistryCsvRow {
  /** The record's number in the file, the header being 1. */
  row: number;
  memberNo: string;
  name: string;
  /** Domestic digits (`01024813579`) when valid, else the file's text. */
  phone: string;
  birthDate: string | null;
  reasons: RegistryRejectReason[];
}

const HEADER_ALIASES: Record<string, 'memberNo' | 'name' | 'phone' | 'birthDate'> = {
  회원번호: 'memberNo',
  member_no: 'memberNo',
  memberno: 'memberNo',
  이름: 'name',
  성명: 'name',
  name: 'name',
  전화번호: 'phone',
  휴대폰번호: 'phone',
  휴대전화: 'phone',
  phone: 'phone',
  생년월일: 'birthDate',
  birth_date: 'birthDate',
  birthdate: 'birthDate',
};

/** What a decoder writes for bytes it cannot read. */
const REPLACEMENT = '\uFFFD';
/**
 * No name has these: control characters (C0, C1, line separators) and format characters — the
 * bidirectional overrides and isolates (U+202A–U+202E, U+2066–U+2069), marks (U+200E, U+200F,
 * U+061C), zero-width ones (U+200B–U+200D, U+2060, U+FEFF inside a name), soft hyphens — and
 * private-use or lone surrogate code points.
 */
const BAD_NAME_CHARACTER = /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\u2028\u2029]/u;

const MEMBER_NO = /^[A-Z0-9][A-Z0-9-]{2,29}$/;
const MOBILE = /^01[016-9]\d{7,8}$/;
const NAME_MAX = 30;

const refuseFile = (message: string, code: FieldError['code']) =>
  new AppError('VALIDATION_FAILED', message, [{ path: 'file', code, message }]);

/** `1988-04-17`, `1988.04.17`, `1988/04/17` or `19880417` → `1988-04-17`, when it is a real past day. */
export function readBirthDate(text: string, today: string): string | null {
  const match = /^(\d{4})[-./]?(\d{2})[-./]?(\d{2})$/.exec(text);
  if (!match) return null;
  const [, y, m, d] = match;
  const day = `${y}-${m}-${d}`;
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day) return null;
  if (day < '1900-01-01' || day > today) return null;
  return day;
}

/** A mobile number as the console lists it: `010-****-3579`. */
export function maskPhone(phone: string): string {
  const domestic = toDomesticPhoneNumber(phone);
  // Not a mobile number (a refused row): every digit but the last four hidden, as written.
  if (domestic === null || !MOBILE.test(domestic)) return phone.replace(/\d(?=(?:\D*\d){4})/g, '*');
  return `${domestic.slice(0, 3)}-${'*'.repeat(domestic.length - 7)}-${domestic.slice(-4)}`;
}

/** UTF-8's byte order mark. */
const UTF8_BOM = [0xef, 0xbb, 0xbf];
const replacements = (text: string) => text.split(REPLACEMENT).length - 1;

/**
 * The file's text and how it was read (decision 031): UTF-8 after a BOM; else UTF-8 when every byte
 * is UTF-8; else CP949 when every byte is CP949 (lib/cp949.ts: Node's KS X 1001 decoder and the
 * syllables CP949 adds);
 * else whichever of the two reads more of it — the bytes neither reads become U+FFFD, and their
 * rows are refused.
 */
export function decodeRegistryFile(bytes: Uint8Array): { text: string; encoding: RegistryEncoding } {
  if (bytes.length > REGISTRY_CSV_MAX_BYTES) {
    throw refuseFile(`The file is over ${REGISTRY_CSV_MAX_BYTES} bytes`, 'TOO_LONG');
  }
  if (UTF8_BOM.every((byte, at) => bytes[at] === byte)) {
    return { text: new TextDecoder('utf-8').decode(bytes.subarray(3)), encoding: 'UTF8_BOM' };
  }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'UTF8' };
  } catch {
    // Not UTF-8: what Korean Excel saves, next.
  }
  try {
    return { text: decodeCp949(bytes, { fatal: true }), encoding: 'CP949' };
  } catch {
    // Neither reads every byte.
  }
  const utf8 = new TextDecoder('utf-8').decode(bytes);
  const cp949 = decodeCp949(bytes);
  return replacements(cp949) < replacements(utf8)
    ? { text: cp949, encoding: 'CP949' }
    : { text: utf8, encoding: 'UTF8' };
}

/** The file's bytes read as `readRegistryCsv` reads text, with the encoding it was read in. */
export function readRegistryFile(
  bytes: Uint8Array,
  today: string,
): { encoding: RegistryEncoding; rows: RegistryCsvRow[] } {
  const { text, encoding } = decodeRegistryFile(bytes);
  return { encoding, rows: readRegistryCsv(text, today) };
}

/**
 * Reads the file's text: the row limit, the header (Korean or English names, any order), then
 * every row checked on its own and against the rows above it (a member number twice).
 * Whole-file problems are a 400 on `csv`; row problems are reasons on the row.
 */
export function readRegistryCsv(text: string, today: string): RegistryCsvRow[] {
  // The size in bytes is the file's, checked before decoding (decodeRegistryFile).
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: false });
  const quoteError = parsed.errors.find((error) => error.type === 'Quotes');
  if (quoteError) {
    throw refuseFile(`Unclosed quote near row ${(quoteError.row ?? 0) + 1}`, 'INVALID_FORMAT');
  }
  const records = parsed.data;
  if (records[0]?.some((cell) => cell.includes(REPLACEMENT))) {
    throw refuseFile('The header has bytes that are text in neither UTF-8 nor CP949', 'INVALID_FORMAT');
  }
  const header = records[0]?.map((cell) => HEADER_ALIASES[cell.trim().toLowerCase()]) ?? [];
  const column = (field: 'memberNo' | 'name' | 'phone' | 'birthDate') => header.indexOf(field);
  const missing = (['memberNo', 'name', 'phone'] as const).filter((field) => column(field) < 0);
  if (missing.length > 0) {
    throw refuseFile(`The header lacks ${missing.join(', ')}`, 'INVALID_FORMAT');
  }
  const dataRows = records
    .slice(1)
    .map((cells, index) => ({ cells, row: index + 2 }))
    .filter(({ cells }) => cells.some((cell) => cell.trim() !== ''));
  if (dataRows.length === 0) throw refuseFile('The file has no rows', 'REQUIRED');
  if (dataRows.length > REGISTRY_CSV_MAX_ROWS) {
    throw refuseFile(`The file has over ${REGISTRY_CSV_MAX_ROWS} rows`, 'TOO_LONG');
  }

  const seen = new Set<string>();
  return dataRows.map(({ cells, row }) => {
    const cell = (field: 'memberNo' | 'name' | 'phone' | 'birthDate') => {
      const at = column(field);
      return at < 0 ? '' : (cells[at] ?? '').trim();
    };
    const reasons: RegistryRejectReason[] = [];
    // Bytes the decoder could not read, in any cell: the row is refused, by its number.
    if (cells.some((text) => text.includes(REPLACEMENT))) reasons.push('UNREADABLE_BYTES');
    const memberNo = cell('memberNo').toUpperCase();
    if (memberNo === '') reasons.push('MISSING_MEMBER_NO');
    else if (!MEMBER_NO.test(memberNo)) reasons.push('BAD_MEMBER_NO');
    else if (seen.has(memberNo)) reasons.push('DUPLICATE_IN_FILE');
    else seen.add(memberNo);

    const nameText = cell('name');
    const name = nameText.replace(/\s+/g, ' ');
    if (name === '') reasons.push('MISSING_NAME');
    else if (BAD_NAME_CHARACTER.test(nameText)) reasons.push('BAD_CHARACTERS');
    else if ([...name].length > NAME_MAX) reasons.push('NAME_TOO_LONG');

    const phoneText = cell('phone');
    const domestic = phoneText === '' ? null : toDomesticPhoneNumber(phoneText);
    if (phoneText === '') reasons.push('MISSING_PHONE');
    else if (domestic === null || !MOBILE.test(domestic)) reasons.push('BAD_PHONE');

    const birthText = cell('birthDate');
    const birthDate = birthText === '' ? null : readBirthDate(birthText, today);
    if (birthText !== '' && birthDate === null) reasons.push('BAD_BIRTH_DATE');

    return {
      row,
      memberNo,
      name: [...name].slice(0, 60).join(''),
      phone: domestic ?? phoneText.slice(0, 40),
      birthDate,
      reasons,
    };
  });
}
