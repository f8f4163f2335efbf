import { describe, expect, it } from 'vitest';
import { ApiError } from '@/shared/api/api-error.ts';
import {
  childFieldErrorsFromApi,
  isChildrenUserId,
  isStaleConsent,
  normalizeChildDraft,
  validateChildDraft,
  validateChildName,
  validateMemberNo,
  validateNewPassword,
} from './my-rules.ts';
import { myMessages } from '@/shared/messages/my.ts';

const good = { userNm: '하늘이', loginId: 'sky-kid_1', password: 'pass-1234' };

describe('validateChildDraft (contract limits)', () => {
  it('accepts a good draft, lower-casing the id a phone capitalised', () => {
    expect(validateChildDraft(good)).toEqual({});
    expect(validateChildDraft({ ...good, loginId: '  Sky-kid ' })).toEqual({});
    expect(normalizeChildDraft({ ...good, userNm: ' 하늘 ', loginId: ' Sky ' })).toEqual({
      ...good,
      userNm: '하늘',
      loginId: 'sky',
    });
  });

  it.each([
    ['userNm', { userNm: '   ' }],
    ['userNm', { userNm: '가'.repeat(21) }],
    ['loginId', { loginId: 'abc' }],
    ['loginId', { loginId: 'a'.repeat(21) }],
    ['loginId', { loginId: '-start' }],
    ['loginId', { loginId: 'has space' }],
    ['loginId', { loginId: '한글아이디' }],
    ['password', { password: 'short' }],
    ['password', { password: 'p'.repeat(65) }],
  ] as const)('refuses a bad %s', (field, change) => {
    expect(Object.keys(validateChildDraft({ ...good, ...change }))).toEqual([field]);
  });

  it('names a bad child name', () => {
    expect(validateChildName('')).toBe(myMessages.nameInvalid);
    expect(validateChildName('하늘')).toBeNull();
  });
});

describe('childFieldErrorsFromApi', () => {
  it('puts a taken id next to the id field', () => {
    expect(childFieldErrorsFromApi(new ApiError('CONFLICT', 409, 'taken'))).toEqual({
      loginId: myMessages.loginIdTaken,
    });
  });

  it('maps the 400 fields of the server to Korean sentences', () => {
    const error = new ApiError('VALIDATION_FAILED', 400, 'bad', undefined, [
      { path: 'password', code: 'INVALID', message: 'Too small' },
      { path: 'loginId', code: 'INVALID', message: 'must be lower-case' },
      { path: 'body', code: 'INVALID', message: 'x' },
    ]);
    expect(childFieldErrorsFromApi(error)).toEqual({
      password: myMessages.passwordInvalid,
      loginId: myMessages.loginIdInvalid,
    });
  });

  it('leaves other failures to the form', () => {
    expect(childFieldErrorsFromApi(new ApiError('VALIDATION_FAILED', 400, 'bad'))).toBeNull();
    expect(childFieldErrorsFromApi(new ApiError('NETWORK', 0, 'x'))).toBeNull();
    expect(childFieldErrorsFromApi(new Error('x'))).toBeNull();
  });
});

describe('validateNewPassword', () => {
  it('checks the length, then the repeat', () => {
    expect(validateNewPassword('short', 'short')).toEqual({ newPassword: myMessages.passwordInvalid });
    expect(validateNewPassword('long-enough', 'long-enougH')).toEqual({
      confirm: myMessages.passwordMismatch,
    });
    expect(validateNewPassword('long-enough', 'long-enough')).toEqual({});
  });
});

describe('validateMemberNo and isChildrenUserId', () => {
  it('takes the contract limits of a membership number', () => {
    expect(validateMemberNo('AB')).toBe(myMessages.memberNoInvalid);
    expect(validateMemberNo('  AB1234 ')).toBeNull();
  });

  it('takes only numeric user ids', () => {
    expect(isChildrenUserId('42')).toBe(true);
    expect(isChildrenUserId(undefined)).toBe(false);
    expect(isChildrenUserId('abc')).toBe(false);
    expect(isChildrenUserId('1'.repeat(13))).toBe(false);
  });
});

describe('isStaleConsent (decision 038)', () => {
  it('is true only for a 400 naming guardianConsentVersion', () => {
    const stale = new ApiError('VALIDATION_FAILED', 400, 'old', undefined, [
      { path: 'guardianConsentVersion', code: 'INVALID_VALUE', message: 'must be the version in force' },
    ]);
    expect(isStaleConsent(stale)).toBe(true);
    const other = new ApiError('VALIDATION_FAILED', 400, 'bad', undefined, [
      { path: 'loginId', code: 'INVALID_VALUE', message: 'bad' },
    ]);
    expect(isStaleConsent(other)).toBe(false);
    expect(isStaleConsent(new ApiError('NOT_FOUND', 404, 'gone'))).toBe(false);
    expect(isStaleConsent(new Error('x'))).toBe(false);
  });
});
