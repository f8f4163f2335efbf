import { errorCodes } from '@hamkke/contract/envelope';
import { describe, expect, it } from 'vitest';
import { messages } from './messages.ts';

const HANGUL = /[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]/;

/** Source files without their comments: Korean may explain a rule, but UI text lives in the catalog (messages.ts and its per-domain parts in messages/). */
const sources = import.meta.glob<string>(
  ['../**/*.{ts,tsx}', '!../**/*.test.ts', '!./messages.ts', '!./messages/**'],
  {
    query: '?raw',
    import: 'default',
    eager: true,
  },
);

function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

describe('message catalog', () => {
  it('is the only source file with Korean text', () => {
    const files = Object.keys(sources);
    expect(files.length).toBeGreaterThan(20);
    const offenders = files.filter((file) => HANGUL.test(withoutComments(sources[file] ?? '')));
    expect(offenders).toEqual([]);
  });

  it('has a Korean sentence for every error code of the contract, plus the client ones', () => {
    for (const code of [...errorCodes, 'NETWORK', 'INVALID_RESPONSE'] as const) {
      expect(messages.errors.codes[code]).toMatch(HANGUL);
    }
  });

  it('keeps the loading overlay texts of the spec', () => {
    expect(messages.loading.title).toBe('Loading...');
    expect(messages.loading.description).toBe('데이터를 불러오는 중입니다. 잠시만 기다려 주세요.');
  });

  it("has the five invite messages of the spec, the closed-recruiting and the no-such-team ones, each the tapper's own", () => {
    const { title: _title, ...reasons } = messages.invite;
    expect(Object.keys(reasons)).toHaveLength(7);
    // Worded for the person who tapped the link, not for the inviter.
    for (const text of Object.values(reasons)) expect(text).not.toMatch(/초대할 수 없어요|초대하는 기간/);
    expect(new Set(Object.values(reasons)).size).toBe(7);
  });
});
