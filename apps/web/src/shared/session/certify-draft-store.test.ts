import type { Photo } from '@hamkke/contract/mission/mission';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readCertifyDraft, saveCertifyDraft } from './certify-draft-store.ts';
import { discardCertifyDrafts } from './certify-drafts.ts';

const photo: Photo = {
  fileId: 'f1',
  url: '/files/a.jpg',
  thumbnailUrl: '/files/a_t.jpg',
  width: 800,
  height: 600,
};

describe('certification drafts kept on the device (issue 25)', () => {
  beforeEach(() => {
    const items = new Map<string, string>();
    vi.stubGlobal('window', {
      localStorage: {
        getItem: (key: string) => items.get(key) ?? null,
        setItem: (key: string, value: string) => void items.set(key, value),
        removeItem: (key: string) => void items.delete(key),
      },
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('gives a draft back to its writer, for its mission and day only', () => {
    saveCertifyDraft('7', 'm1', { day: '2026-11-26', html: '<p>책을 읽었어요</p>', photos: [photo] });
    expect(readCertifyDraft('7', 'm1', '2026-11-26')).toEqual({
      day: '2026-11-26',
      html: '<p>책을 읽었어요</p>',
      photos: [photo],
    });
    expect(readCertifyDraft('8', 'm1', '2026-11-26')).toBeNull();
    expect(readCertifyDraft('7', 'm2', '2026-11-26')).toBeNull();
    expect(readCertifyDraft('7', 'm1', '2026-11-27')).toBeNull();
  });

  it('drops an empty draft, drafts of other days, and all of a person at logout', () => {
    saveCertifyDraft('7', 'm1', { day: '2026-11-25', html: '<p>어제</p>', photos: [] });
    saveCertifyDraft('7', 'm2', { day: '2026-11-26', html: '<p>오늘</p>', photos: [] });
    expect(readCertifyDraft('7', 'm1', '2026-11-25')).toBeNull();
    saveCertifyDraft('7', 'm3', { day: '2026-11-26', html: '', photos: [] });
    expect(readCertifyDraft('7', 'm3', '2026-11-26')).toBeNull();
    expect(readCertifyDraft('7', 'm2', '2026-11-26')?.html).toBe('<p>오늘</p>');
    saveCertifyDraft('8', 'm2', { day: '2026-11-26', html: '<p>다른 사람</p>', photos: [] });
    discardCertifyDrafts('7');
    expect(readCertifyDraft('7', 'm2', '2026-11-26')).toBeNull();
    expect(readCertifyDraft('8', 'm2', '2026-11-26')?.html).toBe('<p>다른 사람</p>');
  });

  it('ignores a tampered entry', () => {
    window.localStorage.setItem(
      'hamkke.certifyDrafts.7',
      JSON.stringify({ m1: { day: '2026-11-26', html: 1, photos: [] } }),
    );
    expect(readCertifyDraft('7', 'm1', '2026-11-26')).toBeNull();
  });
});
