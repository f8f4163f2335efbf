import type { ErrorCode } from '@hamkke/contract/envelope';
import type { KakaoOutcome } from '@hamkke/contract/login/kakao-login';
import { apiErrorCode, errorMessageFor } from '@/shared/api/api-error.ts';
import type { LoginReason } from '@/shared/lib/login-path.ts';
import { messages } from '@/shared/messages.ts';

/** Pure rules of the login screens (spec §4, §8): what the callback got, what comes next, what to say. */

/** What Kakao sent back to /login/callback. */
export type CallbackParams =
  | { kind: 'exchange'; code: string; state: string }
  | { kind: 'denied' }
  | { kind: 'kakaoError'; error: string }
  | { kind: 'missing' };

export function readCallbackParams(search: URLSearchParams): CallbackParams {
  const error = search.get('error');
  // Kakao's cancel button and a refused consent both come back as access_denied.
  if (error === 'access_denied') return { kind: 'denied' };
  if (error) return { kind: 'kakaoError', error };
  const code = search.get('code');
  const state = search.get('state');
  if (code && state) return { kind: 'exchange', code, state };
  return { kind: 'missing' };
}

/** The step after the code exchange, by its outcome. */
export type KakaoNextStep = 'logIn' | 'agreement' | 'under19' | 'emptyPhoneNumber';

export function nextStepFor(outcome: KakaoOutcome): KakaoNextStep {
  switch (outcome) {
    case 'USER':
      return 'logIn';
    case 'NEED_AGREEMENT':
      return 'agreement';
    case 'UNDER19':
      return 'under19';
    case 'EMPTY_PHONE_NUMBER':
      return 'emptyPhoneNumber';
  }
}

/** Failures of the Kakao login that have their own sentence; anything else is FAIL (spec §4). */
const KAKAO_LOGIN_CODES: ReadonlySet<ErrorCode> = new Set([
  'LOGIN_STATE_MISMATCH',
  'KAKAO_INVALID_CODE',
  'KAKAO_TOKEN_FAILED',
  'KAKAO_UNAVAILABLE',
  'NOT_ELIGIBLE',
  'ALREADY_REGISTERED',
  'ACCOUNT_SUSPENDED',
  'RATE_LIMITED',
]);

/** The sentence for a failed Kakao login step: its §8 message, or FAIL for network and server trouble. */
export function loginFailureMessage(error: unknown): string {
  const code = apiErrorCode(error);
  if (code !== null && (KAKAO_LOGIN_CODES as ReadonlySet<string>).has(code)) return errorMessageFor(error);
  return messages.auth.loginFailed;
}

/**
 * Consent and registration failed: the §8 sentence, and whether only a fresh Kakao login can help
 * (the Kakao token is no longer good, or the account cannot or need not register).
 */
export function agreementFailure(error: unknown): { message: string; restart: boolean } {
  const code = apiErrorCode(error);
  const restart =
    code === 'ALREADY_REGISTERED' ||
    code === 'NOT_ELIGIBLE' ||
    code === 'KAKAO_TOKEN_FAILED' ||
    code === 'FORBIDDEN';
  return { message: messages.auth.registrationFailed, restart };
}

/** What the login page says about why someone was sent there. */
export function reasonNotice(reason: LoginReason | null): { tone: 'error' | 'info'; message: string } | null {
  switch (reason) {
    case null:
      return null;
    case 'consent_denied':
      return { tone: 'error', message: messages.auth.consentDenied };
    case 'under19':
      return { tone: 'error', message: messages.auth.under19Notice };
    case 'empty_phone_number':
      return { tone: 'error', message: messages.auth.emptyPhoneNotice };
    case 'kakao_error':
      return { tone: 'error', message: messages.auth.kakaoError };
    case 'session_expired':
      return { tone: 'info', message: messages.auth.sessionExpired };
    case 'logged_out':
      return { tone: 'info', message: messages.auth.loggedOut };
    case 'withdrawn':
      return { tone: 'info', message: messages.auth.withdrawn };
  }
}

/** Children login with an empty id or password fails before any call (spec §5). */
export function isChildrenLoginFilled(id: string, password: string): boolean {
  return id.trim() !== '' && password !== '';
}

/**
 * 아이디와 비밀번호 중 무엇이 틀렸는지 알려주지 않아요: wrong credentials get the same sentence as
 * an empty form; too many tries get a wait message.
 */
export function childrenLoginFailureMessage(error: unknown): string {
  const code = apiErrorCode(error);
  if (code === 'INVALID_CREDENTIALS' || code === 'VALIDATION_FAILED')
    return messages.auth.loginFailedInvalidInfo;
  if (code === 'RATE_LIMITED') return messages.childrenLogin.rateLimited;
  return errorMessageFor(error);
}

/** The consent items; the first two are required by the contract. */
export const AGREEMENT_ITEMS = ['termsOfUse', 'privacyPolicy', 'marketing'] as const;
export type AgreementItem = (typeof AGREEMENT_ITEMS)[number];
const REQUIRED_ITEMS: readonly AgreementItem[] = ['termsOfUse', 'privacyPolicy'];

export function isAgreementComplete(checked: readonly string[]): boolean {
  return REQUIRED_ITEMS.every((item) => checked.includes(item));
}

/** The `agreements` of login/register, or `null` while a required item is unchecked. */
export function agreementsFrom(
  checked: readonly string[],
): { termsOfUse: true; privacyPolicy: true; marketing: boolean } | null {
  if (!isAgreementComplete(checked)) return null;
  return { termsOfUse: true, privacyPolicy: true, marketing: checked.includes('marketing') };
}
