import { describe, expect, it } from 'vitest';
import { adminPopupCreateEndpoint } from '../admin/popups.ts';
import { operatorLinkSchema, operatorLinkTarget } from './operator-link.ts';

const refused = [
  '/\\evil.example',
  '/\\/evil.example',
  '//evil.example',
  '///evil.example',
  '\\\\evil.example',
  'javascript:alert(1)',
  'JAVASCRIPT:alert(1)',
  ' javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'http://evil.example',
  'https:evil.example',
  'https:/evil.example',
  'https:\\\\evil.example',
  'https://',
  'https://hamkke.kr@evil.example/',
  'https://user:pass@evil.example/',
  'https://evil.example\\@hamkke.kr',
  '/home\nx',
  '/ho\tme',
  '/home\u0000',
  'home',
  '.',
  '',
  `/${'a'.repeat(500)}`,
];

const accepted: [string, boolean][] = [
  ['/', false],
  ['/home', false],
  ['/challenge?tab=1#top', false],
  ['/my/rewardHistory', false],
  ['https://ok.example', true],
  ['https://ok.example/path?q=1', true],
  ['https://hamkke.kr/notice/3', true],
];

describe("an operator's link", () => {
  it.each(refused)('refuses %j', (value) => {
    expect(operatorLinkTarget(value)).toBeNull();
    expect(operatorLinkSchema.safeParse(value).success).toBe(false);
  });

  it.each(accepted)('takes %j (external: %s)', (value, external) => {
    expect(operatorLinkTarget(value)).toEqual({ href: value, external });
    expect(operatorLinkSchema.parse(value)).toBe(value);
  });

  it('is optional: null or left out means no link', () => {
    expect(operatorLinkSchema.parse(null)).toBeNull();
    expect(operatorLinkSchema.parse(undefined)).toBeNull();
    expect(operatorLinkTarget(null)).toBeNull();
    expect(operatorLinkTarget(undefined)).toBeNull();
  });

  it("is the popup's link rule, with the field named", () => {
    const popup = {
      title: 't',
      content: 'c',
      startsAt: '2026-11-20T00:00:00Z',
      endsAt: '2026-11-21T00:00:00Z',
    };
    const parsed = adminPopupCreateEndpoint.request.safeParse({ ...popup, linkUrl: '/\\evil.example' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path)).toEqual([['linkUrl']]);
    expect(adminPopupCreateEndpoint.request.parse({ ...popup, linkUrl: ' /home ' }).linkUrl).toBe('/home');
  });
});
