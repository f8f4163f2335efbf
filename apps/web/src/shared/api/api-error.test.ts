import { describe, expect, it } from 'vitest';
import { messages } from '../messages.ts';
import { ApiError, apiErrorFromResponse, errorMessageFor } from './api-error.ts';

describe('apiErrorFromResponse', () => {
  it('keeps the code and request id of the contract error body', () => {
    const error = apiErrorFromResponse(409, {
      error: { code: 'CONFLICT', message: 'already joined', requestId: 'req-1' },
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe('CONFLICT');
    expect(error.status).toBe(409);
    expect(error.requestId).toBe('req-1');
  });

  it.each([
    [400, 'VALIDATION_FAILED'],
    [401, 'UNAUTHORIZED'],
    [404, 'NOT_FOUND'],
    [429, 'RATE_LIMITED'],
    [502, 'SERVICE_UNAVAILABLE'],
    [500, 'INTERNAL_ERROR'],
    [418, 'INTERNAL_ERROR'],
  ])('falls back on the status %i → %s when the body is not the contract shape', (status, code) => {
    expect(apiErrorFromResponse(status, '<html>proxy error</html>').code).toBe(code);
  });

  it('does not trust an unknown code in an error body', () => {
    expect(apiErrorFromResponse(503, { error: { code: 'BOOM', message: 'x' } }).code).toBe(
      'SERVICE_UNAVAILABLE',
    );
  });
});

describe('errorMessageFor', () => {
  it('picks the Korean sentence of the code', () => {
    expect(errorMessageFor(new ApiError('NETWORK', 0, 'offline'))).toBe(messages.errors.codes.NETWORK);
  });

  it('has a sentence for anything else', () => {
    expect(errorMessageFor(new Error('x'))).toBe(messages.errors.unknown);
  });
});

describe('field errors', () => {
  it('keeps the failing fields of a 400 and a 409', () => {
    const error = apiErrorFromResponse(409, {
      error: {
        code: 'CONFLICT',
        message: 'taken',
        fields: [{ path: 'loginId', code: 'TAKEN', message: 'is taken' }],
      },
    });
    expect(error.fields).toEqual([{ path: 'loginId', code: 'TAKEN', message: 'is taken' }]);
    expect(apiErrorFromResponse(500, 'x').fields).toEqual([]);
  });
});
