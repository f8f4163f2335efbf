import { describe, expect, it } from 'vitest';
import { fieldText, hasErrors } from './field-errors.ts';

describe('hasErrors', () => {
  it('counts only fields that hold a sentence', () => {
    expect(hasErrors({})).toBe(false);
    expect(hasErrors({ password: undefined, confirm: '' })).toBe(false);
    expect(hasErrors({ password: undefined, confirm: 'x' })).toBe(true);
  });
});

describe('fieldText', () => {
  it("says the server's reason, else the form's sentence for the rule, else nothing", () => {
    expect(fieldText({ type: 'server', message: '이미 쓰는 아이디예요.' }, '아이디를 확인해 주세요.')).toBe(
      '이미 쓰는 아이디예요.',
    );
    expect(fieldText({ type: 'too_small', message: 'Too small' }, '아이디를 확인해 주세요.')).toBe(
      '아이디를 확인해 주세요.',
    );
    expect(fieldText(undefined, '아이디를 확인해 주세요.')).toBeUndefined();
  });
});
