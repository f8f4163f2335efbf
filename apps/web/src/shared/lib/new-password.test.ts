import { describe, expect, it } from 'vitest';
import { checkNewPassword } from './new-password.ts';

describe('checkNewPassword', () => {
  it('accepts the same good password twice', () => {
    expect(checkNewPassword('kid-pass-1234', 'kid-pass-1234')).toEqual({
      passwordValid: true,
      confirm: 'match',
    });
  });

  it('holds the password to the contract (8–64)', () => {
    expect(checkNewPassword('short', 'short').passwordValid).toBe(false);
    expect(checkNewPassword('p'.repeat(8), 'p'.repeat(8)).passwordValid).toBe(true);
    expect(checkNewPassword('p'.repeat(64), 'p'.repeat(64)).passwordValid).toBe(true);
    expect(checkNewPassword('p'.repeat(65), 'p'.repeat(65)).passwordValid).toBe(false);
  });

  it('tells an empty confirmation from a different one', () => {
    expect(checkNewPassword('kid-pass-1234', '').confirm).toBe('empty');
    expect(checkNewPassword('', '').confirm).toBe('empty');
    expect(checkNewPassword('kid-pass-1234', 'kid-pass-9999').confirm).toBe('mismatch');
    expect(checkNewPassword('short', 'shorT')).toEqual({ passwordValid: false, confirm: 'mismatch' });
  });
});
