import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3StorageOptions } from '../src/lib/s3-storage.ts';

/**
 * A real S3-protocol server for tests: s3rver, in-process, on a random port and a temporary folder,
 * with one bucket. Its fixed credentials are S3RVER / S3RVER.
 */
export async function startS3rver(bucket = 'hamkke-photos') {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'hamkke-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const address = await server.run();
  const options: S3StorageOptions = {
    endpoint: `http://127.0.0.1:${address.port}`,
    region: 'us-east-1',
    bucket,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  return {
    options,
    directory,
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
