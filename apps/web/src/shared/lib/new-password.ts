import { childPasswordSchema } from '@hamkke/contract/login/children-login';

/**
 * A new password typed twice, checked against the contract (8–64) without any wording: each form
 * says the outcome in its own words.
 */
export interface NewPasswordCheck {
  /** The first field meets the contract. */
  passwordValid: boolean;
  /** The second field: left empty, the same as the first, or different. */
  confirm: 'empty' | 'match' | 'mismatch';
}

export function checkNewPassword(password: string, confirm: string): NewPasswordCheck {
  return {
    passwordValid: childPasswordSchema.safeParse(password).success,
    confirm: confirm === '' ? 'empty' : confirm === password ? 'match' : 'mismatch',
  };
}
