import { uploadEndpoint } from '@hamkke/contract/routes';
import { endpointUrl } from '@hamkke/contract/route';
import { MAX_UPLOAD_BYTES, UPLOAD_FIELD, uploadResponseSchema } from '@hamkke/contract/common/files';
import { unwrapBody } from '@hamkke/contract/envelope';
import type { Photo } from '@hamkke/contract/mission/mission';
import { ApiError, apiErrorFromResponse, errorMessageFor } from './api-error.ts';
import { authHeaders, unauthorized } from './client.ts';
import { uploadMessages } from '@/shared/messages/missions.ts';

/**
 * The one photo upload of the web app (spec §5, §7): `common/upload` as multipart form data with one
 * photo in the field `file`, 60 s time-out (spec §9), the same Bearer and session headers as every
 * authenticated call. XMLHttpRequest, not fetch, because only it reports upload progress.
 */

export const UPLOAD_TIMEOUT_MS = 60_000;

/** What the browser knows about a picked file before sending it. */
export interface PickedFile {
  size: number;
  type: string;
}

/**
 * Refuses, before sending, what the server would refuse anyway: more than 10 MB, or a file the
 * browser itself calls something other than an image. An empty type (some HEIC photos) goes
 * through; the server judges the bytes.
 */
export function checkPhotoFile(file: PickedFile): ApiError | null {
  if (file.size > MAX_UPLOAD_BYTES) {
    return new ApiError('PAYLOAD_TOO_LARGE', 0, `photo of ${file.size} bytes is over the limit`);
  }
  if (file.type !== '' && !file.type.startsWith('image/')) {
    return new ApiError('UNSUPPORTED_MEDIA_TYPE', 0, `${file.type} is not an image`);
  }
  return null;
}

/** No answer within {@link UPLOAD_TIMEOUT_MS}: a network failure with its own sentence. */
export class UploadTimeoutError extends ApiError {
  constructor() {
    super('NETWORK', 0, `common/upload timed out after ${UPLOAD_TIMEOUT_MS} ms`);
  }
}

/** Reads the answer of a finished upload (not a 401): the stored photo, or the error it carries. */
export function readUploadResponse(status: number, responseText: string): Photo {
  let json: unknown;
  try {
    json = responseText === '' ? undefined : JSON.parse(responseText);
  } catch {
    json = undefined;
  }
  if (status < 200 || status >= 300) throw apiErrorFromResponse(status, json);
  const parsed = uploadResponseSchema.safeParse(unwrapBody(json));
  if (!parsed.success) throw new ApiError('INVALID_RESPONSE', status, 'unexpected upload response');
  return parsed.data.data;
}

/** The Korean sentence for a failed upload: size and type get their own, the rest the catalog's. */
export function uploadErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'PAYLOAD_TOO_LARGE') return uploadMessages.tooLarge;
    if (error.code === 'UNSUPPORTED_MEDIA_TYPE') return uploadMessages.unsupported;
    if (error instanceof UploadTimeoutError) return uploadMessages.timeout;
    if (error.code === 'NETWORK') return uploadMessages.network;
  }
  return errorMessageFor(error);
}

/**
 * Whether sending the same file again could work: a network failure, a time-out or a server hiccup
 * may pass next time; a file refused for what it is (too large, not a photo we accept) never will,
 * so it is not offered 다시 시도 — only removing it and picking another.
 */
export function isRetryableUpload(error: unknown): boolean {
  return !(
    error instanceof ApiError &&
    (error.code === 'PAYLOAD_TOO_LARGE' ||
      error.code === 'UNSUPPORTED_MEDIA_TYPE' ||
      error.code === 'VALIDATION_FAILED')
  );
}

export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

export interface UploadOptions {
  /** Called with the sent fraction, 0 to 1, as the bytes leave. */
  onProgress?: (fraction: number) => void;
  /** Aborting rejects with an `AbortError` DOMException. */
  signal?: AbortSignal;
  /** The file name sent with the part. */
  fileName?: string;
}

/** Sends one photo; resolves with the stored photo (`response.data`), rejects with an {@link ApiError}. */
export function uploadPhoto(file: Blob & PickedFile, options: UploadOptions = {}): Promise<Photo> {
  const { onProgress, signal, fileName = 'photo' } = options;
  const invalid = checkPhotoFile(file);
  if (invalid) return Promise.reject(invalid);
  const headers = authHeaders(uploadEndpoint);
  if (headers instanceof ApiError) return Promise.reject(headers);
  if (signal?.aborted) return Promise.reject(new DOMException('upload aborted', 'AbortError'));

  return new Promise<Photo>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const onAbortSignal = () => xhr.abort();
    const settle = () => signal?.removeEventListener('abort', onAbortSignal);

    xhr.open('POST', endpointUrl(uploadEndpoint));
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(1, event.loaded / event.total));
    };
    xhr.onload = () => {
      settle();
      if (xhr.status === 401) {
        reject(unauthorized('401 from common/upload'));
        return;
      }
      try {
        const photo = readUploadResponse(xhr.status, xhr.responseText);
        onProgress?.(1);
        resolve(photo);
      } catch (error) {
        const code = error instanceof ApiError ? error.code : 'unknown';
        console.error(`[api] common/upload: ${code} (${xhr.status})`);
        reject(error);
      }
    };
    xhr.onerror = () => {
      settle();
      console.error('[api] common/upload: no response');
      reject(new ApiError('NETWORK', 0, 'no response from common/upload'));
    };
    xhr.ontimeout = () => {
      settle();
      console.error('[api] common/upload: timed out');
      reject(new UploadTimeoutError());
    };
    xhr.onabort = () => {
      settle();
      reject(new DOMException('upload aborted', 'AbortError'));
    };
    signal?.addEventListener('abort', onAbortSignal, { once: true });

    const form = new FormData();
    form.append(UPLOAD_FIELD, file, fileName);
    xhr.send(form);
  });
}
