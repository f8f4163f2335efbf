import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, isStorageFull } from './db-errors.ts';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('errors that mean "not now" (decision 044)', () => {
  it('tells a database gone for now from a wrong request', () => {
    for (const code of ['57P01', '57P03', '57014', '55P03', '53300', '08006', 'ECONNREFUSED', 'SQLITE_BUSY'])
      expect(isDatabaseUnavailable(withCode(code)), code).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    for (const code of ['23505', '42P01', 'SQLITE_CONSTRAINT_UNIQUE'])
      expect(isDatabaseUnavailable(withCode(code)), code).toBe(false);
    expect(isDatabaseUnavailable(new Error('something else'))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });

  it('tells a full disk', () => {
    expect(isStorageFull(withCode('ENOSPC'))).toBe(true);
    expect(isStorageFull(withCode('SQLITE_FULL'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('SQLITE_FULL'))).toBe(true);
    expect(isStorageFull(withCode('EACCES'))).toBe(false);
  });
});
