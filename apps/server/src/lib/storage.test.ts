import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalDiskStorage } from './storage.ts';

describe('local disk storage', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'hamkke-storage-'));
  const storage = createLocalDiskStorage(root);
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('stores, reads and removes by server-made key, and hands out its URL', async () => {
    await storage.put('AbCdEfGh12345678.jpg', Buffer.from('photo'), 'image/jpeg');
    expect((await storage.read('AbCdEfGh12345678.jpg'))?.toString()).toBe('photo');
    expect(storage.urlFor('AbCdEfGh12345678.jpg')).toBe('/v1/files/AbCdEfGh12345678.jpg');
    await storage.remove('AbCdEfGh12345678.jpg');
    expect(await storage.read('AbCdEfGh12345678.jpg')).toBeNull();
  });

  it.each(['../../etc/passwd', '..%2f..%2fsecret.jpg', 'a/b.jpg', 'short.jpg', 'AbCdEfGh12345678.php'])(
    'never lets %s reach the filesystem',
    async (key) => {
      expect(await storage.read(key)).toBeNull();
      await expect(storage.put(key, Buffer.from('x'), 'image/jpeg')).rejects.toThrow('unsafe storage key');
    },
  );
});
