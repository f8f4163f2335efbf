import { describe, expect, it } from 'vitest';
import { ApiError } from '@/shared/api/api-error.ts';
import { messages } from '@/shared/messages.ts';
import {
  childLinkPagePath,
  childLinkRedirect,
  childrenLoginPath,
  hasErrors,
  isChildLinkToken,
  linkFailure,
  normalizeLoginId,
  prefilledLoginId,
  validatePasswordPair,
  validateRegisterDraft,
  type RegisterDraft,
} from './child-link-rules.ts';

const token = 'Q2hpbGQtbGluay10b2tlbi0wMTIzNDU2Nzg5YWJj';

describe('child link tokens and paths', () => {
  it('accepts only what the contract calls a token', () => {
    expect(isChildLinkToken(token)).toBe(true);
    expect(isChildLinkToken('abc123')).toBe(false);
    expect(isChildLinkToken(`${token}/x`)).toBe(false);
    expect(isChildLinkToken('a'.repeat(65))).toBe(false);
    expect(isChildLinkToken(undefined)).toBe(false);
  });

  it('builds the page of each purpose', () => {
    expect(childLinkPagePath('REGISTER', token)).toBe(`/login/id/${token}`);
    expect(childLinkPagePath('RESET_PASSWORD', token)).toBe(`/login/pw/${token}`);
  });

  it('moves a link opened on the other page to its own, and stays otherwise', () => {
    expect(childLinkRedirect('REGISTER', 'RESET_PASSWORD', token)).toBe(`/login/pw/${token}`);
    expect(childLinkRedirect('RESET_PASSWORD', 'REGISTER', token)).toBe(`/login/id/${token}`);
    expect(childLinkRedirect('REGISTER', 'REGISTER', token)).toBeNull();
    expect(childLinkRedirect('RESET_PASSWORD', 'RESET_PASSWORD', token)).toBeNull();
  });
});

describe('the child login with the id filled in', () => {
  it('adds ?id= when an id is known', () => {
    expect(childrenLoginPath('new-kid-01')).toBe('/login/children?id=new-kid-01');
    expect(childrenLoginPath(' kid_a ')).toBe('/login/children?id=kid_a');
    expect(childrenLoginPath(null)).toBe('/login/children');
    expect(childrenLoginPath('')).toBe('/login/children');
    expect(childrenLoginPath()).toBe('/login/children');
  });

  it('reads ?id= back, trimmed, and ignores what the form could not hold', () => {
    expect(prefilledLoginId(new URLSearchParams('id=new-kid-01'))).toBe('new-kid-01');
    expect(prefilledLoginId(new URLSearchParams('id=%20kid%20'))).toBe('kid');
    expect(prefilledLoginId(new URLSearchParams(''))).toBe('');
    expect(prefilledLoginId(new URLSearchParams(`id=${'a'.repeat(65)}`))).toBe('');
  });
});

describe('validatePasswordPair', () => {
  it('accepts the same good password twice', () => {
    expect(validatePasswordPair('kid-pass-1234', 'kid-pass-1234')).toEqual({});
  });

  it('says the confirmation differs, or is missing', () => {
    expect(validatePasswordPair('kid-pass-1234', 'kid-pass-9999')).toEqual({
      confirm: messages.childLink.passwordMismatch,
    });
    expect(validatePasswordPair('kid-pass-1234', '')).toEqual({
      confirm: messages.childLink.passwordConfirmRequired,
    });
  });

  it('holds the password to the contract (8–64)', () => {
    expect(validatePasswordPair('short', 'short')).toEqual({ password: messages.childLink.passwordInvalid });
    expect(validatePasswordPair('p'.repeat(64), 'p'.repeat(64))).toEqual({});
    expect(validatePasswordPair('p'.repeat(65), 'p'.repeat(65)).password).toBe(
      messages.childLink.passwordInvalid,
    );
  });
});

describe('validateRegisterDraft', () => {
  const good: RegisterDraft = {
    termsOfUse: true,
    privacyPolicy: true,
    loginId: 'new-kid-01',
    password: 'kid-pass-1234',
    confirm: 'kid-pass-1234',
  };

  it('accepts a full draft, an id a phone capitalised included', () => {
    expect(validateRegisterDraft(good)).toEqual({});
    expect(validateRegisterDraft({ ...good, loginId: ' New-Kid-01 ' })).toEqual({});
    expect(normalizeLoginId(' New-Kid-01 ')).toBe('new-kid-01');
  });

  it('needs both required terms', () => {
    expect(validateRegisterDraft({ ...good, termsOfUse: false })).toEqual({
      terms: messages.childLink.termsRequired,
    });
    expect(Object.keys(validateRegisterDraft({ ...good, privacyPolicy: false }))).toEqual(['terms']);
  });

  it.each(['abc', 'a'.repeat(21), '-start', 'has space', '한글아이디'])('refuses the id %j', (loginId) => {
    expect(validateRegisterDraft({ ...good, loginId })).toEqual({
      loginId: messages.childLink.loginIdInvalid,
    });
  });

  it('reports every problem at once', () => {
    const errors = validateRegisterDraft({
      termsOfUse: false,
      privacyPolicy: false,
      loginId: '',
      password: 'short',
      confirm: 'other',
    });
    expect(Object.keys(errors).sort()).toEqual(['confirm', 'loginId', 'password', 'terms']);
    expect(hasErrors(errors)).toBe(true);
    expect(hasErrors({})).toBe(false);
  });
});

describe('linkFailure', () => {
  it('treats a 404 as a used or expired link', () => {
    expect(linkFailure(new ApiError('NOT_FOUND', 404, 'gone'))).toEqual({ kind: 'dead' });
  });

  it('puts a taken id next to the id field', () => {
    expect(
      linkFailure(
        new ApiError('CONFLICT', 409, 'taken', undefined, [
          { path: 'loginId', code: 'TAKEN', message: 'taken' },
        ]),
      ),
    ).toEqual({ kind: 'fields', errors: { loginId: messages.childLink.loginIdTaken } });
  });

  it("maps the server's 400 fields, and keeps anything else as one failure", () => {
    expect(
      linkFailure(
        new ApiError('VALIDATION_FAILED', 400, 'bad', undefined, [
          { path: 'loginId', code: 'INVALID', message: 'x' },
          { path: 'password', code: 'INVALID', message: 'y' },
        ]),
      ),
    ).toEqual({
      kind: 'fields',
      errors: { loginId: messages.childLink.loginIdInvalid, password: messages.childLink.passwordInvalid },
    });
    const bare = new ApiError('VALIDATION_FAILED', 400, 'bad');
    expect(linkFailure(bare)).toEqual({ kind: 'other', error: bare });
    const network = new ApiError('NETWORK', 0, 'offline');
    expect(linkFailure(network)).toEqual({ kind: 'other', error: network });
    expect(linkFailure('boom')).toEqual({ kind: 'other', error: 'boom' });
  });
});
