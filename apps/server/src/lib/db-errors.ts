/** A unique-key violation, on SQLite (better-sqlite3) or PostgreSQL (pg). */
export function isUniqueViolation(error: unknown): boolean {
  if (error === null || typeof error !== 'object') return false;
  const code = (error as { code?: unknown }).code;
  return (
    code === '23505' ||
    (typeof code === 'string' && code.startsWith('SQLITE_CONSTRAINT_UNIQUE')) ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}

/** node-postgres's pool gave up waiting for a free connection: the database is busy, not broken. */
export function isConnectionWaitTimeout(error: unknown): boolean {
  return error instanceof Error && error.message === 'timeout exceeded when trying to connect';
}
