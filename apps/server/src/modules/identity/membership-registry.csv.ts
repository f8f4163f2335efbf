import {
  REGISTRY_CSV_MAX_BYTES,
  REGISTRY_CSV_MAX_ROWS,
  type RegistryRejectReason,
} from '@hamkke/contract/admin/registry';
import type { FieldError } from '@hamkke/contract/envelope';
import Papa from 'papaparse';
import { toDomesticPhoneNumber } from '../../kakao/kakao-client.ts';
import { AppError } from '../../lib/app-error.ts';

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

const MEMBER_NO = /^[A-Z0-9][A-Z0-9-]{2,29}$/;
const MOBILE = /^01[016-9]\d{7,8}$/;
const NAME_MAX = 30;

const refuseFile = (message: string, code: FieldError['code']) =>
  new AppError('VALIDATION_FAILED', message, [{ path: 'csv', code, message }]);

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

/**
 * Reads the file: size and row limits, the header (Korean or English names, any order), then
 * every row checked on its own and against the rows above it (a member number twice).
 * Whole-file problems are a 400 on `csv`; row problems are reasons on the row.
 */
export function readRegistryCsv(text: string, today: string): RegistryCsvRow[] {
  if (Buffer.byteLength(text, 'utf8') > REGISTRY_CSV_MAX_BYTES) {
    throw refuseFile(`The file is over ${REGISTRY_CSV_MAX_BYTES} bytes`, 'TOO_LONG');
  }
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: false });
  const quoteError = parsed.errors.find((error) => error.type === 'Quotes');
  if (quoteError) {
    throw refuseFile(`Unclosed quote near row ${(quoteError.row ?? 0) + 1}`, 'INVALID_FORMAT');
  }
  const records = parsed.data;
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
    const memberNo = cell('memberNo').toUpperCase();
    if (memberNo === '') reasons.push('MISSING_MEMBER_NO');
    else if (!MEMBER_NO.test(memberNo)) reasons.push('BAD_MEMBER_NO');
    else if (seen.has(memberNo)) reasons.push('DUPLICATE_IN_FILE');
    else seen.add(memberNo);

    const name = cell('name').replace(/\s+/g, ' ');
    if (name === '') reasons.push('MISSING_NAME');
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
