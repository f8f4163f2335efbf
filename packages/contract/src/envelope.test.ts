import { describe, expect, it } from 'vitest';
import { errorBodySchema, readErrorBody } from './envelope.ts';

/** Bodies a failing call may bring: the contract's, near misses, and what a proxy sends. */
const samples: unknown[] = [
  { error: { code: 'CONFLICT', message: 'already joined' } },
  { error: { code: 'CONFLICT', message: 'already joined', requestId: 'req-1', extra: 1 }, other: true },
  {
    error: {
      code: 'VALIDATION_FAILED',
      message: 'bad',
      fields: [{ path: 'name', code: 'TOO_LONG', message: 'is too long', hint: 'x' }],
    },
  },
  { error: { code: 'VALIDATION_FAILED', message: 'bad', fields: [] } },
  {
    error: {
      code: 'VALIDATION_FAILED',
      message: 'bad',
      fields: [{ path: 'name', code: 'NOPE', message: 'x' }],
    },
  },
  {
    error: {
      code: 'VALIDATION_FAILED',
      message: 'bad',
      fields: [{ path: 1, code: 'REQUIRED', message: 'x' }],
    },
  },
  { error: { code: 'VALIDATION_FAILED', message: 'bad', fields: {} } },
  { error: { code: 'VALIDATION_FAILED', message: 'bad', fields: [null] } },
  { error: { code: 'BOOM', message: 'x' } },
  { error: { code: 'CONFLICT' } },
  { error: { code: 'CONFLICT', message: 'x', requestId: 7 } },
  { error: 'CONFLICT' },
  { error: null },
  { error: [] },
  [],
  null,
  undefined,
  '<html>proxy error</html>',
  42,
];

describe('readErrorBody (the web app reads error bodies without zod)', () => {
  it.each(samples.map((body) => [JSON.stringify(body) ?? 'undefined', body]))(
    'agrees with errorBodySchema on %s',
    (_, body) => {
      const parsed = errorBodySchema.safeParse(body);
      expect(readErrorBody(body)).toEqual(parsed.success ? parsed.data.error : null);
    },
  );
});
