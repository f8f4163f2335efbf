import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { assertSafeKey, LOCAL_FILES_PREFIX, type FileStorage } from './storage.ts';

export interface S3StorageOptions {
  endpoint: string | null;
  region: string;
  bucket: string;
  accessKeyId: string | null;
  secretAccessKey: string | null;
  /** MinIO, s3rver and most self-hosted stores want `http://host/bucket/key` paths. */
  forcePathStyle: boolean;
  /** Connect and answer time-out of each call (default 5 s); a hung store fails the call. */
  timeoutMs?: number;
}

/**
 * Photos in an S3-compatible bucket under server-made keys. The app keeps serving them at
 * `/v1/files/<key>` (decision 009): the server reads the object and answers it with the same
 * headers as from disk, so URLs, caching and the page's image policy do not depend on the store.
 */
export function createS3Storage(options: S3StorageOptions): FileStorage & { client: S3Client } {
  const client = new S3Client({
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    // A store that hangs or errs costs an upload at most two tries of `timeoutMs` each (decision 044).
    maxAttempts: 2,
    requestHandler: {
      connectionTimeout: options.timeoutMs ?? 5000,
      requestTimeout: options.timeoutMs ?? 5000,
      socketTimeout: options.timeoutMs ?? 5000,
      // Without it the SDK only logs a warning when `requestTimeout` passes and keeps waiting.
      throwOnRequestTimeout: true,
    },
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.accessKeyId && options.secretAccessKey
      ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
      : {}),
  });
  return {
    client,
    async put(key, body, contentType) {
      assertSafeKey(key);
      await client.send(
        new PutObjectCommand({ Bucket: options.bucket, Key: key, Body: body, ContentType: contentType }),
      );
    },
    async read(key) {
      try {
        assertSafeKey(key);
      } catch {
        return null;
      }
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: options.bucket, Key: key }));
        if (!object.Body) return null;
        return Buffer.from(await object.Body.transformToByteArray());
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return null;
        throw error;
      }
    },
    async remove(key) {
      assertSafeKey(key);
      // Deleting a missing object succeeds in S3: removal is safe to repeat.
      await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: key }));
    },
    urlFor: (key) => `${LOCAL_FILES_PREFIX}/${key}`,
    async *list() {
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: options.bucket, ContinuationToken: token }),
        );
        for (const object of page.Contents ?? []) {
          if (object.Key) yield { key: object.Key, modifiedAt: object.LastModified ?? new Date(0) };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}
