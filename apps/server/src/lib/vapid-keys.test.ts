import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { developmentVapidKeys } from './vapid-keys.ts';

describe('the development VAPID keys (decision 047)', () => {
  it('are made once and kept beside the uploads, so subscriptions outlive a restart', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hamkke-vapid-'));
    try {
      const uploads = path.join(dir, 'uploads');
      const first = developmentVapidKeys(uploads);
      expect(first.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
      expect(first.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(developmentVapidKeys(uploads)).toEqual(first);
      expect(fs.statSync(path.join(dir, 'vapid-development.json')).mode & 0o077).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
