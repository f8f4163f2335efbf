import { describe, expect, it } from 'vitest';
import { plainText, sanitizeRichText } from './rich-text.ts';

describe('rich text', () => {
  it('keeps the allow-listed markup and drops every attribute', () => {
    expect(sanitizeRichText('<p class="x" onclick="alert(1)">오늘 <strong>완료</strong>!</p>')).toBe(
      '<p>오늘 <strong>완료</strong>!</p>',
    );
  });

  it.each([
    ['<script>alert(1)</script><p>안녕</p>', '<p>안녕</p>'],
    ['<img src=x onerror=alert(1)>사진', '사진'],
    ['<a href="javascript:alert(1)">링크</a>', '링크'],
    ['<iframe src="https://evil"></iframe>끝', '끝'],
    ['<p style="background:url(x)">스타일</p>', '<p>스타일</p>'],
    ['<svg><script>alert(1)</script></svg>텍스트', '텍스트'],
  ])('removes dangerous markup from %s', (input, expected) => {
    expect(sanitizeRichText(input)).toBe(expected);
  });

  it('drops NUL and other control characters, raw or as character references', () => {
    expect(sanitizeRichText('<p>a\u0000b\u0001c\u001bd\u007fe\u0085f&#1;g&#x1b;h\ti\nj</p>')).toBe(
      '<p>abcdefgh\ti\nj</p>',
    );
    expect(plainText('<p>물\u0000 마시기</p>')).toBe('물 마시기');
  });

  it('reads the visible text for limits and word checks', () => {
    expect(plainText('<p>물 <strong>2리터</strong></p><p>마셨어요&nbsp;&amp; 산책</p>')).toBe(
      '물 2리터 마셨어요 & 산책',
    );
    expect(plainText('<p></p><br>')).toBe('');
  });
});
