import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.resetModules();
});

/** Issue 27 item 3: spec §8's missing-key error is logged at start-up, once, not at every share. */
describe('the missing Kakao key', () => {
  it('is logged once however often start-up asks', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { reportMissingKakaoKey } = await import('./kakao-key-check.ts');
    expect(reportMissingKakaoKey(null)).toBe(true);
    expect(reportMissingKakaoKey(null)).toBe(false);
    expect(errors).toHaveBeenCalledTimes(1);
    expect(String(errors.mock.calls[0]![0])).toContain('Kakao JS key is not configured');
  });

  it('is not logged when a key is configured', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { reportMissingKakaoKey } = await import('./kakao-key-check.ts');
    expect(reportMissingKakaoKey('js-key')).toBe(false);
    expect(errors).not.toHaveBeenCalled();
  });

  it('is not logged again by a share: the link is copied without a console error', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { shareLink } = await import('./share.ts');
    const link = { title: 't', text: 'x', url: 'https://example.test/mission/shared/u/2026-11-20' };
    expect(await shareLink(link)).toBe('copied');
    expect(await shareLink(link)).toBe('copied');
    expect(writeText).toHaveBeenCalledWith(link.url);
    expect(errors).not.toHaveBeenCalled();
  });
});
