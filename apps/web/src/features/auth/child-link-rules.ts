import type { ChildLinkPurpose } from '@hamkke/contract/login/child-invite';
import { childLinkTokenSchema } from '@hamkke/contract/login/child-invite';
import { childLoginIdSchema } from '@hamkke/contract/login/children-login';
import { ApiError } from '@/shared/api/api-error.ts';
import { hasErrors, type FieldErrors } from '@/shared/lib/field-errors.ts';
import { checkNewPassword } from '@/shared/lib/new-password.ts';
import { messages } from '@/shared/messages.ts';

/** Pure rules of the pages a child opens from a parent's link (/login/id/{token}, /login/pw/{token}). */

/** The field-error helpers every form shares, for the forms of this feature. */
export { hasErrors, type FieldErrors };

export type { ChildLinkPurpose };

/** A path segment that cannot be a link token is a dead link: no call is made for it. */
export function isChildLinkToken(value: string | undefined): value is string {
  return value !== undefined && childLinkTokenSchema.safeParse(value).success;
}

/** `/login/id/{token}` for a registration, `/login/pw/{token}` for a password reset. */
export function childLinkPagePath(purpose: ChildLinkPurpose, token: string): string {
  const base = purpose === 'REGISTER' ? '/login/id/' : '/login/pw/';
  return `${base}${encodeURIComponent(token)}`;
}

/** The page for the link's purpose when it is not the one open, else `null`. */
export function childLinkRedirect(
  openPage: ChildLinkPurpose,
  purpose: ChildLinkPurpose,
  token: string,
): string | null {
  return openPage === purpose ? null : childLinkPagePath(purpose, token);
}

/** The child login form, with the id filled in when one is known. */
export function childrenLoginPath(loginId?: string | null): string {
  const id = loginId?.trim();
  return id ? `/login/children?${new URLSearchParams({ id }).toString()}` : '/login/children';
}

/** The `?id=` of /login/children: trimmed, at most the form's 64 characters, or empty. */
export function prefilledLoginId(search: URLSearchParams): string {
  const id = search.get('id')?.trim() ?? '';
  return id.length <= 64 ? id : '';
}

export type PasswordField = 'password' | 'confirm';

/** A password meets the contract (8–64) and is typed the same twice. */
export function validatePasswordPair(password: string, confirm: string): FieldErrors<PasswordField> {
  const errors: FieldErrors<PasswordField> = {};
  const check = checkNewPassword(password, confirm);
  if (!check.passwordValid) errors.password = messages.childLink.passwordInvalid;
  if (check.confirm === 'empty') errors.confirm = messages.childLink.passwordConfirmRequired;
  else if (check.confirm === 'mismatch') errors.confirm = messages.childLink.passwordMismatch;
  return errors;
}

/** What is sent as the login id: trimmed and in lower case (phones capitalise the first letter). */
export function normalizeLoginId(loginId: string): string {
  return loginId.trim().toLowerCase();
}

export type RegisterField = 'terms' | 'loginId' | PasswordField;

export interface RegisterDraft {
  termsOfUse: boolean;
  privacyPolicy: boolean;
  loginId: string;
  password: string;
  confirm: string;
}

/** Everything the registration form checks before the call. */
export function validateRegisterDraft(draft: RegisterDraft): FieldErrors<RegisterField> {
  const errors: FieldErrors<RegisterField> = {};
  if (!draft.termsOfUse || !draft.privacyPolicy) errors.terms = messages.childLink.termsRequired;
  if (!childLoginIdSchema.safeParse(normalizeLoginId(draft.loginId)).success)
    errors.loginId = messages.childLink.loginIdInvalid;
  return { ...errors, ...validatePasswordPair(draft.password, draft.confirm) };
}

/**
 * A refused link call: `dead` when the link was used or expired meanwhile (404), the fields the
 * server named (409 taken id, 400 rules), or one sentence for anything else.
 */
export type LinkFailure =
  | { kind: 'dead' }
  | { kind: 'fields'; errors: FieldErrors<'loginId' | 'password'> }
  | { kind: 'other'; error: unknown };

export function linkFailure(error: unknown): LinkFailure {
  if (!(error instanceof ApiError)) return { kind: 'other', error };
  if (error.code === 'NOT_FOUND') return { kind: 'dead' };
  if (error.code === 'CONFLICT')
    return { kind: 'fields', errors: { loginId: messages.childLink.loginIdTaken } };
  if (error.code === 'VALIDATION_FAILED') {
    const errors: FieldErrors<'loginId' | 'password'> = {};
    for (const field of error.fields) {
      const name = field.path.split('.')[0];
      if (name === 'loginId') errors.loginId = messages.childLink.loginIdInvalid;
      if (name === 'password') errors.password = messages.childLink.passwordInvalid;
    }
    if (hasErrors(errors)) return { kind: 'fields', errors };
  }
  return { kind: 'other', error };
}
