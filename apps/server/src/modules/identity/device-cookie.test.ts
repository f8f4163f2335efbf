import { describe, expect, it } from 'vitest';
import { createDeviceCookies, DEVICE_TTL_MS } from './device-cookie.ts';

describe('device cookie (decision 033)', () => {
  let now = new Date('2026-11-26T03:00:00Z');
  const devices = createDeviceCookies({ secret: 'a-test-secret-of-thirty-two-chars!', clock: () => now });
  const child = { id: 7, parentUserId: 3 };

  it('vouches for the child it names and for the children of the parent it names, nobody else', () => {
    const own = devices.read(devices.remember(undefined, { kind: 'c', userId: 7 }));
    expect(devices.vouching(own, child)?.userId).toBe(7);
    expect(devices.vouching(own, { id: 8, parentUserId: 3 })).toBeUndefined();
    const family = devices.read(devices.remember(undefined, { kind: 'f', userId: 3 }));
    expect(devices.vouching(family, child)?.kind).toBe('f');
    expect(devices.vouching(family, { id: 9, parentUserId: 4 })).toBeUndefined();
    expect(devices.vouching(family, { id: 9, parentUserId: null })).toBeUndefined();
  });

  it('renews a note with the same nonce, keeps the others, and holds at most six', () => {
    let cookie = devices.remember(undefined, { kind: 'c', userId: 7 });
    const first = devices.read(cookie)[0]!;
    now = new Date(now.getTime() + 1000);
    cookie = devices.remember(cookie, { kind: 'c', userId: 7 });
    const renewed = devices.read(cookie)[0]!;
    expect(renewed.nonce).toBe(first.nonce);
    expect(renewed.expiresAt).toBe(now.getTime() + DEVICE_TTL_MS);
    for (let id = 100; id < 110; id += 1) cookie = devices.remember(cookie, { kind: 'c', userId: id });
    const notes = devices.read(cookie);
    expect(notes.map((note) => note.userId)).toEqual([109, 108, 107, 106, 105, 104]);
  });

  it('ignores notes signed with another secret, altered, or expired', () => {
    const other = createDeviceCookies({ secret: 'another-secret-of-thirty-two-chars', clock: () => now });
    expect(devices.read(other.remember(undefined, { kind: 'c', userId: 7 }))).toEqual([]);
    const cookie = devices.remember(undefined, { kind: 'c', userId: 7 });
    expect(devices.read(cookie.replace(/^c7\./, 'c8.'))).toEqual([]);
    expect(devices.read(`${cookie}~garbage`)).toHaveLength(1);
    now = new Date(now.getTime() + DEVICE_TTL_MS);
    expect(devices.read(cookie)).toEqual([]);
  });
});
