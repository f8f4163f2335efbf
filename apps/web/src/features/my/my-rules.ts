import { childLoginIdSchema, childPasswordSchema } from '@hamkke/contract/login/children-login';
import { authAboEndpoint } from '@hamkke/contract/my/account';
import { childNameSchema } from '@hamkke/contract/my/children';
import { ApiError } from '@/shared/api/api-error.ts';
import { hasErrors, type FieldErrors } from '@/shared/lib/field-errors.ts';
import { checkNewPassword } from '@/shared/lib/new-password.ts';
import { myMessages } from '@/shared/messages/my.ts';

/** Pure rules of the my pages: the contract's limits, said in Korean next to the field. */

/** The field-error helpers every form shares, for the forms of this feature. */
export { hasErrors, type FieldErrors };

export type ChildField = 'userNm' | 'loginId' | 'password';
export interface ChildDraft {
  userNm: string;
  loginId: string;
  password: string;
}

const childFieldMessages: Record<ChildField, string> = {
  userNm: myMessages.nameInvalid,
  loginId: myMessages.loginIdInvalid,
  password: myMessages.passwordInvalid,
};

/** What is sent: the name trimmed, the login id trimmed and in lower case (phones capitalise the first letter). */
export function normalizeChildDraft(draft: ChildDraft): ChildDraft {
  return {
    userNm: draft.userNm.trim(),
    loginId: draft.loginId.trim().toLowerCase(),
    password: draft.password,
  };
}

/** The contract's rules for a new child (name 1–20, id 4–20 of a-z 0-9 - _, password 8–64). */
export function validateChildDraft(draft: ChildDraft): FieldErrors<ChildField> {
  const normalized = normalizeChildDraft(draft);
  const errors: FieldErrors<ChildField> = {};
  if (!childNameSchema.safeParse(normalized.userNm).success) errors.userNm = childFieldMessages.userNm;
  if (!childLoginIdSchema.safeParse(normalized.loginId).success) errors.loginId = childFieldMessages.loginId;
  if (!childPasswordSchema.safeParse(normalized.password).success)
    errors.password = childFieldMessages.password;
  return errors;
}

export function validateChildName(userNm: string): string | null {
  return childNameSchema.safeParse(userNm.trim()).success ? null : childFieldMessages.userNm;
}

/**
 * A refused child form, field by field: a taken login id (409) or the server's 400 fields.
 * `null` when the failure is not about the fields.
 */
export function childFieldErrorsFromApi(error: unknown): FieldErrors<ChildField> | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code === 'CONFLICT') return { loginId: myMessages.loginIdTaken };
  if (error.code !== 'VALIDATION_FAILED') return null;
  const errors: FieldErrors<ChildField> = {};
  for (const field of error.fields) {
    const name = field.path.split('.')[0];
    if (name === 'userNm' || name === 'loginId' || name === 'password')
      errors[name] = childFieldMessages[name];
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

export type NewPasswordField = 'newPassword' | 'confirm';

/** A new password meets the contract (8–64) and is typed the same twice. */
export function validateNewPassword(newPassword: string, confirm: string): FieldErrors<NewPasswordField> {
  const errors: FieldErrors<NewPasswordField> = {};
  const check = checkNewPassword(newPassword, confirm);
  if (!check.passwordValid) errors.newPassword = myMessages.passwordInvalid;
  else if (check.confirm !== 'match') errors.confirm = myMessages.passwordMismatch;
  return errors;
}

export function validateMemberNo(memberNo: string): string | null {
  return authAboEndpoint.request.safeParse({ memberNo }).success ? null : myMessages.memberNoInvalid;
}

/** The `{childrenUserId}` of /my/children-info: a user id, or the page has nothing to show. */
export function isChildrenUserId(value: string | undefined): value is string {
  return value !== undefined && /^\d{1,12}$/.test(value);
}

/** The server refused the guardian's consent version: a newer one is in force (decision 038). */
export function isStaleConsent(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.code === 'VALIDATION_FAILED' &&
    error.fields.some((field) => field.path === 'guardianConsentVersion')
  );
}
