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

/** A foreign-key violation: the row referred to is gone (deleted by a transaction committed since). */
export function isForeignKeyViolation(error: unknown): boolean {
  if (error === null || typeof error !== 'object') return false;
  const code = (error as { code?: unknown }).code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

/** node-postgres's pool gave up waiting for a free connection: the database is busy, not broken. */
export function isConnectionWaitTimeout(error: unknown): boolean {
  return error instanceof Error && error.message === 'timeout exceeded when trying to connect';
}

/**
 * PostgreSQL codes meaning "not now" rather than "wrong": the server shutting down or starting
 * (57P01-57P03), too many connections (53300), connection exceptions (08xxx), a statement or lock
 * time-out (57014, 55P03).
 */
const unavailablePgCodes = new Set(['57P01', '57P02', '57P03', '53300', '57014', '55P03']);
const unavailableNetworkCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH']);
const unavailableMessages = [
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
];

/**
 * The database cannot answer now but may soon (decision 044): it restarts or is unreachable, a
 * statement ran past its time-out, SQLite's write lock stayed taken, or the disk under it is full.
 * Answered 503; nothing was written (the transaction rolled back with its connection or statement).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (isConnectionWaitTimeout(error)) return true;
  if (error === null || typeof error !== 'object') return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (unavailablePgCodes.has(code) || code.startsWith('08')) return true;
    if (unavailableNetworkCodes.has(code)) return true;
    if (code.startsWith('SQLITE_BUSY') || isStorageFull(error)) return true;
  }
  const message = (error as { message?: unknown }).message;
  if (typeof message === 'string' && unavailableMessages.some((known) => message.startsWith(known)))
    return true;
  return false;
}

/** The disk is full: SQLite's SQLITE_FULL, a file write's ENOSPC or a quota's EDQUOT. */
export function isStorageFull(error: unknown): boolean {
  if (error === null || typeof error !== 'object') return false;
  const code = (error as { code?: unknown }).code;
  return (
    code === 'ENOSPC' ||
    code === 'EDQUOT' ||
    (typeof code === 'string' && (code === 'SQLITE_FULL' || code.startsWith('SQLITE_FULL_')))
  );
}
