import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { cardSvg, clip, createCardCache, escapeXml, type CardContent } from './share-card.ts';

const card: CardContent = {
  emoji: '🌳',
  title: '하늘네 <3기> & "도전단"',
  lines: ['21일 가족 건강 챌린지 3기', '12월 1일 ~ 12월 21일 · 3자리 남았어요'],
  footer: '하늘맘님이 초대했어요 · 함께미션',
};

describe('share cards', () => {
  it("writes people's text into the SVG as text", () => {
    const svg = cardSvg(card);
    expect(svg).toContain('하늘네 &lt;3기&gt; &amp; &quot;도전단&quot;');
    expect(svg).not.toContain('<3기>');
    expect(escapeXml(`'a'`)).toBe('&apos;a&apos;');
  });

  it('cuts long text by characters, with an ellipsis', () => {
    expect(clip('가나다라마', 3)).toBe('가나…');
    expect(clip('가나다', 3)).toBe('가나다');
    // An emoji of two UTF-16 units is one character.
    expect(clip('🌳🌳🌳', 2)).toBe('🌳…');
  });

  it('draws a 1200×630 PNG once per content, least recently used dropped first', async () => {
    const cache = createCardCache({ max: 2 });
    const first = await cache.get(card);
    expect(first.cached).toBe(false);
    expect(await sharp(first.png).metadata()).toMatchObject({ format: 'png', width: 1200, height: 630 });
    expect((await cache.get({ ...card })).cached).toBe(true);
    await cache.get({ ...card, title: '둘' });
    await cache.get(card);
    await cache.get({ ...card, title: '셋' });
    // '둘' was the least recently used: drawn again.
    expect((await cache.get({ ...card, title: '둘' })).cached).toBe(false);
    expect(cache.stats.drawn).toBe(4);
  });
});
