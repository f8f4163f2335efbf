import { describe, expect, it } from 'vitest';
import { sharedDayFrom } from './shared-rules.ts';

const uuid = '3f2a9c1e-8d4b-4c1a-9e2f-5b6a7c8d9e0f';

describe('reading a shared link', () => {
  it('accepts a uuid and a real day, with or without a challenge', () => {
    expect(sharedDayFrom({ uuid, date: '2026-11-20' })).toEqual({ uuid, date: '2026-11-20' });
    expect(sharedDayFrom({ uuid, date: '2026-11-20', challengeId: '7' })).toEqual({
      uuid,
      date: '2026-11-20',
      challengeId: '7',
    });
  });

  it('refuses what cannot name a shared day', () => {
    expect(sharedDayFrom({ uuid: '3f2a9c1e-uuid', date: '2026-11-20' })).toBeNull();
    expect(sharedDayFrom({ uuid, date: '2026-02-30' })).toBeNull();
    expect(sharedDayFrom({ uuid, date: '20261120' })).toBeNull();
    expect(sharedDayFrom({ uuid, date: '2026-11-20', challengeId: 'abc' })).toBeNull();
    expect(sharedDayFrom({})).toBeNull();
  });
});
