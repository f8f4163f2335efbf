import { describe, expect, it } from 'vitest';
import { ApiError } from '@/shared/api/api-error.ts';
import { messages } from '@/shared/messages.ts';
import {
  agreementFailure,
  agreementsFrom,
  childrenLoginFailureMessage,
  isAgreementComplete,
  isChildrenLoginFilled,
  loginFailureMessage,
  nextStepFor,
  readCallbackParams,
  reasonNotice,
} from './login-rules.ts';

const params = (query: string) => new URLSearchParams(query);

describe('readCallbackParams', () => {
  it('reads a code and its state', () => {
    expect(readCallbackParams(params('code=abc&state=xyz'))).toEqual({
      kind: 'exchange',
      code: 'abc',
      state: 'xyz',
    });
  });

  it('treats a cancel or refused consent as denied, whatever else came', () => {
    expect(
      readCallbackParams(params('error=access_denied&error_description=User%20denied%20access&state=s')),
    ).toEqual({ kind: 'denied' });
    expect(readCallbackParams(params('error=access_denied&code=abc&state=s'))).toEqual({ kind: 'denied' });
  });

  it('keeps other Kakao errors apart', () => {
    expect(readCallbackParams(params('error=login_required&state=s'))).toEqual({
      kind: 'kakaoError',
      error: 'login_required',
    });
  });

  it('has nothing to exchange without both code and state', () => {
    expect(readCallbackParams(params(''))).toEqual({ kind: 'missing' });
    expect(readCallbackParams(params('code=abc'))).toEqual({ kind: 'missing' });
    expect(readCallbackParams(params('state=abc'))).toEqual({ kind: 'missing' });
  });
});

describe('nextStepFor (spec §4 outcomes)', () => {
  it.each([
    ['USER', 'logIn'],
    ['NEED_AGREEMENT', 'agreement'],
    ['UNDER19', 'under19'],
    ['EMPTY_PHONE_NUMBER', 'emptyPhoneNumber'],
  ] as const)('%s → %s', (outcome, step) => {
    expect(nextStepFor(outcome)).toBe(step);
  });
});

describe('loginFailureMessage (spec §8)', () => {
  it('says "invalid authorization code" and "token issuance failure" for their codes', () => {
    expect(loginFailureMessage(new ApiError('KAKAO_INVALID_CODE', 400, 'x'))).toBe(
      messages.auth.invalidAuthorizationCode,
    );
    expect(loginFailureMessage(new ApiError('KAKAO_TOKEN_FAILED', 502, 'x'))).toBe(
      messages.auth.tokenIssueFailed,
    );
    expect(loginFailureMessage(new ApiError('LOGIN_STATE_MISMATCH', 400, 'x'))).toBe(
      messages.errors.codes.LOGIN_STATE_MISMATCH,
    );
  });

  it.each(['NETWORK', 'INTERNAL_ERROR', 'SERVICE_UNAVAILABLE', 'INVALID_RESPONSE'] as const)(
    'says FAIL for %s',
    (code) => {
      expect(loginFailureMessage(new ApiError(code, 0, 'x'))).toBe(messages.auth.loginFailed);
    },
  );

  it('says FAIL for anything that is not an API error', () => {
    expect(loginFailureMessage(new TypeError('boom'))).toBe(messages.auth.loginFailed);
  });
});

describe('agreementFailure', () => {
  it('always says the consent and registration failure', () => {
    expect(agreementFailure(new ApiError('NETWORK', 0, 'x'))).toEqual({
      message: messages.auth.registrationFailed,
      restart: false,
    });
  });

  it.each(['ALREADY_REGISTERED', 'NOT_ELIGIBLE', 'KAKAO_TOKEN_FAILED', 'FORBIDDEN'] as const)(
    'asks for a fresh Kakao login after %s',
    (code) => {
      expect(agreementFailure(new ApiError(code, 400, 'x')).restart).toBe(true);
    },
  );
});

describe('reasonNotice', () => {
  it('has a sentence for every reason and none for no reason', () => {
    expect(reasonNotice(null)).toBeNull();
    expect(reasonNotice('consent_denied')).toEqual({ tone: 'error', message: messages.auth.consentDenied });
    expect(reasonNotice('session_expired')?.tone).toBe('info');
    expect(reasonNotice('under19')?.message).toBe(messages.auth.under19Notice);
  });
});

describe('children login', () => {
  it('needs both an id and a password before calling the server', () => {
    expect(isChildrenLoginFilled('', 'pw')).toBe(false);
    expect(isChildrenLoginFilled('   ', 'pw')).toBe(false);
    expect(isChildrenLoginFilled('kid', '')).toBe(false);
    expect(isChildrenLoginFilled('kid', 'pw')).toBe(true);
  });

  it('does not say which part was wrong', () => {
    expect(childrenLoginFailureMessage(new ApiError('INVALID_CREDENTIALS', 400, 'x'))).toBe(
      messages.auth.loginFailedInvalidInfo,
    );
    expect(childrenLoginFailureMessage(new ApiError('VALIDATION_FAILED', 400, 'x'))).toBe(
      messages.auth.loginFailedInvalidInfo,
    );
  });

  it('asks to wait when rate limited', () => {
    expect(childrenLoginFailureMessage(new ApiError('RATE_LIMITED', 429, 'x'))).toBe(
      messages.childrenLogin.rateLimited,
    );
  });
});

describe('consent items', () => {
  it('needs both required items; marketing is optional', () => {
    expect(isAgreementComplete([])).toBe(false);
    expect(isAgreementComplete(['termsOfUse'])).toBe(false);
    expect(isAgreementComplete(['privacyPolicy', 'marketing'])).toBe(false);
    expect(isAgreementComplete(['termsOfUse', 'privacyPolicy'])).toBe(true);
  });

  it('builds the agreements of login/register', () => {
    expect(agreementsFrom(['marketing'])).toBeNull();
    expect(agreementsFrom(['privacyPolicy', 'termsOfUse'])).toEqual({
      termsOfUse: true,
      privacyPolicy: true,
      marketing: false,
    });
    expect(agreementsFrom(['termsOfUse', 'privacyPolicy', 'marketing'])?.marketing).toBe(true);
  });
});
