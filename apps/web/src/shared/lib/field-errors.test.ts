import { describe, expect, it } from 'vitest';
import { hasErrors } from './field-errors.ts';

describe('hasErrors', () => {
  it('counts only fields that hold a sentence', () => {
    expect(hasErrors({})).toBe(false);
    expect(hasErrors({ password: undefined, confirm: '' })).toBe(false);
    expect(hasErrors({ password: undefined, confirm: 'x' })).toBe(true);
  });
});
