import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import type { VapidKeys } from '../config.ts';

/**
 * Outside production, without VAPID_* set: a key pair made once and kept beside the uploads
 * (`data/vapid-development.json`), so browsers' subscriptions outlive a restart (decision 047).
 */
export function developmentVapidKeys(uploadDir: string): VapidKeys {
  const file = path.join(path.dirname(uploadDir), 'vapid-development.json');
  try {
    const kept = JSON.parse(fs.readFileSync(file, 'utf8')) as VapidKeys;
    if (kept.publicKey && kept.privateKey) return { publicKey: kept.publicKey, privateKey: kept.privateKey };
  } catch {
    // None kept yet (or unreadable): make a new pair.
  }
  const keys = webpush.generateVAPIDKeys();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(keys, null, 2), { mode: 0o600 });
  return keys;
}
