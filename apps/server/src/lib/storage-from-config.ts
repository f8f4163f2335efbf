import type { Config } from '../config.ts';
import { createS3Storage } from './s3-storage.ts';
import { createLocalDiskStorage, type FileStorage } from './storage.ts';

/** The photo storage the configuration names: its S3 bucket, or the local upload folder. */
export function storageFromConfig(config: Pick<Config, 's3' | 'uploadDir'>): FileStorage {
  return config.s3 ? createS3Storage(config.s3) : createLocalDiskStorage(config.uploadDir);
}
