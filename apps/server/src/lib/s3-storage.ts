import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import {
  ARCHIVE_PREFIX,
  assertSafeArchiveKey,
  assertSafeKey,
  LOCAL_FILES_PREFIX,
  type FileStorage,
} from './storage.ts';

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
  async function getStream(key: string): Promise<Readable | null> {
    try {
      const object = await client.send(new GetObjectCommand({ Bucket: options.bucket, Key: key }));
      if (!object.Body) return null;
      return object.Body instanceof Readable
        ? object.Body
        : Readable.fromWeb(object.Body.transformToWebStream() as never);
    } catch (error) {
      if (error instanceof NoSuchKey) return null;
      if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return null;
      throw error;
    }
  }

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
    async ping() {
      // The bucket exists and these credentials reach it; a probe gives up on its own time-out.
      await client.send(new HeadBucketCommand({ Bucket: options.bucket }), {
        abortSignal: AbortSignal.timeout(2000),
      });
    },
    readStream: (key) => {
      try {
        assertSafeKey(key);
      } catch {
        return Promise.resolve(null);
      }
      return getStream(key);
    },
    archives: {
      async putFile(key, filePath) {
        assertSafeArchiveKey(key);
        const { size } = await stat(filePath);
        // A known length and checksum let one PUT stream the file: nothing of it is held in memory,
        // and the SDK sends the checksum as a header instead of wrapping the body in aws-chunked
        // frames with a trailer (which S3-compatible stores such as s3rver would keep as data).
        let crc = 0;
        for await (const chunk of createReadStream(filePath)) crc = crc32(chunk as Buffer, crc);
        const checksum = Buffer.alloc(4);
        checksum.writeUInt32BE(crc >>> 0);
        await client.send(
          new PutObjectCommand({
            Bucket: options.bucket,
            Key: ARCHIVE_PREFIX + key,
            Body: createReadStream(filePath),
            ContentLength: size,
            ContentType: 'application/zip',
            ChecksumCRC32: checksum.toString('base64'),
          }),
        );
        return size;
      },
      read(key) {
        try {
          assertSafeArchiveKey(key);
        } catch {
          return Promise.resolve(null);
        }
        return getStream(ARCHIVE_PREFIX + key);
      },
      async remove(key) {
        assertSafeArchiveKey(key);
        await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: ARCHIVE_PREFIX + key }));
      },
    },
    async *list() {
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: options.bucket, ContinuationToken: token }),
        );
        for (const object of page.Contents ?? []) {
          // Archives (exports/…) are not photos: the orphan sweep must never see them.
          if (object.Key && !object.Key.startsWith(ARCHIVE_PREFIX))
            yield { key: object.Key, modifiedAt: object.LastModified ?? new Date(0) };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}
