import { describe, expect, it } from 'vitest';
import { messages } from '../messages.ts';
import { ApiError } from './api-error.ts';
import {
  checkPhotoFile,
  isRetryableUpload,
  readUploadResponse,
  uploadErrorMessage,
  UploadTimeoutError,
} from './upload.ts';
import { uploadMessages } from '@/shared/messages/missions.ts';

const photo = {
  fileId: 'abcdefghijklmnop1234',
  url: '/files/a.webp',
  thumbnailUrl: '/files/a-thumb.webp',
  width: 640,
  height: 480,
};

describe('photo checks before sending', () => {
  it('refuses more than 10 MB and files that are not images', () => {
    expect(checkPhotoFile({ size: 10 * 1024 * 1024 + 1, type: 'image/jpeg' })?.code).toBe(
      'PAYLOAD_TOO_LARGE',
    );
    expect(checkPhotoFile({ size: 100, type: 'application/pdf' })?.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(checkPhotoFile({ size: 10 * 1024 * 1024, type: 'image/heic' })).toBeNull();
    // Some phones give HEIC photos no type at all: the server judges the bytes.
    expect(checkPhotoFile({ size: 100, type: '' })).toBeNull();
  });
});

describe('reading the upload answer', () => {
  it('returns response.data', () => {
    expect(readUploadResponse(200, JSON.stringify({ response: { data: photo } }))).toEqual(photo);
  });

  it('turns error bodies and bare statuses into coded errors', () => {
    const body = JSON.stringify({ error: { code: 'PAYLOAD_TOO_LARGE', message: 'too big' } });
    expect(() => readUploadResponse(413, body)).toThrow(
      expect.objectContaining({ code: 'PAYLOAD_TOO_LARGE' }),
    );
    expect(() => readUploadResponse(415, '<html>')).toThrow(
      expect.objectContaining({ code: 'UNSUPPORTED_MEDIA_TYPE' }),
    );
    expect(() => readUploadResponse(200, '{"response":{"data":{}}}')).toThrow(
      expect.objectContaining({ code: 'INVALID_RESPONSE' }),
    );
  });
});

describe('upload error sentences', () => {
  it('says what happened and what to do', () => {
    expect(uploadErrorMessage(new ApiError('PAYLOAD_TOO_LARGE', 413, 'x'))).toBe(uploadMessages.tooLarge);
    expect(uploadErrorMessage(new ApiError('UNSUPPORTED_MEDIA_TYPE', 415, 'x'))).toBe(
      uploadMessages.unsupported,
    );
    expect(uploadErrorMessage(new UploadTimeoutError())).toBe(uploadMessages.timeout);
    expect(uploadErrorMessage(new ApiError('NETWORK', 0, 'x'))).toBe(uploadMessages.network);
    expect(uploadErrorMessage(new ApiError('RATE_LIMITED', 429, 'x'))).toBe(
      messages.errors.codes.RATE_LIMITED,
    );
    expect(uploadErrorMessage('strange')).toBe(messages.errors.unknown);
  });
});

describe('which failed uploads are offered 다시 시도 (issue 25 item 6)', () => {
  it('never a file refused for what it is; a network failure or time-out, yes', () => {
    expect(isRetryableUpload(new ApiError('UNSUPPORTED_MEDIA_TYPE', 415, 'not an image'))).toBe(false);
    expect(isRetryableUpload(new ApiError('PAYLOAD_TOO_LARGE', 413, 'too big'))).toBe(false);
    expect(isRetryableUpload(checkPhotoFile({ size: 100, type: 'text/plain' }))).toBe(false);
    expect(isRetryableUpload(new ApiError('NETWORK', 0, 'offline'))).toBe(true);
    expect(isRetryableUpload(new UploadTimeoutError())).toBe(true);
    expect(isRetryableUpload(new ApiError('INTERNAL_ERROR', 500, 'oops'))).toBe(true);
  });
});
