import { describe, expect, it } from 'vitest';
import { popupLink, viewFor } from './popup-views.ts';

/** The app checks an operator's link again before it navigates (issue 26 item 4). */
describe("a page popup's link", () => {
  it.each([
    '/\\evil.example',
    '//evil.example',
    '/\\/evil.example',
    'javascript:alert(1)',
    'http://evil.example',
    'https://hamkke.kr@evil.example',
    'https:evil.example',
    ' /home',
  ])('is not shown for %j', (linkUrl) => {
    expect(popupLink(linkUrl)).toBeUndefined();
    expect(viewFor('page', { title: 't', body: 'b', linkUrl })?.link).toBeUndefined();
  });

  it('goes in the app for an in-app path, and opens an https address as external', () => {
    expect(popupLink('/home')).toEqual({ href: '/home', external: false });
    expect(popupLink('/challenge?tab=1')).toEqual({ href: '/challenge?tab=1', external: false });
    expect(popupLink('https://ok.example/a')).toEqual({ href: 'https://ok.example/a', external: true });
    expect(popupLink(null)).toBeUndefined();
  });
});
