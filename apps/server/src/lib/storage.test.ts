import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3rver } from '../../test/s3.ts';
import { createS3Storage } from './s3-storage.ts';
import { createLocalDiskStorage, type FileStorage } from './storage.ts';

/** One contract, two stores: local disk and a real S3-protocol server (s3rver). */
const stores: [string, () => Promise<{ storage: FileStorage; close: () => Promise<void> }>][] = [
  [
    'local disk',
    async () => {
      const root = fs.mkdtempSync(path.join(os.tmpdir(), 'hamkke-storage-'));
      return {
        storage: createLocalDiskStorage(root),
        close: async () => fs.rmSync(root, { recursive: true, force: true }),
      };
    },
  ],
  [
    'S3 (s3rver)',
    async () => {
      const s3 = await startS3rver();
      const storage = createS3Storage(s3.options);
      return {
        storage,
        close: async () => {
          storage.client.destroy();
          await s3.close();
        },
      };
    },
  ],
];

describe.each(stores)('photo storage on %s', (_name, open) => {
  let storage: FileStorage;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ storage, close } = await open());
  });
  afterAll(() => close());

  it('stores, reads and removes by server-made key, and hands out its URL', async () => {
    await storage.put('AbCdEfGh12345678.jpg', Buffer.from('photo'), 'image/jpeg');
    expect((await storage.read('AbCdEfGh12345678.jpg'))?.toString()).toBe('photo');
    expect(storage.urlFor('AbCdEfGh12345678.jpg')).toBe('/v1/files/AbCdEfGh12345678.jpg');
    await storage.remove('AbCdEfGh12345678.jpg');
    expect(await storage.read('AbCdEfGh12345678.jpg')).toBeNull();
    // Removing again is fine; reading what was never stored is null.
    await storage.remove('AbCdEfGh12345678.jpg');
    expect(await storage.read('NeverStored00000.webp')).toBeNull();
  });

  it('lists what it holds with when each was written', async () => {
    const before = Date.now() - 60_000;
    await storage.put('ListedKey0000001.jpg', Buffer.from('a'), 'image/jpeg');
    await storage.put('ListedKey0000001_t.webp', Buffer.from('b'), 'image/webp');
    const listed = [];
    for await (const object of storage.list()) listed.push(object);
    const mine = listed.filter((object) => object.key.startsWith('ListedKey'));
    expect(mine.map((object) => object.key).sort()).toEqual([
      'ListedKey0000001.jpg',
      'ListedKey0000001_t.webp',
    ]);
    for (const object of mine) expect(object.modifiedAt.getTime()).toBeGreaterThan(before);
  });

  it('streams a photo, and keeps archives apart from the photos it lists (decision 040)', async () => {
    const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, index) => (index * 7) % 256));
    await storage.put('Streamed00000001.webp', bytes, 'image/webp');
    const chunks: Buffer[] = [];
    for await (const chunk of (await storage.readStream('Streamed00000001.webp'))!)
      chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
    expect(await storage.readStream('NeverStored00000.webp')).toBeNull();
    expect(await storage.readStream('../escape.webp')).toBeNull();

    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'hamkke-archive-')), 'a.zip');
    fs.writeFileSync(file, bytes);
    expect(await storage.archives.putFile('Archive000000001.zip', file)).toBe(bytes.length);
    const read: Buffer[] = [];
    for await (const chunk of (await storage.archives.read('Archive000000001.zip'))!)
      read.push(chunk as Buffer);
    expect(Buffer.concat(read).equals(bytes)).toBe(true);
    const listed: string[] = [];
    for await (const object of storage.list()) listed.push(object.key);
    expect(listed.some((key) => key.includes('Archive000000001'))).toBe(false);
    await expect(storage.archives.putFile('../escape.zip', file)).rejects.toThrow('unsafe archive key');
    await storage.archives.remove('Archive000000001.zip');
    expect(await storage.archives.read('Archive000000001.zip')).toBeNull();
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  });

  it('keeps binary bodies byte for byte', async () => {
    const bytes = Buffer.from(Array.from({ length: 4096 }, (_, index) => (index * 31) % 256));
    await storage.put('Binary0000000001.webp', bytes, 'image/webp');
    expect((await storage.read('Binary0000000001.webp'))?.equals(bytes)).toBe(true);
  });

  it.each(['../../etc/passwd', '..%2f..%2fsecret.jpg', 'a/b.jpg', 'short.jpg', 'AbCdEfGh12345678.php'])(
    'never lets %s reach the store',
    async (key) => {
      expect(await storage.read(key)).toBeNull();
      await expect(storage.put(key, Buffer.from('x'), 'image/jpeg')).rejects.toThrow('unsafe storage key');
    },
  );
});
