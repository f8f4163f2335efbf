import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../lib/clock.ts';

/**
 * OWASP's device cookie (decision 033): a browser where a child, or their parent, has signed in
 * carries a signed note of it. A children-login attempt presenting a valid note for that child is
 * counted in the note's own bucket, never in the per-id lock strangers can fill.
 */
export const DEVICE_COOKIE = 'loginDevice';

/** A note lives 90 days from the sign-in that wrote it; every later sign-in there renews it. */
export const DEVICE_TTL_MS = 90 * 24 * 60 * 60 * 1000;

/** One browser keeps notes for this many people (siblings on one tablet, a parent); oldest go first. */
const MAX_ENTRIES = 6;

/** Whom a note names: a child (`c`), or a parent whose children it covers (`f`, the family). */
export type DeviceSubject = { kind: 'c' | 'f'; userId: number };

export interface DeviceEntry extends DeviceSubject {
  expiresAt: number;
  /** Random per browser and person: the key of this device's own failure bucket. */
  nonce: string;
}

const ENTRY = /^([cf])(\d{1,15})\.(\d{1,15})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

export function createDeviceCookies(deps: { secret: string; clock: Clock }) {
  const { secret, clock } = deps;

  const sign = (body: string) => createHmac('sha256', secret).update(`login-device:v1|${body}`).digest();
  const bodyOf = (entry: DeviceEntry) => `${entry.kind}${entry.userId}.${entry.expiresAt}.${entry.nonce}`;
  const encode = (entry: DeviceEntry) => `${bodyOf(entry)}.${sign(bodyOf(entry)).toString('base64url')}`;

  function verified(text: string, now: number): DeviceEntry | null {
    const match = ENTRY.exec(text);
    if (!match) return null;
    const entry: DeviceEntry = {
      kind: match[1] as 'c' | 'f',
      userId: Number(match[2]),
      expiresAt: Number(match[3]),
      nonce: match[4]!,
    };
    const given = Buffer.from(match[5]!, 'base64url');
    const expected = sign(bodyOf(entry));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return entry.expiresAt > now ? entry : null;
  }

  /** The cookie's notes whose signature holds and which have not expired; anything else is ignored. */
  function read(cookie: string | undefined): DeviceEntry[] {
    if (!cookie || cookie.length > 2000) return [];
    const now = clock().getTime();
    return cookie
      .split('~')
      .slice(0, MAX_ENTRIES)
      .map((text) => verified(text, now))
      .filter((entry): entry is DeviceEntry => entry !== null);
  }

  return {
    read,
    /** The note among `notes` (from `read`) that vouches for this child (their own, or their parent's). */
    vouching(notes: readonly DeviceEntry[], child: { id: number; parentUserId: number | null }) {
      return notes.find(
        (entry) =>
          (entry.kind === 'c' && entry.userId === child.id) ||
          (entry.kind === 'f' && child.parentUserId !== null && entry.userId === child.parentUserId),
      );
    },
    /**
     * The cookie after `subject` signed in on this browser: their note renewed for 90 days (same
     * bucket) or added, the others kept.
     */
    remember(cookie: string | undefined, subject: DeviceSubject): string {
      const notes = read(cookie);
      const same = (entry: DeviceEntry) => entry.kind === subject.kind && entry.userId === subject.userId;
      const renewed: DeviceEntry = {
        ...subject,
        expiresAt: clock().getTime() + DEVICE_TTL_MS,
        nonce: notes.find(same)?.nonce ?? randomBytes(16).toString('base64url'),
      };
      return [renewed, ...notes.filter((entry) => !same(entry))].slice(0, MAX_ENTRIES).map(encode).join('~');
    },
  };
}
export type DeviceCookies = ReturnType<typeof createDeviceCookies>;
